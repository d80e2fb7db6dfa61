"""Layout optimization of convolution nets: channels-last activations, as Inductor's layout_opt.

cuDNN runs its fastest convolutions on channels-last (NHWC) tensors; on NCHW ones it transposes around the
convolution or takes slower kernels. Inductor decides per graph (GraphLowering.decide_layout_opt) and then
keeps every activation around the convolutions channels-last. Here the same decision (decide), then a graph
rewrite before partitioning (apply):

- each 4-d input and weight of a convolution, and grad_output, input and weight of a convolution_backward,
  not channels-last already, becomes `clone(x, memory_format=channels_last)`, and every other user of x that
  is not a view reads that clone instead: the partition computing x then computes it straight into NHWC
  order (its output's traced strides, backend.physical_layouts), and a saved activation leaves the forward
  in NHWC;
- fake tensor propagation then gives every node the strides PyTorch's ops produce from those inputs
  (a convolution of channels-last tensors is channels-last, and so are the elementwise ops after it), so
  partition arguments and results are permuted, not copied; a view those strides forbid reads a contiguous
  copy (_propagate);
- a user-visible output (the forward's returns, every backward output) keeps the layout the graph traced:
  where it changed, a clone to contiguous format is put before the output;
- the forward reports its outputs' strides to AOTAutograd (TracingContext.output_strides), which restrides
  the backward graph's saved-tensor inputs, as it does for Inductor.

On by default for inference graphs on CUDA where decide agrees: over the zoo's CNNs on an H100 (device run
29, docs/results/gpu-2026-12-06-run29-mutations-layout.md) bf16 inference took 0.992x Inductor's time with
it and 1.104x without (7 CNNs), while AMP training steps, once their buffer write-backs ran inside the CUDA
graph, took 0.927x with it and 0.900x without (4 CNNs; ResNet-50 0.987x against 0.889x, with 16% more kernels
and 38% more peak memory). options={"layout_opt": True} or $IND_LAYOUT_OPT=1 applies it to training graphs
too, False or 0 to none; "force" applies it to any graph with a convolution on any device (the CPU tests use
it).
"""
import os

import torch
import torch.fx

aten = torch.ops.aten
_CL = torch.channels_last


def mode(options=None):
    """"off", "on" (CUDA graphs where decide agrees), "inference" (the same, inference graphs only) or
    "force", from options["layout_opt"], else $IND_LAYOUT_OPT, else "inference"."""
    v = (options or {}).get("layout_opt")
    if v is None:
        v = os.environ.get("IND_LAYOUT_OPT", "inference")
    if isinstance(v, str):
        v = v.strip().lower()
        return v if v in ("force", "inference") else "on" if v in ("1", "true", "on", "yes") else "off"
    return "on" if v else "off"


def wanted(m, device, is_inference):
    """Whether mode m (mode()) considers rewriting a graph of this device type: every graph with a
    convolution under "force"; under "on" CUDA graphs, under "inference" CUDA inference graphs (a training
    forward and its backward stay NCHW); decide then has its say, except under "force"."""
    if m == "force":
        return True
    return m != "off" and device == "cuda" and (m == "on" or is_inference)


def refusal(m, gm, is_inference, forward, example_inputs=None):
    """Why a graph that mode m considers (wanted) is not rewritten, or None: a forward or inference graph
    as decide says (under "force": any with a convolution), a backward as its forward was
    (follows_forward)."""
    if not forward:
        return follows_forward(gm, example_inputs)
    if m == "force":
        return None if convolutions(gm) else "no convolution"
    return decide(gm, is_inference)


def _val(n):
    v = n.meta.get("val") if isinstance(n, torch.fx.Node) else None
    return v if isinstance(v, torch.Tensor) else None


def convolutions(gm):
    return [n for n in gm.graph.nodes if n.op == "call_function" and n.target is aten.convolution.default]


def follows_forward(gm, example_inputs):
    """None when a backward graph should be rewritten as its forward was: it has a convolution_backward and
    a channels-last input (a saved activation of a forward that was); else why not."""
    if not any(n.op == "call_function" and n.target is aten.convolution_backward.default for n in gm.graph.nodes):
        return "no convolution_backward"
    cl = any(isinstance(x, torch.Tensor) and _only_channels_last(x) for x in example_inputs or ())
    return None if cl else "the forward's activations are not channels-last"


