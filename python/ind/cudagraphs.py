"""CUDA graphs for the graphs the backend compiles: PyTorch's own machinery (CUDA graph trees, as Inductor's
mode="reduce-overhead" and PyTorch's `cudagraphs` backend use it), not a new one.

An ATen graph the backend compiled (ind's partitions and the eager ops between them, one boxed callable) is
handed to `torch._inductor.cudagraph_trees.cudagraphify_impl` when it is safe to record: it runs on one CUDA
device and nothing of it on the CPU (a host tensor's ops, a CPU scalar moved per call), no op PyTorch marks
unsafe for a graph (`.item()`, an assert on a value, unbacked sizes), and no mutation of an input that is not
static. The trees then warm the graph up once, record it on the next call and replay it after; an input that
is not static (an activation, a batch) is copied into the graph's own buffer per call, a static one
(parameters and buffers, marked so by Dynamo; the backward graph's saved values) is taken where it is and a
new address records the graph again. ind's part of the bargain: every partition launches on the current
stream (the capture stream while recording), its outputs and its intermediates (a scratch block per call,
backend.intermediates_mode) come from PyTorch's caching allocator (the graph's pool; with "held"
intermediates, the runtime allocated them on the warm-up call, never while recording), and
nothing synchronizes or reads back while the stream is captured (the checked mode's record is read after a
later run outside the capture).

The decisions follow the `cudagraphs` backend of torch._dynamo (forward and backward, a skipped forward
skips its backward) and Inductor's static inputs (TracingContext's fw_metadata.static_input_indices).
`enabled(options)` says whether the backend asks for it: options={"cudagraphs": bool}, else
$IND_CUDAGRAPHS; on by default (as Inductor's reduce-overhead, but by default: the device run of
2026-12-05, docs/results/gpu-2026-12-05-run23-zoo-cudagraphs.md, replayed every zoo row it reached against
eager and the loops of test/torch/run_cudagraphs.py --device cuda), off with {"cudagraphs": False} or
IND_CUDAGRAPHS=0.
"""
import os

import torch

# Why graphs were not recorded since ind.backend.reset_stats() (the tests read it; IND_LOGS prints it).
SKIPS = []


def enabled(options=None):
    """True when the backend should record CUDA graphs: the compile option "cudagraphs", else
    $IND_CUDAGRAPHS ("1", "true", "on"; "0", "false", "off"), else on."""
    v = (options or {}).get("cudagraphs")
    if v is None:
        v = os.environ.get("IND_CUDAGRAPHS", "1")
    if isinstance(v, str):
        return v.strip().lower() in ("1", "true", "on", "yes")
    return bool(v)


def available():
    """None when this torch has the machinery (cudagraph trees and the helpers of its cudagraphs backend),
    else the reason."""
    try:
        from torch._dynamo.backends import cudagraphs  # noqa: F401
        from torch._inductor import cudagraph_trees  # noqa: F401
        from torch._inductor.cudagraph_utils import get_placeholder_info  # noqa: F401
    except ImportError as e:
        return f"this torch ({torch.__version__}) has no CUDA graph trees ({e})"
    return None


def skip_reason(gm, static, device):
    """Why the ATen graph gm (static: the indices of its static inputs) cannot be recorded, or None. device:
    the type the backend compiled it for. The checks of the cudagraphs backend (check_for_skip), with
    mutation allowed on static inputs as the trees allow it."""
    if device != "cuda":
        return f"the graph runs on {device}"
    why = available()
    if why:
        return why
    if os.environ.get("IND_CHECK_PARTITIONS", "") not in ("", "0"):
        return "IND_CHECK_PARTITIONS compares every partition call on the host"
    from torch._dynamo.backends.cudagraphs import find_input_mutations, get_device_node_mapping
    from torch._inductor.cudagraph_utils import check_multiple_devices_or_any_cpu_nodes
    from torch._inductor.utils import get_first_incompatible_cudagraph_node
    mutated = sorted(find_input_mutations(gm.graph) - set(static))
    if mutated:
        names = [n.name for n in gm.graph.nodes if n.op == "placeholder"]
        return "mutated inputs that are not static (" + ", ".join(names[i] for i in mutated) + ")"
    why = check_multiple_devices_or_any_cpu_nodes(get_device_node_mapping(gm))
    if why:
        return why
    node = get_first_incompatible_cudagraph_node(gm)
    if node is None:  # a value read back whatever its overload (PyTorch's list names the packet)
        node = next((n for n in gm.graph.nodes if str(n.target).startswith(_HOST_READS)), None)
    return f"incompatible op ({node.name}: {node.target})" if node is not None else None


