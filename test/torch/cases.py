"""PyTorch functions the importer tests run: the examples of examples/*.mlir (the FX graphs of the
reference cases) and small functions covering every op of ind.fx.ATEN_TO_GRAPH that torch 1.13's
make_fx produces. Each case: name -> (function or nn.Module, example inputs)."""
import torch
import torch.nn.functional as F


# --- the examples (examples/<name>.mlir; ../shared/bench/inductor_suite.py)
def seed(x, bias, gamma, beta):
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
    return F.gelu(y)


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


# make_fx decomposes F.gelu only when asked; the examples' FX graph has gelu in erf form (Inductor's
# decomposition): the importer keeps gelu whole, so the op-sequence check expects graph.gelu there.
EXAMPLES = {
    "seed": (seed, lambda n: (n, n), lambda n: [(n, n), (n,), (n,), (n,)]),
    "softmax": (softmax, None, lambda n: [(n, n)]),
    "layernorm_gelu": (layernorm_gelu, None, lambda n: [(n, n), (n,), (n,)]),
    "rmsnorm_residual": (rmsnorm_residual, None, lambda n: [(n, n), (n, n), (n,)]),
    "pointwise_chain": (pointwise_chain, None, lambda n: [(n, n), (n,)]),
    "col_sum": (col_sum, None, lambda n: [(n, n)]),
    "transpose_add": (transpose_add, None, lambda n: [(n, n)]),
    "mm_epilogue": (mm_epilogue, None, lambda n: [(n, n), (n, n), (n,)]),
}


# --- small functions, one or a few ops each
def binary_ops(x, y):
    return x + y, x - y, x * y, x / y, torch.add(x, y, alpha=2.0), torch.sub(x, y, alpha=0.5), 1.0 - x, 3 - y


def scalar_ops(x):
    return x + 1, x * 0.25, x / 3.0, x - 2, x ** 2, x ** 0.5 * 0 + x.abs() ** 1.5, 2.0 / (x.abs() + 1)


def pow_tensor(x, y):
    return (x.abs() + 0.5) ** y


def max_min(x, y):
    return torch.maximum(x, y), torch.minimum(x, y), torch.clamp(x, -0.5, 0.5), x.clamp(min=0.1), x.clamp(max=-0.1)


def compare_where(x, y):
    return (torch.where(x > y, x, y), torch.where(x < 0.0, 0.0, x), torch.where(x >= y, 1.0, y),
            torch.where(x <= 0.25, x, 2.0), torch.where(x == y, x, -x), torch.where(x != 0.5, x, y))


def masked_fill(x, y):
    return x.masked_fill(y > 0, -1e4), x.masked_fill(x < 0, 0.0)


def unary_ops(x):
    p = x.abs() + 0.1
    return (torch.relu(x), -x, torch.abs(x), torch.exp(x), torch.log(p), torch.sqrt(p), torch.rsqrt(p),
            torch.reciprocal(p), torch.tanh(x), torch.sigmoid(x), torch.erf(x))


def activations(x):
    return (F.gelu(x), F.gelu(x, approximate="tanh"), F.silu(x), F.hardtanh(x), F.relu6(x * 4),
            F.leaky_relu(x, 0.1), F.hardsigmoid(x * 3), F.hardswish(x * 3), F.elu(x))


def dtypes(x, i, m):
    # i: int64, m: bool
    return (x.half() * 2, (x * 3).to(torch.int32), i + 1, i * x, m * 2, m.float() + x, i.sum(-1),
            (i > 4).sum(), i / 2)


def half_math(h):
    return (h * 2 + 1, h.float().exp(), h.float().sum(-1), torch.softmax(h.float(), -1).half())


def half_mean(h):
    """An f16 mean whose sum is past f16's range (8 values near -1e4: the sum -8e4, the mean -1e4): the sum
    stays f32 until the division, as eager and Inductor keep it; unrolled (4 values of 2e4 +- 16, exact in
    f16) and realized."""
    big = h.abs() * 100 - 1e4
    return big.mean(-1), (h.sign() * 16 + 2e4)[:, :4].mean(-1, keepdim=True), big.mean()


