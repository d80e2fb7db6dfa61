"""A CUDA partition's call in parts (ind.backend.plan_parts, part_lists, box_donated, IndKernel's
_forward_in_parts; test/torch/call-parts.test), on the CPU: the planner on a program of three steps, the
rewrite that hands a partition its arguments in one list, and a call in parts against a stand-in program that
records what each part sees (which outputs are allocated, which inputs are still alive)."""
import gc
import os
import sys
import weakref

import torch
import torch.fx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from ind import backend  # noqa: E402

# Three steps; inputs A (read last by step 0) and B (step 1), 100 bytes each, donated; outputs X (first touched
# by step 1) and Y (step 2). The steps need 200 bytes at most (A+B at step 0, B+X at 1, X+Y at 2 and the end);
# one call holds 400: 2x.
A = dict(in_bytes=[100, 100], in_last=[0, 1], out_bytes=[100, 100], out_first=[1, 2], nsteps=3)
for r in (2.0, 1.99, 1.5, 1.49, 1.0):
    cuts = backend.plan_parts(A["in_bytes"], A["in_last"], [True, True], A["out_bytes"], A["out_first"], 3, 0, r)
    print(f"ratio {r}: {cuts} -> {backend.part_lists(cuts, A['in_last'], [True, True], A['out_first'], 3)}")
# B not donated (the caller reads it again): held either way, as the held bytes (100) are
cuts = backend.plan_parts([100, 100], [0, 1], [True, False], [100, 100], [1, 2], 3, 100, 1.0)
print("B held:", cuts, backend.part_lists(cuts, [0, 1], [True, False], [1, 2], 3))
# an input the end copies (last = nsteps) is never dropped; an output only the end's copy touches (first =
# nsteps) is allocated for the last part; an input no step reads (-1) goes after the first part
cuts = backend.plan_parts([100, 100, 50], [3, 0, -1], [True] * 3, [100, 100], [0, 3], 3, 0, 1.0)
print("end copies:", cuts, backend.part_lists(cuts, [3, 0, -1], [True] * 3, [0, 3], 3))
print("no steps:", backend.plan_parts([8], [-1], [True], [8], [0], 0, 0, 1.0))


# box_donated: a partition that reads a value for the last time takes a list; which arguments are donated
class FakeKernel(torch.nn.Module):
    def __init__(self, device_type):
        super().__init__()
        self.device_type, self.donated = device_type, None

    def forward(self, *args):
        return args[0]


def rewrite(inputs_freed, device_type="cuda"):
    g = torch.fx.Graph()
    x, y = g.placeholder("x"), g.placeholder("y")
    a = g.call_function(torch.neg, (x,))
    p = g.call_module("part", (x, a, y))  # x: an input; a: read here last; y: read again below
    q = g.call_function(torch.add, (p, y))
    g.output((q, a if device_type == "keep" else q))
    k = FakeKernel("cuda" if device_type == "keep" else device_type)
    gm = torch.fx.GraphModule({"part": k}, g)
    backend.box_donated(gm, {"part": k}, inputs_freed=inputs_freed)
    gm.recompile()
    return gm, k


for freed in (False, True):
    gm, k = rewrite(freed)
    print(f"inputs_freed={freed}: donated {k.donated}; code:",
          " | ".join(line.strip() for line in gm.code.splitlines() if "_box" in line or "part" in line))
# two CUDA partitions reading one value: the first (boxed for its own last read) is before the second, which
# donates it (swin's and vit's backwards: a KeyError on the first's list before)
g = torch.fx.Graph()
x = g.placeholder("x")
a, b = g.call_function(torch.neg, (x,)), g.call_function(torch.abs, (x,))
p1 = g.call_module("p1", (a, b))  # b: read here last; a: read again by p2
p2 = g.call_module("p2", (a, p1))
g.output(p2)
k1, k2 = FakeKernel("cuda"), FakeKernel("cuda")
gm = torch.fx.GraphModule({"p1": k1, "p2": k2}, g)
backend.box_donated(gm, {"p1": k1, "p2": k2})
print("two partitions:", k1.donated, k2.donated)
gm, k = rewrite(True, "cpu")
print("a CPU partition:", k.donated, "_box" in gm.code)
gm, k = rewrite(False, "keep")  # a returned: donated nowhere
print("a returned:", k.donated, "_box" in gm.code)


# a call in parts against a stand-in program: what each part sees
class FakeProgram:
    def __init__(self):
        self.seen = []

    def scratch_bytes(self):
        return 0

    def run_steps(self, ptrs, optrs, first, end, stream=None, scratch=None):
        gc.collect()
        self.seen.append((first, end, [p != 0 for p in ptrs], [p != 0 for p in optrs],
                          [w() is not None for w in refs]))


kern = backend.IndKernel.__new__(backend.IndKernel)
torch.nn.Module.__init__(kern)
kern._any_in_perm, kern._out_specs = False, [((25,), torch.float32), ((25,), torch.float32)]
kern._out_strides, kern._out_inv, kern.tuple_out, kern.name = [None, None], [None, None], True, "part"
a_, b_ = torch.ones(25), torch.ones(25)
refs = [weakref.ref(a_), weakref.ref(b_)]
box = [a_, b_]
del a_, b_
prog = FakeProgram()
parts = backend.part_lists([(0, 1), (1, 2), (2, 3)], [0, 1], [True, True], [1, 2], 3)
outs = kern._forward_in_parts(box, torch.device("cpu"), prog, parts, 0)
for first, end, ins, made, alive in prog.seen:
    print(f"part [{first}, {end}): input addresses {ins}, outputs allocated {made}, inputs alive {alive}")
print("box emptied:", box == [], "outputs:", [tuple(o.shape) for o in outs])

# the setting (ind.backend._ratio_setting, as memory_split's: test/torch/memory-split.test has its cases): off by
# default; $IND_CALL_PARTS; options["call_parts"] over it; an error names call_parts
os.environ.pop("IND_CALL_PARTS", None)
print("default:", backend.call_parts(None))
os.environ["IND_CALL_PARTS"] = "1.5"
print("IND_CALL_PARTS=1.5:", backend.call_parts(None), "options 1.2 over it:", backend.call_parts({"call_parts": 1.2}),
      "options off over it:", backend.call_parts({"call_parts": "off"}))
try:
    backend.call_parts({"call_parts": 0.5})
except ValueError as e:
    print("0.5:", e)