_HOST_READS = ("aten._local_scalar_dense", "aten.item")


def static_forward_inputs(num_dynamo_inputs, num_inputs):
    """The static inputs of a forward (or inference) graph: Inductor's get_static_input_idxs. Dynamo marks
    parameters and buffers static (TracingContext's fw_metadata); without that, the inputs AOTAutograd added
    in front of Dynamo's."""
    from torch._inductor.utils import num_fw_fixed_arguments
    ctx = torch._guards.TracingContext.try_get()
    idx = getattr(getattr(ctx, "fw_metadata", None), "static_input_indices", None) if ctx else None
    return list(idx) if idx is not None else list(range(num_fw_fixed_arguments(num_dynamo_inputs, num_inputs)))


class Recorder:
    """The CUDA-graph state of one Dynamo graph (its forward, backward and inference compiles), as the
    cudagraphs backend keeps it: whether the forward was recorded (a backward is recorded only after a
    recorded forward) and the device index."""

    def __init__(self, num_dynamo_inputs):
        self.num_dynamo_inputs = num_dynamo_inputs
        self.forward_recorded = True
        self.device_index = None

    def _skip(self, why, kind):
        SKIPS.append(f"{kind}: {why}")
        from . import backend
        backend._log(f"CUDA graphs: {kind} graph not recorded: {why}")

    def forward(self, gm, inputs, device, compile, is_inference=False):
        """compile(gm) (the compiled graph, boxed) wrapped to record and replay as a CUDA graph, or as
        compiled where gm cannot be. The decision reads gm before compile partitions it."""
        static = static_forward_inputs(self.num_dynamo_inputs, len(inputs))
        why = skip_reason(gm, static, device)
        facts = None if why else _graph_facts(gm)
        run = compile(gm)
        if why:
            self.forward_recorded = False
            self._skip(why, "inference" if is_inference else "forward")
            return run
        from torch._dynamo.backends.cudagraphs import get_device_index
        self.device_index = get_device_index(gm)
        return _record(facts, inputs, run, static, self.device_index, is_backward=False, is_inference=is_inference)

    def backward(self, gm, inputs, device, compile):
        """The backward graph: recorded after a recorded forward (its saved values then live in the graph's
        pool and are static: the inputs before the tangents); where it cannot be, it runs as compiled and
        tells the tree it left the forward's recording."""
        if not self.forward_recorded:
            return compile(gm)
        from torch._inductor.utils import count_tangents
        fixed = count_tangents(gm)
        why = skip_reason(gm, range(fixed), device)
        facts = None if why else _graph_facts(gm)
        run = compile(gm)
        if why:
            self._skip(why, "backward")
            from torch._inductor import cudagraph_trees
            manager = cudagraph_trees.get_manager(self.device_index or 0, create_if_none_exists=False)
            if manager is None:
                return run

            def leave_tree(args):
                manager.set_to_running_backward()
                return run(args)
            leave_tree._boxed_call = True
            return leave_tree
        from torch._dynamo.backends.cudagraphs import get_device_index
        return _record(facts, inputs, run, range(fixed), get_device_index(gm), is_backward=True, is_inference=False)


def _graph_facts(gm):
    """What the trees are told of the ATen graph gm, read before the backend compiles it (compiling
    rewrites gm in place: batch_input_copies makes one list-taking copy of many copy_ nodes, which
    find_input_mutations cannot read): its stack traces, placeholders and mutated inputs."""
    from torch._dynamo.backends.cudagraphs import find_input_mutations, get_stack_traces
    from torch._inductor.cudagraph_utils import get_placeholder_info
    return dict(stack_traces=get_stack_traces(gm), placeholders=get_placeholder_info(gm.graph),
                mutated_input_idxs=find_input_mutations(gm.graph))


def _record(facts, inputs, run, static, device_index, is_backward, is_inference):
    """run handed to the CUDA graph trees (cudagraphify_impl), with the arguments the cudagraphs backend
    passes (facts: _graph_facts of the graph before it was compiled); boxed, as AOTAutograd calls it."""
    from torch._inductor.cudagraph_trees import cudagraphify_impl
    # the trees' boxed contract: the model empties its argument list (WarmupNode.run asserts it), as run
    # does (backend.compile_boxed: each input dropped after its last use, Inductor's compiled call())
    out = cudagraphify_impl(run, inputs, static, device_index=device_index, is_backward=is_backward,
                            is_inference=is_inference, **facts)
    out._boxed_call = True
    return out
