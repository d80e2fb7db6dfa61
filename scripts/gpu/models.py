"""The model functions of /work/shared/bench/inductor_suite.py (copied verbatim: the GPU machine sees only the
repository), keyed by the name of the example in examples/ that mirrors each one."""
import torch


def seed_model(x, bias, gamma, beta):
    t = x * 1.1 + bias
    a = torch.relu(t)
    p = a * a
    q = a * 0.1
    s = p + q
    m = s.mean(dim=1, keepdim=True)
    return (s - m) * gamma + beta


def softmax(x):
    m = x.amax(dim=-1, keepdim=True)
    e = torch.exp(x - m)
    return e / e.sum(dim=-1, keepdim=True)


def layernorm_gelu(x, w, b):
    mu = x.mean(-1, keepdim=True)
    var = ((x - mu) ** 2).mean(-1, keepdim=True)
    y = (x - mu) * torch.rsqrt(var + 1e-5) * w + b
    return torch.nn.functional.gelu(y)


def rmsnorm_residual(x, r, w):
    h = x + r
    return h * torch.rsqrt(h.pow(2).mean(-1, keepdim=True) + 1e-6) * w, h


def pointwise_chain(x, b):
    y = torch.sigmoid(x + b) * x
    return torch.tanh(y) * 0.5 + y


def col_sum(x):
    return (x * 2.0 + 1.0).sum(dim=0)


def transpose_add(x):
    return torch.relu(x + x.t())


def mm_epilogue(a, w, b):
    return torch.relu(a @ w + b)


def lock_in(a, s, c1, c2, c3):
    # ours (examples/lock_in.mlir): a grouping that Inductor's greedy order gets wrong for ind's scheduler
    x = a.sum(2)
    y = x * s + c1 + c2 + c3
    return x, y.sum(1), y.amax(1)


# issue 11: the examples of real-model ops (not in inductor_suite.py; written here, torch equivalents of
# examples/masked_softmax.mlir and examples/argmax.mlir).
def masked_softmax(x):
    n = x.shape[-1]
    mask = torch.ones(n, n, dtype=torch.bool, device=x.device).tril()
    return x.masked_fill(~mask, float("-inf")).softmax(-1)


def argmax(x):
    values, indices = torch.max(x, dim=-1)
    return values, indices


# issue 11, part 2: split, native_group_norm with its stats, cumsum (torch equivalents of
# examples/split_glu.mlir, examples/group_norm_stats.mlir, examples/running_mean.mlir).
def split_glu(h):
    a, b = h.split(1, dim=1)
    return (a * torch.sigmoid(b)).squeeze(1)


def group_norm_stats(x, w, b):
    return torch.native_group_norm(x, w, b, x.shape[0], x.shape[1], x.shape[2], 8, 1e-5)


def running_mean(x):
    return x.cumsum(dim=1) / torch.arange(1, x.shape[1] + 1, device=x.device, dtype=x.dtype)


# A scan over a non-last dim with an epilogue (examples/cumsum_rows.mlir).
def cumsum_rows(x, w):
    return torch.tanh(x.cumsum(dim=0)) * w


# The reduction examples of issue 10 (ours, not in inductor_suite.py).
def sum_all(x):
    return x.sum()


def mean_dim0(x):
    return x.mean(dim=0)


def mean_2axes(x):
    return x.mean(dim=(0, 2))


def sum_middle(x):
    return x.sum(dim=1)


def var_normalize(x):
    return (x - x.mean(-1, keepdim=True)) / torch.sqrt(x.var(-1, keepdim=True) + 1e-5)


def log_softmax(x):
    return torch.log_softmax(x, dim=-1)


def var_mean(x):
    return torch.var_mean(x, dim=-1)


def layer_norm(x, w, b):
    return torch.nn.functional.layer_norm(x, (x.shape[-1],), w, b, eps=1e-5)


def sum_of_amax(x):
    return x.amax(dim=1).sum()


def small_r_sum(x, v):
    # ours (examples/small_r_sum.mlir): sums over a last dim of 3 and of 5 (below Inductor's
    # unroll_reductions_threshold: pointwise kernels with the sum unrolled), 1000 rows per n
    return x.sum(2), v.sum(2)


def odd_sizes(x, w, v):
    return x.sum(1), x.amax(0), w.sum(), v.sum(0)


# issue 11, indirect indexing (examples/embedding_layer_norm.mlir, examples/nll_loss.mlir)
def embedding_layer_norm(table, idx, w, b):
    e = torch.nn.functional.embedding(idx, table)
    return torch.nn.functional.layer_norm(e, (table.shape[1],), w, b, eps=1e-5)


def nll_loss(x, target):
    return torch.nn.functional.nll_loss(torch.log_softmax(x, dim=-1), target)


def transpose_copy(x):  # examples/transpose_copy.mlir
    y = torch.relu(x * 2.0 + 1.0)
    return y, y.t().contiguous()


