// The sched dialect: Inductor's scheduler. A sched.node wraps one ind op (SchedulerNode, or an
// ExternKernelSchedulerNode when it wraps ind.extern) and carries its MemoryDeps as attributes; a
// sched.fused holds the sched.nodes of one FusedSchedulerNode. docs/dialects/sched.md has the details.
irdl.dialect @sched {
  irdl.operation @node {
    %res = irdl.any
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    %kind = irdl.base "#builtin.string"
    irdl.results(res: variadic %res)
    irdl.regions(body: %body)
    irdl.attributes { "name" = %name, "kind" = %kind }
  }
  irdl.operation @fused {
    %res = irdl.any
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    irdl.results(res: variadic %res)
    irdl.regions(body: %body)
    irdl.attributes { "name" = %name }
  }
}