def wrapped_scalars(h, x, i):
    """A Python number beside a 0-d tensor takes the tensor's dtype (PyTorch's wrapped-number rule): a 0-d
    f16 or bf16 times a float stays f16/bf16 (computed in f32, rounded once, as eager); an int 0-d with a
    float number becomes f32 (the number's category is higher); a dimensioned tensor beside a 0-d one."""
    s, b = h.sum(), x.sum().bfloat16()
    bf = (b * 0.1, b + 1, torch.maximum(b, torch.tensor(0.5).bfloat16()) * 2.0)  # read as f32 (numpy has no bf16)
    return (s * 2.5, s - 3, 1.5 / s, *[v.float() for v in bf], i.sum() * 2.5, h * s, b.float() * 3)


def constants(x):
    return (torch.zeros_like(x) + x, torch.ones_like(x) * 3 + x, torch.full((4, 8), 2.5) * x,
            torch.ones(8) + x, x + torch.tensor(0.5), x.new_zeros((4, 8)) - x)


def reductions(x):
    return (x.sum(), x.sum(0), x.sum((0, 1), keepdim=True), x.mean(), x.mean(-1), x.amax(0),
            x.amin(-1, keepdim=True), x.max(), x.min(), (x * 0.1 + 1).prod(-1), (x * 0.1 + 1).prod())


def variances(x):
    vm = torch.var_mean(x, dim=-1)
    return (x.var(-1), x.var(0, unbiased=False), torch.var(x, dim=1, correction=0, keepdim=True), x.std(-1),
            x.std(), vm[0], vm[1])


def views(x):
    return (x.view(8, 4), x.reshape(2, 16), x.view(-1), x.permute(1, 0), x.transpose(0, 1), x.t(),
            x.unsqueeze(0), x.unsqueeze(-1), x[None].squeeze(0), x.view(4, 1, 8).squeeze(1), x.view(4, 8, 1).squeeze())


def views_nc(x):
    # reshape of a transposed (non-contiguous) tensor, expand, contiguous
    return x.t().reshape(32), x[:, :1].expand(4, 8) + x, x.t().contiguous() * 2, x.view(4, 1, 8).expand(4, 3, 8)


def slicing(x):
    return (x[1:3], x[:, 2:6], x[:, ::2], x[:, -3:], x[:, 0], x[-1], x[1:, 1:-1:3], x[..., 5])


def split_cat(x, y):
    a, b = x.split(4, dim=1)
    c = torch.chunk(y, 3, dim=0)
    return (torch.cat([a, b], 0), torch.cat([x, y[:4]], 1), torch.cat([b, a, b], -1), c[0], c[1], c[2],
            torch.cat([a, x, b], 1), torch.stack([x, x * 2], 0), x.unbind(0)[2], y.unbind(1)[7])


def softmaxes(x):
    return torch.softmax(x, -1), torch.softmax(x, 0), F.log_softmax(x, -1), torch.log_softmax(x, 1)


def layer_norms(x, w, b):
    return (F.layer_norm(x, (8,), w, b), F.layer_norm(x, (8,)), F.layer_norm(x.view(2, 2, 8), (2, 8)),
            F.layer_norm(x, (8,), w, b, eps=1e-3))


def layer_norm_stats(x):
    out, mean, rstd = torch.native_layer_norm(x, [8], None, None, 1e-5)
    return out, mean, rstd


def norms_scan(x, w, b):
    """issue 11: group_norm (native_group_norm, its stats unused), cumsum, split into graph.split."""
    g = x.view(2, 4, 2, 2)
    p, q, r = x.split(3, dim=1)
    return (F.group_norm(g, 2, w[:4], b[:4]), F.group_norm(g, 4), F.group_norm(x, 1), torch.cumsum(x, -1),
            x.cumsum(0), torch.cumsum(x * 2 + 1, 1) - p.sum(), p[:, :2] * r, q)


def matmuls(a, b, c):
    return (a @ b, torch.mm(a, b), torch.addmm(c, a, b), torch.addmm(c, a, b, beta=0.5, alpha=2.0),
            torch.bmm(a.view(2, 2, 8), torch.cat([b, b]).view(2, 8, 4)) + 1, F.linear(a, b.t(), c[0]))


def matmul_3d(x, w):
    return x @ w, torch.matmul(x, w[:, :3]) * 2


aten = torch.ops.aten