def decide(gm, is_inference):
    """Inductor's decide_layout_opt for CUDA: a graph with convolutions, static shapes, not mostly other ops
    (fewer than 300 nodes per convolution); in training no grouped convolution with more than one input
    channel per group, none with at least twice the input channels of its output channels and a kernel > 1,
    and not all with <= 64 channels both ways; in inference the same decision by Inductor's benchmarked
    channels-last speedups weighted by each convolution's flops. A string saying why not, else None."""
    convs = convolutions(gm)
    if not convs:
        return "no convolution"
    if len(gm.graph.nodes) >= 300 * len(convs):
        return "only a few convolutions"
    ws = [_val(n.args[1]) for n in convs]
    if any(w is None or w.dim() != 4 for w in ws):
        return "a convolution that is not 2-d or has no traced weight"
    try:
        shapes = [[int(s) for s in w.shape] for w in ws]
    except Exception:  # symbolic sizes
        return "dynamic shapes"

    def grouped(n, s):
        return n.args[-1] > 1 and s[1] > 1

    def in_out(s):
        return s[0] * 2 <= s[1] and s[2] > 1

    def small(s):
        return s[0] <= 64 and s[1] <= 64

    if is_inference:
        total = weighted = 0.0
        for n, s in zip(convs, shapes):
            out = _val(n)
            if out is None:
                continue
            flops = 2.0 * out.numel() * s[1] * s[2] * s[3]
            k = 1.358 if grouped(n, s) else 0.783 if small(s) else 0.725 if in_out(s) else 0.823
            total += flops
            weighted += flops * k
        return None if weighted <= total else "channels-last predicted slower (grouped convolutions)"
    if any(grouped(n, s) for n, s in zip(convs, shapes)):
        return "a grouped convolution with more than one input channel per group"
    if any(in_out(s) for s in shapes):
        return "a convolution with at least twice its output channels as input channels"
    if all(small(s) for s in shapes):
        return "every convolution has <= 64 channels"
    return None


def _is_view(n):
    schema = getattr(n.target, "_schema", None)
    return schema is not None and any(r.alias_info is not None for r in schema.returns)


def _channels_last(v):
    return v is not None and v.dim() == 4 and v.is_contiguous(memory_format=_CL)


def _only_channels_last(v):  # channels-last and not contiguous (a layout the rewrite made)
    return _channels_last(v) and not v.is_contiguous()


def _same_layout(a, b):
    """Whether two meta values are the same tensors as far as layouts go (shape, strides, offset, dtype,
    device), elementwise for a tuple or list; other values when equal."""
    if isinstance(a, torch.Tensor) or isinstance(b, torch.Tensor):
        return isinstance(a, torch.Tensor) and isinstance(b, torch.Tensor) and a.shape == b.shape and \
            a.stride() == b.stride() and a.storage_offset() == b.storage_offset() and a.dtype == b.dtype and \
            a.device == b.device
    if isinstance(a, (tuple, list)) or isinstance(b, (tuple, list)):
        return isinstance(a, (tuple, list)) and isinstance(b, (tuple, list)) and len(a) == len(b) and \
            all(_same_layout(x, y) for x, y in zip(a, b))
    if a is None or b is None:  # convolution_backward's gradients not asked for
        return a is b
    return type(a) is type(b) and isinstance(a, (int, float, bool)) and a == b


STATS = {"propagated": 0, "kept": 0}  # nodes _propagate computed again / kept as traced (layout.test reads it)


def _propagate(gm, phs, changed=None):
    """Fake tensor propagation over gm's graph (every node's meta["val"] from its inputs', as FakeTensorProp),
    except that a view its input's new strides do not allow (a flatten of a channels-last activation) gets
    that input as a contiguous copy first, as Inductor copies a view it cannot express. changed: the nodes
    whose values the rewrite changed (placeholders restrided, the channels-last copies): only nodes that
    read a value that changed are computed again, and a result with the layout it had stops the change (a
    weight's views, a parameter's broadcasts, the scalars: about 60 % of a CNN's inference graph keep their
    traced values). None: every node (also where the graph's values are not fake tensors of one mode)."""
    from torch._guards import detect_fake_mode
    from torch._subclasses.fake_tensor import FakeTensorMode
    vals = [n.meta.get("val") for n in phs]
    fake = detect_fake_mode([v for v in vals if isinstance(v, torch.Tensor)])
    if fake is None:  # real example inputs (compile_aten_graph called directly)
        fake = FakeTensorMode(allow_non_fake_inputs=True)
        changed = None
        for n, v in zip(phs, vals):
            if isinstance(v, torch.Tensor):
                n.meta["val"] = fake.from_tensor(v)
    g = gm.graph
    env = {n: n.meta.get("val") for n in phs}
    dirty = set(changed) if changed is not None else None

    def arg(a):
        return torch.fx.node.map_arg(a, lambda m: env[m])
    with fake:
        for n in list(g.nodes):
            if n.op in ("placeholder", "output"):
                continue
            if n.op == "get_attr":
                v = getattr(gm, n.target)
                env[n] = fake.from_tensor(v) if isinstance(v, torch.Tensor) else v
                continue
            old = n.meta.get("val")
            if dirty is not None and n not in dirty and old is not None and \
                    not any(a in dirty for a in n.all_input_nodes):
                env[n] = old
                STATS["kept"] += 1
                continue
            STATS["propagated"] += 1
            try:
                r = n.target(*arg(n.args), **arg(n.kwargs))
            except Exception:
                x = n.args[0] if n.args else None
                if not _is_view(n) or not isinstance(x, torch.fx.Node) or not isinstance(env.get(x), torch.Tensor):
                    raise
                with g.inserting_before(n):
                    c = g.call_function(aten.clone.default, (x,), {"memory_format": torch.contiguous_format})
                env[c] = c.meta["val"] = env[x].clone(memory_format=torch.contiguous_format)
                n.replace_input_with(x, c)
                r = n.target(*arg(n.args), **arg(n.kwargs))
            env[n] = n.meta["val"] = r
            if dirty is not None and (n in dirty or not _same_layout(old, r)):
                dirty.add(n)
    gm.recompile()