def grad_accumulate_t(acc, g1, g2, g3):  # examples/grad_accumulate_t.mlir
    return acc + g1.t() + g2.t() + g3.t()


class Int:
    """An int64 input of this shape, uniform in [0, n) (ind_cuda_run --int-high n; run.sh passes n)."""

    def __init__(self, *shape):
        self.shape = tuple(shape)


class Bf16:
    """A bfloat16 input of this shape (the runner draws f32 in [-1, 1) rounded to bf16)."""

    def __init__(self, *shape):
        self.shape = tuple(shape)


def bf16_mlp_epilogue(x, w, b):  # examples/bf16_mlp_epilogue.mlir
    return torch.nn.functional.gelu(x @ w + b)


def spec_shape(spec):
    return spec.shape if isinstance(spec, (Int, Bf16)) else tuple(spec)


def spec_dtype(spec):
    return "int64" if isinstance(spec, Int) else "bfloat16" if isinstance(spec, Bf16) else "float32"


# example file stem -> (model function, name in inductor_suite.py, input shapes as functions of n; an Int
# entry is an int64 input)
CASES = {
    "seed": (seed_model, "seed_10op", lambda n: [(n, n), (n,), (n,), (n,)]),
    "softmax": (softmax, "softmax", lambda n: [(n, n)]),
    "layernorm_gelu": (layernorm_gelu, "layernorm_gelu", lambda n: [(n, n), (n,), (n,)]),
    "rmsnorm_residual": (rmsnorm_residual, "rmsnorm_residual", lambda n: [(n, n), (n, n), (n,)]),
    "pointwise_chain": (pointwise_chain, "pointwise_chain", lambda n: [(n, n), (n,)]),
    "col_sum": (col_sum, "col_sum", lambda n: [(n, n)]),
    "transpose_add": (transpose_add, "transpose_add", lambda n: [(n, n)]),
    "mm_epilogue": (mm_epilogue, "mm_epilogue", lambda n: [(n, n), (n, n), (n,)]),
    "lock_in": (lock_in, "lock_in (ours)", lambda n: [(n, n, 8), (n, 1), (n, 1), (n, 1), (n, 1)]),
    # the same program compiled with --fuse=search (scripts/gpu/prepare.sh, IND_GPU_VARIANTS)
    "lock_in_search": (lock_in, "lock_in (ours)", lambda n: [(n, n, 8), (n, 1), (n, 1), (n, 1), (n, 1)]),
    "masked_softmax": (masked_softmax, "masked_softmax (ind only)", lambda n: [(n, n)]),
    "argmax": (argmax, "argmax (ind only)", lambda n: [(n, n)]),
    "split_glu": (split_glu, None, lambda n: [(n, 2, n)]),
    "group_norm_stats": (group_norm_stats, None, lambda n: [(n, 32, 16), (32,), (32,)]),
    "running_mean": (running_mean, None, lambda n: [(n, 128)]),
    "cumsum_rows": (cumsum_rows, None, lambda n: [(n, 256), (256,)]),
    "sum_all": (sum_all, None, lambda n: [(n, n)]),
    "mean_dim0": (mean_dim0, None, lambda n: [(n, n)]),
    "mean_2axes": (mean_2axes, None, lambda n: [(16, n, 64)]),
    "sum_middle": (sum_middle, None, lambda n: [(32, n, 32)]),
    "var_normalize": (var_normalize, None, lambda n: [(n, n)]),
    "log_softmax": (log_softmax, None, lambda n: [(n, n)]),
    "var_mean": (var_mean, None, lambda n: [(n, n)]),
    "layer_norm": (layer_norm, None, lambda n: [(n, n), (n,), (n,)]),
    "sum_of_amax": (sum_of_amax, None, lambda n: [(n, n)]),
    "small_r_sum": (small_r_sum, None, lambda n: [(n, 1000, 3), (n, 1000, 5)]),
    "odd_sizes": (odd_sizes, None, lambda n: [(1023, 4097), (3, 4097), (1, 4097)]),
    "embedding_layer_norm": (embedding_layer_norm, None, lambda n: [(n, n), Int(n), (n,), (n,)]),
    "nll_loss": (nll_loss, None, lambda n: [(n, n), Int(n)]),
    "transpose_copy": (transpose_copy, None, lambda n: [(n, n)]),
    "grad_accumulate_t": (grad_accumulate_t, None, lambda n: [(n, n), (n, n), (n, n), (n, n)]),
    "bf16_mlp_epilogue": (bf16_mlp_epilogue, None, lambda n: [Bf16(n, n), Bf16(n, n), Bf16(n)]),
}

# PASS thresholds on ||out - ref|| / ||ref|| against a float64 reference.
TOLERANCE = {"mm_epilogue": 1e-3, "bf16_mlp_epilogue": 2e-2}  # bf16: an output ulp is 2^-8 relative
DEFAULT_TOLERANCE = 1e-5