def aten_direct(x, y):
    """Overloads make_fx produces only from some spellings, called directly."""
    m = x > 0
    return (aten.add.Scalar(x, 2), aten.sub.Scalar(x, 0.5), aten.mul.Scalar(x, 3), aten.div.Scalar(x, 4),
            torch.div(x, y, rounding_mode=None), x == 0.5, x != y, x < y, x <= y, x >= 0.25, torch.clamp_min(x, 0.1),
            torch.clamp_max(x, 0.2), torch.full_like(x, 7.0), x.new_full((2, 3), 1.5), x.new_ones((3,)),
            torch.zeros(4, 8) + x, x.masked_fill(m, torch.tensor(2.0)), (x * 0.1 + 1).prod(), torch.rsub(x, y),
            x.split([3, 5], 1)[1], torch.where(m, 1.0, 0.0), x.detach() * 2)


def fx_graph_ops(x, w, b, i):
    """Overloads torch 2.x's tracers keep whole and 1.13's make_fx decomposes: an FX graph built by
    torch.fx.symbolic_trace of direct calls, its shapes from shape propagation."""
    return (aten.linear.default(x, w, b), aten.softmax.int(x, -1), aten.log_softmax.int(x, 0),
            aten.layer_norm.default(x, [8], b, b, 1e-5), aten.var.dim(x, [1], True, False), aten.var.default(x),
            aten.std.dim(x, [0], False, True), aten.std.default(x, True), aten.var_mean.dim(x, [1])[1],
            aten.reshape.default(x, [8, 4]), aten.squeeze.default(aten.unsqueeze.default(x, 1)),
            aten.alias.default(x), aten.lift_fresh.default(x), aten.where.Scalar(aten.gt.Scalar(x, 0), 1.0, -1.0),
            aten.where.ScalarSelf(aten.gt.Scalar(x, 0), 2.0, x), aten.where.ScalarOther(aten.lt.Scalar(x, 0), x, 0.0),
            torch.ops.prims.convert_element_type.default(i, torch.float32), aten.zeros.default([2, 2]))


fx_graph_ops.symbolic = True


# --- issue 11: the ops of real models
def rounding_trig(x, h, i):
    """h holds exact halves (round is half to even), i int64."""
    return (torch.sin(x), torch.cos(x), torch.floor(x * 3), torch.ceil(x * 3), torch.round(h), torch.round(x * 3),
            torch.trunc(x * 3), torch.trunc(h), torch.sign(x), torch.sign(h), torch.floor(i), torch.ceil(i),
            torch.sign(i), torch.round(x, decimals=2), torch.round(x * 100, decimals=-1), torch.sin(i), torch.cos(h))


def logic_bits(x, xn, i, m):
    """xn holds NaN and +-inf; i int64 with negatives, m bool."""
    return (torch.logical_not(m), torch.logical_and(m, x < 0.5), torch.logical_or(m, x < -0.5), torch.logical_not(x),
            torch.logical_and(x, i), torch.logical_or(xn, m), ~i, i & 3, i & (i + 1), i | (i * 3), i ^ (i - 2), ~m,
            m & (x < 1), m | (x < -1), m ^ (x < 1), torch.isnan(xn), torch.isinf(xn), torch.isnan(i),
            torch.isinf(x * 1e38 * 10))


def remainders(x, y, i, j):
    """remainder (the sign of the divisor) and fmod (the sign of the dividend); j: nonzero, either sign."""
    return (x % 2, x % y, torch.remainder(x, -1.5), torch.fmod(x, 2), torch.fmod(x, y), i % 3, i % j, torch.fmod(i, j),
            torch.fmod(i, -3), i % 2.5, 2 % (y.abs() + 0.5), (x * 4) % 1, torch.fmod(x * 4, -1), i % -4)


def arg_reductions(x, xn, i, m):
    """argmax/argmin (first index of ties; a NaN is the max and the min, as ATen), any/all."""
    r = torch.round(x)  # ties
    return (x.argmax(), x.argmax(1), x.argmin(0, keepdim=True), x.argmax(keepdim=True), xn.argmax(1), xn.argmin(1),
            xn.argmax(), xn.argmin(0), r.argmax(1), r.argmin(0), i.argmax(1), i.argmin(), m.any(), m.any(1), m.all(),
            m.all(0), m.any(0, keepdim=True), x.any(1), xn.all(), (x > -1).all(1, keepdim=True), i.any(0))


