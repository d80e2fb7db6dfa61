// The whole pre-fusion dump of the seed's scheduler nodes, line by line (the other dump tests check pieces):
// every line of every section (writes, deps, outputs with layout and users, group, sizes, loop body) is
// part of the format. Differences from Inductor's ir_pre_fusion.txt: docs/passes/fuse.md.
// RUN: env IND_LOGS=ir_pre_fusion %ind-opt %S/Inputs/seed.ind.mlir --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' -o /dev/null 2>&1 | %filecheck %s --match-full-lines --strict-whitespace
// CHECK:BEFORE FUSION
// CHECK-NEXT:op0: SchedulerNode(ComputedBuffer)
// CHECK-NEXT:op0.writes = [MemoryDep('buf0', d0, {d0: 1024})]
// CHECK-NEXT:op0.unmet_dependencies = []
// CHECK-NEXT:op0.met_dependencies = 
// CHECK-NEXT:    [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// CHECK-NEXT:        MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024})]
// CHECK-NEXT:op0.outputs = [
// CHECK-NEXT:    buf0: ComputedBuffer
// CHECK-NEXT:    buf0.layout = FixedLayout('cuda:0', torch.float32, size=[1024, 1], stride=[1, 1])
// CHECK-NEXT:    buf0.users = [NodeUser(node=SchedulerNode(name='op1'), can_inplace=False, is_weak=False)]
// CHECK-NEXT:]
// CHECK-NEXT:op0.group.device = cuda:0
// CHECK-NEXT:op0.group.iteration = (1024, 1024)
// CHECK-NEXT:op0.sizes = ([1024], [1024])
// CHECK-NEXT:class op0_loop_body:
// CHECK-NEXT:    var_ranges = {p0: 1024, p1: 1024}
// CHECK-NEXT:    index0 = 1024*p0 + p1
// CHECK-NEXT:    index1 = p1
// CHECK-NEXT:    index2 = p0
// CHECK-NEXT:    def body(self, ops):
// CHECK-NEXT:        get_index = self.get_index('index0')
// CHECK-NEXT:        load = ops.load('arg0_1', get_index)
// CHECK-NEXT:        constant = ops.constant(1.1, torch.float32)
// CHECK-NEXT:        mul = ops.mul(load, constant)
// CHECK-NEXT:        get_index_1 = self.get_index('index1')
// CHECK-NEXT:        load_1 = ops.load('arg1_1', get_index_1)
// CHECK-NEXT:        add = ops.add(mul, load_1)
// CHECK-NEXT:        constant_1 = ops.constant(0.0, torch.float32)
// CHECK-NEXT:        maximum = ops.maximum(add, constant_1)
// CHECK-NEXT:        mul_1 = ops.mul(maximum, maximum)
// CHECK-NEXT:        constant_2 = ops.constant(0.1, torch.float32)
// CHECK-NEXT:        mul_2 = ops.mul(maximum, constant_2)
// CHECK-NEXT:        add_1 = ops.add(mul_1, mul_2)
// CHECK-NEXT:        reduction = ops.reduction(torch.float32, torch.float32, 'sum', add_1)
// CHECK-NEXT:        get_index_2 = self.get_index('index2')
// CHECK-NEXT:        store_reduction = ops.store_reduction('buf0', get_index_2, reduction)
// CHECK-NEXT:        return None
// CHECK-EMPTY:
// CHECK-EMPTY:
// CHECK-NEXT:op1: SchedulerNode(ComputedBuffer)
// CHECK-NEXT:op1.writes = [MemoryDep('buf1', 1024*d0 + d1, {d0: 1024, d1: 1024})]
// CHECK-NEXT:op1.unmet_dependencies = [MemoryDep('buf0', d0, {d0: 1024})]
// CHECK-NEXT:op1.met_dependencies = 
// CHECK-NEXT:    [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// CHECK-NEXT:        MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024}),
// CHECK-NEXT:        MemoryDep('arg2_1', d1, {d0: 1024, d1: 1024}),
// CHECK-NEXT:        MemoryDep('arg3_1', d1, {d0: 1024, d1: 1024})]
// CHECK-NEXT:op1.outputs = [
// CHECK-NEXT:    buf1: ComputedBuffer
// CHECK-NEXT:    buf1.layout = FixedLayout('cuda:0', torch.float32, size=[1024, 1024], stride=[1024, 1])
// CHECK-NEXT:    buf1.users = [NodeUser(node=OUTPUT, can_inplace=False, is_weak=False)]
// CHECK-NEXT:]
// CHECK-NEXT:op1.group.device = cuda:0
// CHECK-NEXT:op1.group.iteration = (1048576, 1)
// CHECK-NEXT:op1.sizes = ([1024, 1024], [])
// CHECK-NEXT:class op1_loop_body:
// CHECK-NEXT:    var_ranges = {p0: 1024, p1: 1024}
// CHECK-NEXT:    index0 = 1024*p0 + p1
// CHECK-NEXT:    index1 = p1
// CHECK-NEXT:    index2 = p0
// CHECK-NEXT:    def body(self, ops):
// CHECK-NEXT:        get_index = self.get_index('index0')
// CHECK-NEXT:        load = ops.load('arg0_1', get_index)
// CHECK-NEXT:        constant = ops.constant(1.1, torch.float32)
// CHECK-NEXT:        mul = ops.mul(load, constant)
// CHECK-NEXT:        get_index_1 = self.get_index('index1')
// CHECK-NEXT:        load_1 = ops.load('arg1_1', get_index_1)
// CHECK-NEXT:        add = ops.add(mul, load_1)
// CHECK-NEXT:        constant_1 = ops.constant(0.0, torch.float32)
// CHECK-NEXT:        maximum = ops.maximum(add, constant_1)
// CHECK-NEXT:        mul_1 = ops.mul(maximum, maximum)
// CHECK-NEXT:        constant_2 = ops.constant(0.1, torch.float32)
// CHECK-NEXT:        mul_2 = ops.mul(maximum, constant_2)
// CHECK-NEXT:        add_1 = ops.add(mul_1, mul_2)
// CHECK-NEXT:        get_index_2 = self.get_index('index2')
// CHECK-NEXT:        load_2 = ops.load('buf0', get_index_2)
// CHECK-NEXT:        constant_3 = ops.constant(1024.0, torch.float32)
// CHECK-NEXT:        truediv = ops.truediv(load_2, constant_3)
// CHECK-NEXT:        sub = ops.sub(add_1, truediv)
// CHECK-NEXT:        get_index_3 = self.get_index('index1')
// CHECK-NEXT:        load_3 = ops.load('arg2_1', get_index_3)
// CHECK-NEXT:        mul_3 = ops.mul(sub, load_3)
// CHECK-NEXT:        get_index_4 = self.get_index('index1')
// CHECK-NEXT:        load_4 = ops.load('arg3_1', get_index_4)
// CHECK-NEXT:        add_2 = ops.add(mul_3, load_4)
// CHECK-NEXT:        get_index_5 = self.get_index('index0')
// CHECK-NEXT:        store = ops.store('buf1', get_index_5, add_2, None)
// CHECK-NEXT:        return store
// CHECK-EMPTY:
// CHECK-EMPTY:
//
// RUN: env IND_LOGS=ir_post_fusion %ind-opt %S/Inputs/seed.ind.mlir --pass-pipeline='builtin.module(ind-schedule,fuse-inductor)' -o /dev/null 2>&1 | %filecheck %s --check-prefix=POST --match-full-lines --strict-whitespace
// POST:AFTER FUSION
// POST-NEXT:op0_op1: FusedSchedulerNode(SchedulerNode,SchedulerNode)
// POST-NEXT:op0_op1.writes = 
// POST-NEXT:    [   MemoryDep('buf0', d0, {d0: 1024}),
// POST-NEXT:        MemoryDep('buf1', 1024*d0 + d1, {d0: 1024, d1: 1024})]
// POST-NEXT:op0_op1.unmet_dependencies = []
// POST-NEXT:op0_op1.met_dependencies = 
// POST-NEXT:    [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg2_1', d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg3_1', d1, {d0: 1024, d1: 1024})]
// POST-NEXT:op0_op1.outputs = [
// POST-NEXT:    buf0: ComputedBuffer
// POST-NEXT:    buf0.layout = FixedLayout('cuda:0', torch.float32, size=[1024, 1], stride=[1, 1])
// POST-NEXT:    buf0.users = [NodeUser(node=SchedulerNode(name='op1'), can_inplace=False, is_weak=False)]
// POST-NEXT:    buf1: ComputedBuffer
// POST-NEXT:    buf1.layout = FixedLayout('cuda:0', torch.float32, size=[1024, 1024], stride=[1024, 1])
// POST-NEXT:    buf1.users = [NodeUser(node=OUTPUT, can_inplace=False, is_weak=False)]
// POST-NEXT:]
// POST-NEXT:op0_op1.snodes[0] =
// POST-NEXT:op0: SchedulerNode(ComputedBuffer)
// POST-NEXT:op0.writes = [MemoryDep('buf0', d0, {d0: 1024})]
// POST-NEXT:op0.unmet_dependencies = []
// POST-NEXT:op0.met_dependencies = 
// POST-NEXT:    [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024})]
// POST-NEXT:op0.outputs = [
// POST-NEXT:    buf0: ComputedBuffer
// POST-NEXT:    buf0.layout = FixedLayout('cuda:0', torch.float32, size=[1024, 1], stride=[1, 1])
// POST-NEXT:    buf0.users = [NodeUser(node=SchedulerNode(name='op1'), can_inplace=False, is_weak=False)]
// POST-NEXT:]
// POST-NEXT:op0.group.device = cuda:0
// POST-NEXT:op0.group.iteration = (1024, 1024)
// POST-NEXT:op0.sizes = ([1024], [1024])
// POST-NEXT:class op0_loop_body:
// POST-NEXT:    var_ranges = {p0: 1024, p1: 1024}
// POST-NEXT:    index0 = 1024*p0 + p1
// POST-NEXT:    index1 = p1
// POST-NEXT:    index2 = p0
// POST-NEXT:    def body(self, ops):
// POST-NEXT:        get_index = self.get_index('index0')
// POST-NEXT:        load = ops.load('arg0_1', get_index)
// POST-NEXT:        constant = ops.constant(1.1, torch.float32)
// POST-NEXT:        mul = ops.mul(load, constant)
// POST-NEXT:        get_index_1 = self.get_index('index1')
// POST-NEXT:        load_1 = ops.load('arg1_1', get_index_1)
// POST-NEXT:        add = ops.add(mul, load_1)
// POST-NEXT:        constant_1 = ops.constant(0.0, torch.float32)
// POST-NEXT:        maximum = ops.maximum(add, constant_1)
// POST-NEXT:        mul_1 = ops.mul(maximum, maximum)
// POST-NEXT:        constant_2 = ops.constant(0.1, torch.float32)
// POST-NEXT:        mul_2 = ops.mul(maximum, constant_2)
// POST-NEXT:        add_1 = ops.add(mul_1, mul_2)
// POST-NEXT:        reduction = ops.reduction(torch.float32, torch.float32, 'sum', add_1)
// POST-NEXT:        get_index_2 = self.get_index('index2')
// POST-NEXT:        store_reduction = ops.store_reduction('buf0', get_index_2, reduction)
// POST-NEXT:        return None
// POST-NEXT:op0_op1.snodes[1] =
// POST-NEXT:op1: SchedulerNode(ComputedBuffer)
// POST-NEXT:op1.writes = [MemoryDep('buf1', 1024*d0 + d1, {d0: 1024, d1: 1024})]
// POST-NEXT:op1.unmet_dependencies = [MemoryDep('buf0', d0, {d0: 1024})]
// POST-NEXT:op1.met_dependencies = 
// POST-NEXT:    [   MemoryDep('arg0_1', 1024*d0 + d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg1_1', d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg2_1', d1, {d0: 1024, d1: 1024}),
// POST-NEXT:        MemoryDep('arg3_1', d1, {d0: 1024, d1: 1024})]
// POST-NEXT:op1.outputs = [
// POST-NEXT:    buf1: ComputedBuffer
// POST-NEXT:    buf1.layout = FixedLayout('cuda:0', torch.float32, size=[1024, 1024], stride=[1024, 1])
// POST-NEXT:    buf1.users = [NodeUser(node=OUTPUT, can_inplace=False, is_weak=False)]
// POST-NEXT:]
// POST-NEXT:op1.group.device = cuda:0
// POST-NEXT:op1.group.iteration = (1048576, 1)
// POST-NEXT:op1.sizes = ([1024, 1024], [])
// POST-NEXT:class op1_loop_body:
// POST-NEXT:    var_ranges = {p0: 1024, p1: 1024}
// POST-NEXT:    index0 = 1024*p0 + p1
// POST-NEXT:    index1 = p1
// POST-NEXT:    index2 = p0
// POST-NEXT:    def body(self, ops):
// POST-NEXT:        get_index = self.get_index('index0')
// POST-NEXT:        load = ops.load('arg0_1', get_index)
// POST-NEXT:        constant = ops.constant(1.1, torch.float32)
// POST-NEXT:        mul = ops.mul(load, constant)
// POST-NEXT:        get_index_1 = self.get_index('index1')
// POST-NEXT:        load_1 = ops.load('arg1_1', get_index_1)
// POST-NEXT:        add = ops.add(mul, load_1)
// POST-NEXT:        constant_1 = ops.constant(0.0, torch.float32)
// POST-NEXT:        maximum = ops.maximum(add, constant_1)
// POST-NEXT:        mul_1 = ops.mul(maximum, maximum)
// POST-NEXT:        constant_2 = ops.constant(0.1, torch.float32)
// POST-NEXT:        mul_2 = ops.mul(maximum, constant_2)
// POST-NEXT:        add_1 = ops.add(mul_1, mul_2)
// POST-NEXT:        get_index_2 = self.get_index('index2')
// POST-NEXT:        load_2 = ops.load('buf0', get_index_2)
// POST-NEXT:        constant_3 = ops.constant(1024.0, torch.float32)
// POST-NEXT:        truediv = ops.truediv(load_2, constant_3)
// POST-NEXT:        sub = ops.sub(add_1, truediv)
// POST-NEXT:        get_index_3 = self.get_index('index1')
// POST-NEXT:        load_3 = ops.load('arg2_1', get_index_3)
// POST-NEXT:        mul_3 = ops.mul(sub, load_3)
// POST-NEXT:        get_index_4 = self.get_index('index1')
// POST-NEXT:        load_4 = ops.load('arg3_1', get_index_4)
// POST-NEXT:        add_2 = ops.add(mul_3, load_4)
// POST-NEXT:        get_index_5 = self.get_index('index0')
// POST-NEXT:        store = ops.store('buf1', get_index_5, add_2, None)
// POST-NEXT:        return store
// POST-EMPTY:
// POST-EMPTY:
