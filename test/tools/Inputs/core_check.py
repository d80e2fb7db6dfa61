"""Checks python/ind/core.py: every example compiled and run on the CPU through the bindings against the
reference interpreter (through the API), plus options, inspection, save/load and errors. One line per check."""
import glob
import json
import os
import sys

import numpy as np

sys.path.insert(0, sys.argv[1])
from ind.core import IndError, compile, load  # noqa: E402

examples = sorted(glob.glob(os.path.join(sys.argv[2], "*.mlir")))
tmp = sys.argv[3]


def inputs_for(p, seed=0):
    rng = np.random.default_rng(seed)
    ints = {"i64": np.int64, "i32": np.int32, "i1": np.bool_}

    def one(s, d):
        if d == "f32":
            return rng.uniform(-1, 1, s).astype(np.float32)
        if d == "f16":
            return rng.uniform(-1, 1, s).astype(np.float16)
        if d == "bf16":  # bf16 as its 16 bits (ind.core's representation): the top half of an f32
            return (rng.uniform(-1, 1, s).astype(np.float32).view(np.uint32) >> 16).astype(np.uint16)
        return rng.integers(0, 10, s).astype(ints[d])

    return [one(s, d) for s, d in p.inputs]


def within(got, ref, atol, rtol=1e-4):
    return all(g.shape == r.shape and np.allclose(g, r, rtol=rtol, atol=atol, equal_nan=True)
               for g, r in zip(got, ref))


def as_float(a, d):
    """A bf16 output (its 16 bits, as ind.core returns it) as float32 values; others unchanged."""
    return (a.astype(np.uint32) << 16).view(np.float32) if d == "bf16" else a


if sys.argv[4] == "examples":
    for f in examples:
        p = compile(open(f).read(), device="cpu", name=f)
        ins = inputs_for(p)
        got, ref = p(*ins), p.reference(*ins)
        got = [as_float(g, d) for g, (_, d) in zip(got, p.outputs)]
        ref = [as_float(r, d) if r.dtype == np.uint16 else r for r, (_, d) in zip(ref, p.outputs)]
        atol = 1e-4 if "mm_" in f else 1e-5  # a 1024-term f32 dot product vs double (as test/run_compiled)
        rtol = 1e-4
        if any(d == "bf16" for _, d in p.outputs):  # ind-run's bf16 tolerances (docs/passes/codegen.md)
            atol, rtol = 2.0 ** -7, 2.0 ** -6
        err = max(float(np.max(np.abs(g.astype(np.float64) - r))) for g, r in zip(got, ref))
        print("example %s: %d in, %d out, kernels %d, max_abs_err %.2g %s" % (
            os.path.basename(f), len(p.inputs), len(p.outputs), len(p.kernels), err,
            "PASS" if within(got, ref, atol, rtol) else "FAIL"))
#the check can fail : a perturbed output is caught
        bad = [g.copy() for g in got]
        bad[0].flat[0] += 1.0
        print("perturbed %s: %s" % (os.path.basename(f), "caught" if not within(bad, ref, atol, rtol) else "MISSED"))
    sys.exit(0)

seed = [f for f in examples if f.endswith("/seed.mlir")][0]
src = open(seed).read()
p = compile(src)
print("inputs", p.inputs)
print("outputs", p.outputs)
print("kernels", p.kernels, "device", p.device, "ptx", p.ptx)
print("plan", p.launch_plan.splitlines()[0])
print("kernel_ir has kernel.def:", "kernel.def" in p.kernel_ir)
ins = inputs_for(p)
#run() with caller - owned numpy outputs
out = np.zeros(p.outputs[0][0], np.float32)
p.run(ins, [out])
print("run into caller buffer equals call:", bool(np.array_equal(out, p(*ins)[0])))
#options : a pass option reaches its pass(the pointwise block size), the strategy changes the kernels
ln = [f for f in examples if f.endswith("/pointwise_chain.mlir")][0]
q = compile(open(ln).read(), **{"sched_to_kernel__block": 64})
print("block option:", q.steps[0]["block"])
r = compile(open(ln).read())
print("default block:", r.steps[0]["block"])
sm = [f for f in examples if f.endswith("/softmax.mlir")][0]
print("fuse=none kernels:", len(compile(open(sm).read(), fuse="none").kernels),
      "inductor:", len(compile(open(sm).read(), fuse="inductor").kernels))
#a preprocessing option: graph-decompose's addmm-epilogue (an addmm returned keeps its bias in the mm step)
lin = ("func.func @lin(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> tensor<6x5xf32> {\n"
       '  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>\n'
       "  return %0 : tensor<6x5xf32>\n}\n")
def plan_steps(prog):
    return [(s["op"], s.get("epilogue")) for s in json.loads(prog.launch_plan)["steps"]]
print("addmm epilogue:", plan_steps(compile(lin)), "off:", plan_steps(compile(lin, graph_decompose__addmm_epilogue=False)))
#save / load
path = os.path.join(tmp, "seed.indprog")
p.save(path)
l2 = load(path)
print("loaded equals:", bool(np.array_equal(l2(*ins)[0], p(*ins)[0])), l2.inputs == p.inputs)
#cuda compile keeps PTX(no GPU needed to compile)
c = compile(src, device="cuda", target="sm_80")
print("cuda ptx:", c.ptx is not None and ".target sm_80" in c.ptx, c.device)
for what, fn in [
        ("parse error", lambda: compile("func.func @f(")),
        ("unknown option", lambda: compile(src, frobnicate=1)),
        ("bad device", lambda: compile(src, device="tpu")),
        ("bad target", lambda: compile(src, target="sm_999")),
        ("unknown pass", lambda: compile(src, options={"no-such-pass.x": "1"})),
        ("bad pass option", lambda: compile(src, options={"sched-to-kernel.nope": "1"})),
        ("bad value", lambda: compile(src, options={"sched-to-kernel.block": "1}"})),
        ("wrong shape", lambda: p(np.zeros((2, 2), np.float32), *ins[1:])),
        ("wrong dtype", lambda: p(ins[0].astype(np.float64), *ins[1:])),
        ("missing file", lambda: load(os.path.join(tmp, "nope.indprog"))),
        ("not a program", lambda: load(seed))]:
    try:
        fn()
        print(what, ": NO ERROR")
    except IndError as e:
        print(what, ":", str(e).splitlines()[0], "|", " ".join(str(e).splitlines()[1:2]))