def max_min_dim(x, xn, i):
    """max.dim / min.dim: values and indices (first of ties, NaN wins), keepdim, a 0-d input."""
    r = torch.round(x)
    return (*x.max(1), *x.min(0, keepdim=True), *xn.max(1), *xn.min(1), *xn.max(0), *i.max(0), *r.max(1), *r.min(-1),
            *x[0, 0].max(0), x.max(-1, keepdim=True)[1], x.min(1).values * 2)


def aranges(x):
    return (torch.arange(5), torch.arange(2, 10), torch.arange(0, 10, 3), torch.arange(1.0, 2.0, 0.25),
            torch.arange(8, dtype=torch.float32) + x, torch.arange(0, 1, 0.1), torch.arange(10, 0, -3),
            torch.arange(-1.5, 2.0, 0.5), torch.arange(4, dtype=torch.int32), x * torch.arange(8))


def causal_attention(q, k, v):
    """A causal mask from arange: key j <= query i."""
    t = q.shape[1]
    pos = torch.arange(t)
    mask = pos[None, :] <= pos[:, None]
    s = (q @ k.transpose(1, 2)).masked_fill(~mask, float("-inf"))
    return torch.softmax(s, -1) @ v, mask


def remaps(x, i, m):
    """flip, constant_pad_nd (F.pad: positive pads, negative crops, values cast as ATen casts them), repeat."""
    return (x.flip(0), x.flip((0, 1)), i.flip(-1), F.pad(x, (1, 2)), F.pad(x, (1, 1, 2, 0), value=3.0),
            F.pad(x, (-1, 2)), F.pad(i, (2, 0), value=7), F.pad(i, (1, 1), value=-1.5), F.pad(m, (1, 1), value=0.5),
            F.pad(x, (0, 0, 1, 1), value=float("-inf")), x.repeat(2, 1), x.repeat(1, 2, 3), m.repeat(2, 2),
            (x.flip(1) + 1).repeat(1, 2))


def indirect(x, idx, t2, t0, ids):
    """index_select (1-d and 0-d index, i32 and i64, a negative dim), gather, embedding."""
    return (torch.index_select(x, 1, idx), torch.index_select(x, 0, idx[2:4] % 4), x.index_select(1, idx[1]),
            torch.gather(x, 1, t2), torch.gather(x, 0, t0), F.embedding(ids, x.t()),
            F.embedding(ids.int(), x.t(), padding_idx=0), torch.index_select(x, -1, idx.int()),
            torch.gather(x * 2, -1, t2[:2, :1]) + 1)


def advanced_index(x, m, i, j):
    """aten.index.Tensor: one index (first and middle dim, negative entries), two broadcast indices (adjacent:
    their shape in place; apart: in front), three, i32, a bool tensor indexed by two (transformers' padding
    mask: mask[batch[:, None, None, None], kv[None, None, None, :]]), an index computed in the graph."""
    x3 = x.reshape(2, 4, 4)
    return (x[i % 4] * 2, x[:, i], x3[:, i[:2, None] % 4, j % 4], x3[i[:3] % 2, :, j[0, :3] % 4],
            x3[i[:2] % 2, j[:, :1] % 4, j[0, :2] % 4], x[:, i.int()],
            m[torch.arange(4)[:, None, None, None], torch.arange(8)[None, None, None, :]], x[(i * 3) % 4] + 1)


def strided_views(x, y):
    """as_strided over a row-major input (the storage read as the input's flat elements): a row-major view
    (a slice and a reshape), an offset, steps, overlapping windows, size-1 dims with any stride, a 0 stride;
    as_strided_scatter of a row-major view (the whole input, a run inside it), functionalization's pair;
    as_strided of a view, whose storage offset is absolute: of f[1:] from a position inside it (one
    past its start); one before the view runs eagerly (test/torch/backend.test, storage_bound)."""
    f = x * 2
    return (torch.as_strided(f.reshape(-1), (2, 16), (16, 1)) + 1, torch.as_strided(f, (3, 5), (5, 1), 4),
            torch.as_strided(f, (3, 3), (8, 2), 1), torch.as_strided(f, (6, 3), (1, 1)),
            torch.as_strided(f, (2, 16, 1, 1), (16, 1, 5, 7)), torch.as_strided(f, (3, 4), (0, 2), 2),
            torch.as_strided_scatter(f, y + 1, (8, 4), (4, 1)),
            torch.as_strided_scatter(f, y[:2, :3] + 1, (2, 3), (3, 1), 5),
            torch.as_strided(f[1:], (2, 3), (3, 1), 9) - 1)