def apply(gm, example_inputs=None, user_outputs=None):
    """Rewrites gm to channels-last activations around its convolutions (see the module) and returns the
    strides of its outputs after the rewrite (for TracingContext.output_strides); a failure raises and
    leaves gm as it was. user_outputs: how many leading outputs must keep their traced layout (None: all)."""
    # on a copy: gm changes only when the whole rewrite and its propagation succeed (a failure, e.g. a view
    # the new strides would not allow, leaves gm as it was)
    g = torch.fx.Graph()
    g.output(g.graph_copy(gm.graph, {}))
    work = torch.fx.GraphModule(gm, g)
    phs = [n for n in g.nodes if n.op == "placeholder"]
    changed = set()  # what _propagate starts from: restrided placeholders and the channels-last copies
    if example_inputs is not None:  # the backward's saved tensors as AOTAutograd restrided them
        for n, x in zip(phs, example_inputs):
            if isinstance(x, torch.Tensor):
                if not _same_layout(n.meta.get("val"), x):
                    changed.add(n)
                n.meta["val"] = x
    out = next(n for n in g.nodes if n.op == "output")
    tuple_out = isinstance(out.args[0], (tuple, list))
    outs = list(out.args[0]) if tuple_out else [out.args[0]]
    before = [None if _val(v) is None else tuple(_val(v).stride()) for v in outs]
    args = {aten.convolution.default: (0, 1), aten.convolution_backward.default: (0, 1, 2)}
    done = {}
    for n in list(g.nodes):
        for i in args.get(n.target, ()) if n.op == "call_function" else ():
            x = n.args[i]
            if not isinstance(x, torch.fx.Node) or _val(x) is None or _val(x).dim() != 4 or _channels_last(_val(x)):
                continue
            c = done.get(x)
            if c is None:
                at = g.inserting_after(x) if x.op != "placeholder" else \
                    g.inserting_before(next(m for m in g.nodes if m.op != "placeholder"))
                with at:
                    c = g.call_function(aten.clone.default, (x,), {"memory_format": _CL})
                c.meta["val"] = _val(x).clone(memory_format=_CL)
                c.meta["stack_trace"] = x.meta.get("stack_trace")
                done[x] = c
                for u in list(x.users):  # the other readers of x read its channels-last copy, views aside
                    if u is not c and u.op != "output" and not _is_view(u):
                        u.replace_input_with(x, c)
            n.replace_input_with(x, c)
    if not done:
        return before
    # the forward's saved activations: outputs beyond the user-visible ones read the copy too
    keep = len(outs) if user_outputs is None else user_outputs
    outs = [done.get(v, v) if k >= keep and isinstance(v, torch.fx.Node) else v for k, v in enumerate(outs)]
    out.args = (tuple(outs) if tuple_out else outs[0],)
    _propagate(work, phs, changed | set(done.values()))
    # user-visible outputs keep the traced layout
    news = []
    for k, (v, st) in enumerate(zip(outs, before)):
        nv = _val(v)
        if k < keep and nv is not None and st is not None and tuple(nv.stride()) != st and \
                _only_channels_last(nv):
            with g.inserting_before(out):
                c = g.call_function(aten.clone.default, (v,), {"memory_format": torch.contiguous_format})
            c.meta["val"] = nv.clone(memory_format=torch.contiguous_format)
            v = c
        news.append(v)
    out.args = (tuple(news) if tuple_out else news[0],)
    g.lint()
    gm.graph = g
    gm.recompile()
    return [None if _val(v) is None else tuple(int(s) for s in _val(v).stride()) for v in news]
