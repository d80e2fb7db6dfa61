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
  // IRDL binds one type per variadic group, so the buffers a fused node yields are grouped by type
  // into up to 8 groups (results in group order, sizes in `resultSegmentSizes`, 8 entries).
  irdl.operation @fused {
    %res0 = irdl.any
    %res1 = irdl.any
    %res2 = irdl.any
    %res3 = irdl.any
    %res4 = irdl.any
    %res5 = irdl.any
    %res6 = irdl.any
    %res7 = irdl.any
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    irdl.results(res0: variadic %res0, res1: variadic %res1, res2: variadic %res2, res3: variadic %res3, res4: variadic %res4, res5: variadic %res5, res6: variadic %res6, res7: variadic %res7)
    irdl.regions(body: %body)
    irdl.attributes { "name" = %name }
  }
}