def nll_losses(x, t, ti, w):
    """gather of log_softmax at the target (nll by hand), cross_entropy / nll_loss (nll_loss_forward): the
    reductions, class weights, ignore_index (ti holds -100, the default), a [C] input, every target ignored
    (0/0: NaN, as eager)."""
    lp = F.log_softmax(x, -1)
    return (-torch.gather(lp, 1, t[:, None]).squeeze(1).mean(), F.cross_entropy(x, t),
            F.nll_loss(lp, t, reduction="none"), F.nll_loss(lp, t, reduction="sum"), F.cross_entropy(x, ti), F.cross_entropy(x, ti, weight=w),
            F.cross_entropy(x, ti.clamp(min=0), ignore_index=2), F.cross_entropy(x, ti, weight=w, reduction="sum"),
            F.cross_entropy(x, ti, weight=w, reduction="none"), F.nll_loss(lp[0], t[0]),
            F.nll_loss(lp[1], t[1], weight=w, reduction="none"), F.cross_entropy(x[:2], ti[1:2].expand(2)))


class EmbeddingLayerNorm(torch.nn.Module):
    """Token embedding, layer norm, a linear head (examples/embedding_layer_norm.mlir)."""

    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 8)
        self.norm = torch.nn.LayerNorm(8)
        self.head = torch.nn.Linear(8, 10)

    def forward(self, ids):
        h = self.norm(self.emb(ids))
        return h, self.head(h).argmax(-1)


def aten_direct_issue11(i, x):
    """Scalar forms torch 1.13's make_fx fails on (`i | 2` raises there), called directly."""
    return (aten.bitwise_or.Scalar(i, 2), aten.bitwise_xor.Scalar(i, 5), aten.bitwise_and.Scalar(i, 6),
            aten.remainder.Scalar_Tensor(3, x), aten.fmod.Scalar(x, 0.75), aten.argmax.default(x, None, False))


aten_direct_issue11.symbolic = True


def aten_direct_torch2(x):
    """Ops of the table that make_fx of torch 2.x no longer records (it decomposes or rewrites them; torch.export
    and AOTAutograd graphs hold them), called directly."""
    return (aten._reshape_alias.default(x, [8, 4], [4, 1]), aten.rms_norm.default(x, [8], None, 1e-6),
            aten.squeeze.dims(aten.unsqueeze.default(aten.unsqueeze.default(x, 0), 2), [0, 2]),
            torch.ops.prims.iota.default(8, start=2, step=3, dtype=torch.int64, device="cpu", requires_grad=False))


aten_direct_torch2.symbolic = True


def backward_views(x, s, b):
    """What AOTAutograd's backward graphs hold: slice_scatter (slice's backward; a negative start, an open end;
    a step: the backward of x[..., 1::3], its last run ending inside self and past it) and the functional copy
    (src broadcast to self's shape and dtype), called directly."""
    return (aten.slice_scatter.default(x, s, 1, 2, 5), aten.slice_scatter.default(x, aten.slice.Tensor(s, 1, 0, 1), 1, -1),
            aten.copy.default(x, b), aten.copy.default(x, aten._to_copy.default(b, dtype=torch.int32)),
            aten.slice_scatter.default(x, s, 1, 1, 8, 3),
            aten.slice_scatter.default(x, aten.slice.Tensor(s, 1, 0, 2), 1, 3, None, 3),
            aten.slice_scatter.default(x, aten.mul.Tensor(aten.slice.Tensor(x, 0, 1, None, 2), 2.0), 0, 0, None, 2))


backward_views.symbolic = True


def arange_iota(x):
    """torch._decomp's arange: prims.iota (what AOTAutograd's core table makes of arange)."""
    return x + torch.arange(2, 26, 3, dtype=torch.int64)


arange_iota.decompositions = ["aten.arange.start_step"]


def many_buffers(x):
    """280 reductions, each of another width: one program whose CPU wrapper allocates a buffer per kernel,
    none of them reusable (each of its own type). The wrapper's table had 256 places ("too many buffers":
    LeViT's training forward, one partition of 1151 nodes)."""
    for _ in range(280):
        x = x[:, 1:] - x.mean(-1, keepdim=True)
    return x


