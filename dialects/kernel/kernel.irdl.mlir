// The kernel dialect: one kernel per fused scheduler node plus the host wrapper.
// docs/dialects/kernel.md has the details.
irdl.dialect @kernel {
  // A kernel: its body region takes the buffers (memrefs) it reads and writes.
  irdl.operation @def {
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    irdl.regions(body: %body)
    irdl.attributes { "sym_name" = %name }
  }
  // Host wrapper: launch kernel `kernel` on `args`.
  irdl.operation @launch {
    %args = irdl.any
    %kernel = irdl.base "#builtin.symbol_ref"
    irdl.operands(args: variadic %args)
    irdl.attributes { "kernel" = %kernel }
  }
}