def rounding_divs(x, y, i, j):
    """div with rounding_mode (and floor_divide): floats as Inductor (trunc / floor of the quotient); integers
    exactly, signs mixed, a scalar divisor, and quotients past f32's 2^24 (i * 123456789 / 7)."""
    big = i * 123456789 + 5
    return (torch.div(x, y, rounding_mode="trunc"), torch.div(x, y, rounding_mode="floor"), x // 0.3,
            torch.div(i, j, rounding_mode="trunc"), torch.div(i, j, rounding_mode="floor"), i // 2, -i // 3,
            torch.div(big, j * 7, rounding_mode="trunc"), torch.div(big, j * 7, rounding_mode="floor"),
            torch.div(big, 1000003, rounding_mode="floor"), torch.div(i.int(), j.int(), rounding_mode="trunc"))


def adaptive_pools(x):
    """Adaptive average pooling to sizes that do not divide the input's (windows of 2 and 3 elements,
    overlapping): torch._decomp's gather of each window and its mean (GoogLeNet's auxiliary heads)."""
    return F.adaptive_avg_pool2d(x, (3, 3)), F.adaptive_avg_pool2d(x, (4, 2)), F.adaptive_avg_pool2d(x[0], 5)


class MLP(torch.nn.Module):
    """Parameters (captured by make_fx as constants) become function arguments after the input."""

    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.fc2 = torch.nn.Linear(16, 8)
        self.norm = torch.nn.LayerNorm(8)
        self.scale = torch.nn.Parameter(torch.tensor([0.5]))

    def forward(self, x):
        return self.norm(x + self.fc2(F.gelu(self.fc1(x)))) * self.scale


class Attention(torch.nn.Module):
    def __init__(self, d=16, h=2):
        super().__init__()
        self.h = h
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.proj = torch.nn.Linear(d, d)

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(x).split(d, dim=-1)
        q = q.view(b, t, self.h, d // self.h).transpose(1, 2).reshape(b * self.h, t, d // self.h)
        k = k.view(b, t, self.h, d // self.h).transpose(1, 2).reshape(b * self.h, t, d // self.h)
        v = v.view(b, t, self.h, d // self.h).transpose(1, 2).reshape(b * self.h, t, d // self.h)
        att = torch.softmax(torch.bmm(q, k.transpose(1, 2)) * (d // self.h) ** -0.5, dim=-1)
        y = torch.bmm(att, v).view(b, self.h, t, d // self.h).transpose(1, 2).reshape(b, t, d)
        return self.proj(y)


class RMSNormStack(torch.nn.Module):
    def __init__(self, d=16, n=3):
        super().__init__()
        self.w = torch.nn.ParameterList([torch.nn.Parameter(1 + 0.1 * torch.randn(d)) for _ in range(n)])

    def forward(self, x, r):
        for w in self.w:
            x = x + r
            r = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * w
        return r, x


def _inputs():
    g = torch.Generator().manual_seed(0)
    f = lambda *s: torch.randn(*s, generator=g)
    # the issue-11 cases draw from their own generator (the inputs of the cases above stay as they were)
    g2 = torch.Generator().manual_seed(11)
    f2 = lambda *s: torch.randn(*s, generator=g2)
    x = f2(4, 8)
    xn = x.clone()  # NaN (two in row 3) and infinities
    for (r, c_), v in zip([(0, 3), (1, 2), (2, 5), (3, 1), (3, 6)], ["nan", "inf", "-inf", "nan", "nan"]):
        xn[r, c_] = float(v)
    ints = torch.randint(-5, 6, (4, 8), generator=g2)
    nonzero = torch.randint(1, 4, (4, 8), generator=g2) * (torch.randint(0, 2, (4, 8), generator=g2) * 2 - 1)
    halves = (torch.arange(32) - 16).view(4, 8) * 0.5
    return {
        "binary_ops": (binary_ops, [f(4, 8), f(8)]),
        "scalar_ops": (scalar_ops, [f(4, 8)]),
        "pow_tensor": (pow_tensor, [f(4, 8), f(4, 8)]),
        "max_min": (max_min, [f(4, 8), f(4, 1)]),
        "compare_where": (compare_where, [f(4, 8), f(8)]),
        "masked_fill": (masked_fill, [f(4, 8), f(4, 8)]),
        "unary_ops": (unary_ops, [f(4, 8)]),
        "activations": (activations, [f(4, 8)]),
        "dtypes": (dtypes, [f(4, 8), torch.randint(0, 10, (4, 8), generator=g), f(4, 8) > 0]),
        "half_math": (half_math, [f(4, 8).half()]),
        "half_mean": (half_mean, [f(4, 8).half()]),
        "wrapped_scalars": (wrapped_scalars, [(f(4, 8) * 0.1).half(), f(4, 8), torch.arange(6).reshape(2, 3)]),
        "constants": (constants, [f(4, 8)]),
        "reductions": (reductions, [f(4, 8)]),
        "variances": (variances, [f(4, 8)]),
        "views": (views, [f(4, 8)]),
        "views_nc": (views_nc, [f(4, 8)]),
        "slicing": (slicing, [f(4, 8)]),
        "split_cat": (split_cat, [f(4, 8), f(6, 8)]),
        "softmaxes": (softmaxes, [f(4, 8) * 3]),
        "layer_norms": (layer_norms, [f(4, 8), f(8), f(8)]),
        "layer_norm_stats": (layer_norm_stats, [f(4, 8)]),
        "norms_scan": (norms_scan, [f(4, 8), f(8), f(8)]),
        "matmuls": (matmuls, [f(4, 8), f(8, 4), f(4)]),
        "matmul_3d": (matmul_3d, [f(2, 3, 8), f(8, 5)]),
        "aten_direct": (aten_direct, [f(4, 8), f(4, 8)]),
        "fx_graph_ops": (fx_graph_ops, [f(4, 8), f(8, 8), f(8), torch.randint(0, 5, (4, 8), generator=g)]),
        "MLP": (MLP, [f(4, 8)]),
        "Attention": (Attention, [f(2, 5, 16)]),
        "RMSNormStack": (RMSNormStack, [f(4, 16), f(4, 16)]),
        "rounding_trig": (rounding_trig, [f2(4, 8), halves, ints]),
        "logic_bits": (logic_bits, [x, xn, ints, x > 0]),
        "remainders": (remainders, [x, f2(4, 8), ints, nonzero]),
        "arg_reductions": (arg_reductions, [x, xn, ints, x > 0]),
        "max_min_dim": (max_min_dim, [x, xn, ints]),
        "aranges": (aranges, [f2(4, 8)]),
        "causal_attention": (causal_attention, [f2(2, 6, 4), f2(2, 6, 4), f2(2, 6, 4)]),
        "remaps": (remaps, [f2(4, 8), ints, x > 0]),
        "indirect": (indirect, [x, torch.tensor([7, 0, 3, 3, 5]), torch.randint(0, 8, (4, 3), generator=g2),
                                torch.randint(0, 4, (2, 8), generator=g2), torch.randint(0, 8, (2, 5), generator=g2)]),
        "strided_views": (strided_views, [x, f2(8, 4)]),
        "advanced_index": (advanced_index, [x, x > 0, torch.tensor([7, 0, -3, 3, -5]),
                                            torch.tensor([[1, 2, 0], [3, 0, 2]])]),
        "nll_losses": (nll_losses, [f2(4, 8), torch.tensor([1, 7, 0, 4]), torch.tensor([1, -100, 2, 2]),
                                    f2(8).abs() + 0.5]),
        "EmbeddingLayerNorm": (EmbeddingLayerNorm, [torch.randint(0, 10, (2, 5), generator=g2)]),
        "aten_direct_issue11": (aten_direct_issue11, [ints, f2(4, 8)]),
        "aten_direct_torch2": (aten_direct_torch2, [f2(4, 8)]),
        "arange_iota": (arange_iota, [f2(4, 8)]),
        "backward_views": (backward_views, [f2(4, 8), f2(4, 3), f2(8)]),
        "many_buffers": (many_buffers, [f2(4, 320)]),
        "adaptive_pools": (adaptive_pools, [f2(2, 3, 7, 6)]),
        "rounding_divs": (rounding_divs, [x * 4, f2(4, 8), ints, nonzero]),
    }


def small_cases():
    torch.manual_seed(0)
    out = {}
    for name, (fn, args) in _inputs().items():
        if isinstance(fn, type):
            fn = fn().eval()
        out[name] = (fn, args)
    return out


def example_cases(n):
    g = torch.Generator().manual_seed(1)
    return {name: (fn, [torch.randn(*s, generator=g) for s in shapes(n)])
            for name, (fn, _, shapes) in EXAMPLES.items()}
