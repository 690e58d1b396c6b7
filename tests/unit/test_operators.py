"""Inverse-fault operators on sources: each dev near-miss whose fix is one operator's edit gets
that exact edit; edits parse, never touch the reference Model, and combine when disjoint; the
CUDA C operators edit load_inline strings. Nothing runs a kernel."""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
import yaml

from kagent.agents.localize import Symptoms, family_weights, sites_of
from kagent.patterns.operators import OPERATORS, combine, families, propose
from kagent.patterns.operators.base import Edit, Src

DEV = Path(__file__).resolve().parents[1] / "corpus" / "nearmiss_dev"
MANIFEST = yaml.safe_load((DEV / "manifest.yaml").read_text())


def _made(src, op) -> list[str]:
    """Every source the operator makes from `src` (a Src), at every line of its scopes."""
    lines = [-1] if op.global_ else [ln for ln in range(len(src.lines)) if src.scope_of(ln) in op.scopes]
    return ["\n".join([*src.lines[:a], *new, *src.lines[b:]]) for line0 in lines for _, a, b, new in op.propose(src, line0)]


@functools.lru_cache(maxsize=None)  # the parametrized tests ask the same sources again and again
def _edits(src: str, cls: str):
    w = family_weights(Symptoms(failure_class=cls, classes=[cls]))
    # what each operator proposes, past the search's 400 (GENERIC_SRC's dozens of lines fill them: its
    # last lines' edits rank 350-400, where one more operator's edit elsewhere pushes them out)
    return tuple(propose(src, [(s.line, s.score) for s in sites_of(src, w)], w, limit=600))


# the dev near-misses whose correct twin is exactly one operator edit away, and that operator
EXACT = {
    "rowmax_init_zero.py": "init_value", "cumsum_exclusive.py": "scan_inclusive", "rope_sign.py": "sign_flip",
    "rmsnorm_sqrt_not_rsqrt.py": "sqrt_swap",
    # rsqrt(var) + eps -> rsqrt(var + eps) is also an epilogue moved inside its function
    "layernorm_eps_after_rsqrt.py": ("eps_inside", "epilogue_order"),
    "add2d_pid_swap.py": "pid_swap", "rowsum_host_stride.py": "stride_dim",
    "scale2d_grid_missing_axis.py": "grid_axis", "relu_fp16_out_dtype.py": "out_dtype",
    "softmax_block_below_row.py": "block_pow2", "colsum_split_store.py": "atomic_store",
    "rowmin_other_zero.py": "other_value", "copy2d_offbyone_mask.py": "cmp_strict",
    "hinge_pm1_atomic.py": "atomic_store",
}


@pytest.mark.parametrize("name", sorted(EXACT))
def test_the_twin_is_one_operator_edit_away(name):
    e = next(x for x in MANIFEST if x["path"] == name)
    src, twin = (DEV / name).read_text(), (DEV / e["twin"]).read_text()
    edits = _edits(src, e["failure_class"])
    hit = [r for r in edits if r.new_source.strip() == twin.strip()]
    assert hit, f"no edit of {name} gives its twin"
    assert hit[0].edit.operator in (EXACT[name] if isinstance(EXACT[name], tuple) else (EXACT[name],))
    # ranked near the top, not found by luck at the end. Under this bare symptom the measured priors (the sites'
    # kinds, agents/localize.py; the operators' yields, patterns/operators) put a max started at 0 at 21: the
    # blind sets seldom hold one; its own symptom ranks it 6th (the next test)
    assert edits.index(hit[0]) < 24


def test_negative_inputs_only_bring_the_initial_and_fill_values_forward():
    for name in ("rowmax_init_zero.py", "rowmin_other_zero.py"):
        e = next(x for x in MANIFEST if x["path"] == name)
        src, twin = (DEV / name).read_text(), (DEV / e["twin"]).read_text()
        sym = Symptoms(failure_class=e["failure_class"], classes=[e["failure_class"]], case_kinds=["stress_negative"],
                       only_some_cases=True)
        w = family_weights(sym)
        edits = propose(src, [(s.line, s.score) for s in sites_of(src, w)], w, limit=600)
        assert [r.new_source.strip() for r in edits].index(twin.strip()) < 8, name


def test_edits_parse_and_leave_the_reference_alone():
    for e in MANIFEST:
        src = (DEV / e["path"]).read_text()
        model = src[src.index("class Model"):src.index("\n\n\n", src.index("class Model"))]
        for r in _edits(src, e["failure_class"]):
            compile(r.new_source, e["path"], "exec")
            assert model in r.new_source, (e["path"], r.edit.description)


def test_the_stable_rewrites_and_the_dropped_argument():
    tanh = _edits((DEV / "tanh_overflow.py").read_text(), "nan_output")
    assert any(r.edit.operator == "stable_math" and "tl.abs(x)" in r.new_source for r in tanh)
    sp = _edits((DEV / "softplus_overflow.py").read_text(), "nan_output")
    # (the global rewrite and the line's own give the same source: either may be the one kept)
    assert any(r.edit.operator in ("stable_math", "stable_log_exp") and "tl.exp(-tl.abs(x))" in r.new_source for r in sp)
    drop = _edits((DEV / "rmsnorm_helper_drops_eps.py").read_text(), "numerical_mismatch")
    assert any("rms_norm(x, eps=self.eps)" in r.new_source for r in drop)
    acc = _edits((DEV / "gemv_fp16_accumulator.py").read_text(), "precision_loss")
    whole = next(r for r in acc if r.edit.operator == "kernel_fp32")
    assert "tl.float16" not in whole.new_source.split("class ModelNew")[0] and ".to(tl.float32)" in whole.new_source


def test_disjoint_edits_combine_and_overlapping_ones_do_not():
    src = "a = 1\nb = 2\nc = 3\n"
    e1 = Edit(operator="x", family="f", description="", start=0, stop=1, lines=("a = 10",))
    e2 = Edit(operator="y", family="f", description="", start=2, stop=3, lines=("c = 30", "d = 4"))
    e3 = Edit(operator="z", family="f", description="", start=0, stop=2, lines=("ab = 0",))
    assert combine(src, e1, e2) == "a = 10\nb = 2\nc = 30\nd = 4\n" == combine(src, e2, e1)
    assert combine(src, e1, e3) is None


CUDA_SRC = '''import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = """
__global__ void rowsum(const float* x, float* out, int n, int m) {
    int row = blockIdx.x;
    __half acc = 0;
    float best = 0.0f;
    for (int j = 0; j <= m; ++j) {
        acc += x[row * m + j];
    }
    out[row] = sqrtf(acc);
}
"""


class ModelNew(nn.Module):
    def forward(self, x):
        return x
'''


def test_cuda_c_operators_edit_the_kernel_string():
    edits = _edits(CUDA_SRC, "numerical_mismatch")
    descs = {r.edit.operator: r for r in edits}
    assert "j < m" in descs["cmp_strict"].new_source
    assert any(r.edit.operator == "cuda_acc_float" and "float acc = 0;" in r.new_source for r in edits)
    assert any(r.edit.operator == "cuda_init" and "float best = -INFINITY;" in r.new_source for r in edits)
    assert any(r.edit.operator == "sqrt_swap" and "rsqrtf(acc)" in r.new_source for r in edits)
    assert any(r.edit.operator == "cuda_index" and "blockIdx.y" in r.new_source for r in edits)


def test_the_registry_covers_the_issue_families():
    fams = families()
    for f in ("compare", "mask", "other", "init", "dtype", "out_dtype", "grid", "block", "stride", "pid", "sign",
              "sqrt", "eps", "stable", "atomic", "scan", "args", "operand", "divisor", "shape"):
        assert fams.get(f), f
    assert all(op.cost >= 1 for op in OPERATORS.values())


NM = Path(__file__).resolve().parents[1] / "corpus" / "nearmiss"


@pytest.mark.parametrize("name,cls,needle", [
    ("bias_relu_scale_row_index", "numerical_mismatch", "col = offs % n_cols"),
    ("sum_reduction_wrong_axis_stride", "numerical_mismatch", "offs_r[:, None] * INNER + offs_i[None, :]"),
    ("sum_reduction_missing_r_mask", "out_of_bounds", "mask = (offs_r[:, None] < R) & (mask_i[None, :])"),
    ("scaled_softmax_missing_scale", "numerical_mismatch", "qk_scale = self.scale * 1.4426950408889634"),
])
def test_index_mask_and_attribute_operators_on_corpus_faults(name, cls, needle):
    edits = _edits((NM / f"{name}.py").read_text(), cls)
    assert any(needle in r.new_source for r in edits)


def test_a_k_loop_tail_needs_both_loads_masked_and_the_two_edits_combine():
    src = (NM / "matmul_fp16_k_tail_unmasked.py").read_text()
    edits = [r for r in _edits(src, "out_of_bounds") if r.edit.operator == "mask_extend"]
    a = next(r for r in edits if "(k[None, :] < K) & (offs_m[:, None] < M)" in r.new_source)
    b = next(r for r in edits if "(k[:, None] < K) & (offs_n[None, :] < N)" in r.new_source)
    both = combine(src, a.edit, b.edit)
    assert both is not None and "k[None, :] < K" in both and "k[:, None] < K" in both


EXPR_SRC = '''import math
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _act(x):
    return x * tl.sigmoid(x)


@triton.jit
def gated_kernel(x_ptr, b_ptr, y_ptr, n, C, HW, lo, hi, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    c = offs % C
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    g = tl.load(b_ptr + c, mask=offs < n, other=0.0)
    y = tl.minimum(tl.maximum(_act(g) * x, lo), -lo)
    z = _act(y) + g
    for k in range(0, tl.cdiv(n, BLOCK)):
        left = n - k
    tl.store(y_ptr + offs, z / n, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, x, b):
        B, C, H, W = x.shape
        y = torch.empty((B, C), dtype=x.dtype, device=x.device)
        idx = torch.empty((B,), dtype=torch.int32, device=x.device)
        scale = 1.0 / math.isqrt(H)
        mean = 1.0 / x.numel()
        gated_kernel[(1,)](x, b, y, x.numel(), C, H * W, -1.0, 1.0, BLOCK=128)
        return y
'''


@pytest.mark.parametrize("operator,needle", [
    ("unused_param", "tl.maximum(_act(g) * x, lo), hi)"),   # the look-alike operand -> the unused parameter
    ("unused_param", "c = (offs // HW) % C"),                 # an index split by the unused extent
    ("operand_swap", "_act(x) * g"),
    ("epilogue_order", "z = _act(y + g)"),
    ("divisor", "z / (n - 1)"),
    ("divisor", "mean = 1.0 / B"),
    ("loop_scale", "left = n - k * BLOCK"),
    ("int_truncation", "math.sqrt(H)"),
    ("alloc_shape", "torch.empty((B, 1, C),"),
    ("int_width", "dtype=torch.int64"),
])
def test_expression_operators_propose_the_inverse_edit(operator, needle):
    edits = _edits(EXPR_SRC, "shape_mismatch") + _edits(EXPR_SRC, "numerical_mismatch")
    assert any(r.edit.operator == operator and needle in r.new_source for r in edits), operator


def test_an_unused_parameter_wraps_an_index():
    src = EXPR_SRC.replace("c = offs % C", "c = offs").replace("n, C, HW, lo", "n, C, HW, S, lo")
    edits = _edits(src, "numerical_mismatch")
    assert any(r.edit.operator == "unused_param" and "c = offs % S" in r.new_source for r in edits)


GENERIC_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sp(x, beta):
    return tl.log(1.0 + tl.exp(x * beta)) / beta


@triton.jit
def tile_kernel(x_ptr, s_ptr, y_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.program_id(0) * BM + tl.arange(0, BM)
    rn = tl.arange(0, BN)
    b = tl.program_id(1)
    mask = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + b * M * N + rm[:, None] * N + rn[None, :], mask=mask, other=0.0)
    s = tl.load(s_ptr + rm, mask=rm < M, other=0.0)
    mx = tl.max(x, axis=1)
    den = tl.sum(tl.exp(x - mx[:, None]), axis=1)
    tl.store(y_ptr + rm[:, None] * N + rn[None, :], x * s[:, None] / den[:, None], mask=mask)


@triton.jit
def misc_kernel(x_ptr, g_ptr, o_ptr, q_ptr, h_ptr, n, CPG, HW, shift, beta, BLOCK: tl.constexpr):
    j = tl.arange(0, BLOCK)
    group_size = CPG * HW
    up = tl.load(x_ptr + j, mask=j < n, other=0.0)
    gate = tl.load(g_ptr + j, mask=j < n, other=0.0)
    y = up * tl.sigmoid(up) * gate
    mean = tl.sum(y, axis=0) / HW
    src = j - shift
    carry = 0.0
    for k in range(0, 4):
        carry += tl.sum(up, axis=0)
        z = tl.cumsum(up, axis=0) + carry
        tl.store(o_ptr + k * BLOCK + j, z, mask=j < n)
    e = tl.exp(2.0 * mean)
    tl.store(q_ptr + j, (y / e).to(tl.int8), mask=j < n)
    tl.store(h_ptr + src, tl.load(h_ptr + src, mask=j < n, other=0.0) + _sp(y * beta, beta), mask=j < n)


class ModelNew(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.proj = nn.Linear(d, d)
        self.min_val, self.max_val = -1.0, 1.0

    def forward(self, x, g):
        B, M, N = x.shape
        n_rows = M
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        w = self.proj.weight
        grid = (triton.cdiv(M, 16),)
        tile_kernel[grid](x, w, out, M, N, BM=16, BN=32)
        misc_kernel[(1,)](x, g, out, out, out, N, self.max_val, self.min_val, 1, 2.0, BLOCK=32)
        return out
'''


@pytest.mark.parametrize("operator,needle", [
    ("name_exchange", "y = gate * tl.sigmoid(gate) * up"),
    ("name_substitute|dead_value", "mean = tl.sum(y, axis=0) / group_size"),  # group_size is also unused
    ("drop_operand", "_sp(y, beta)"),
    ("arg_swap", "self.min_val, self.max_val, 1"),
    ("stmt_swap", "z = tl.cumsum(up, axis=0) + carry\n        carry += tl.sum(up, axis=0)"),
    ("exp_cap", "e = tl.exp(tl.minimum(2.0 * mean, 80.0))"),
    ("round_to_int", "tl.floor(y / e + 0.5)"),
    ("axis_flip", "mx = tl.max(x, axis=0)\n    den = tl.sum(tl.exp(x - mx[None, :]), axis=0)"),
    ("broadcast_axis", "s = tl.load(s_ptr + rn, mask=rn < N, other=0.0)"),
    ("rmw_atomic", "tl.atomic_add(h_ptr + src, _sp(y * beta, beta), mask=j < n)"),
    ("index_wrap", "src = ((j - shift) % n + n) % n"),
    ("weight_transpose", "w = self.proj.weight.t()"),
    ("alloc_shape", "torch.empty(n_rows, 1, dtype=x.dtype"),
    ("grid_axis", "grid = (triton.cdiv(M, 16), B)"),
])
def test_generic_operators_propose_the_inverse_edit(operator, needle):
    edits = _edits(GENERIC_SRC, "numerical_mismatch") + _edits(GENERIC_SRC, "shape_mismatch")
    assert any(r.edit.operator in operator.split("|") and needle in r.new_source for r in edits), operator


def test_statement_swaps_never_read_a_name_before_its_first_definition():
    edits = _edits(GENERIC_SRC, "numerical_mismatch")
    swaps = [r for r in edits if r.edit.operator == "stmt_swap"]
    assert swaps
    # `rn` is first defined on the line that a swap would move below its use
    assert not any("mask = (rm[:, None] < M) & (rn[None, :] < N)\n    rn = tl.arange" in r.new_source for r in swaps)
    # the broadcast of the flipped vector follows it: s[None, :] wherever s was s[:, None]
    flipped = next(r for r in edits if r.edit.operator == "broadcast_axis")
    assert "s[None, :]" in flipped.new_source and "s[:, None]" not in flipped.new_source


CUDA_GENERIC_SRC = '''import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = """
__global__ void quant(const float* x, signed char* q, float lo, float hi, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float t = 2.0f / (1.0f + expf(-2.0f * x[i]));
        q[i] = (signed char)(fminf(fmaxf(t * 64.0f, hi), lo));
    }
}
"""


class ModelNew(nn.Module):
    def forward(self, x):
        return x
'''


@pytest.mark.parametrize("operator,needle", [
    ("cuda_exp_cap", "expf(fminf(-2.0f * x[i], 80.0f))"),
    ("cuda_round", "(signed char)(rintf(fminf(fmaxf(t * 64.0f, hi), lo)))"),
    ("cuda_arg_swap", "quant(const float* x, signed char* q, float hi, float lo, int n)"),
])
def test_generic_cuda_c_operators_edit_the_kernel_string(operator, needle):
    edits = _edits(CUDA_GENERIC_SRC, "numerical_mismatch")
    assert any(r.edit.operator == operator and needle in r.new_source for r in edits), operator


FLOW_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def flow_kernel(x_ptr, q_ptr, b_ptr, o_ptr, i_ptr, n, z, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    best = tl.full((), -float("inf"), tl.float32)
    idx = 0
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k in range(0, n, BLOCK):
        offs = k + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + row * n + offs, mask=offs < n, other=-float("inf"))
        best = tl.max(x, axis=0)
        idx = tl.argmax(x, axis=0)
        acc += x
        acc = acc + tl.load(b_ptr + offs, mask=offs < n, other=0.0)
    q = tl.load(q_ptr + offs, mask=offs < n, other=0)
    deq = (q - z).to(tl.float32)
    y = tl.where(x > 0, 0.0, x)
    tl.store(o_ptr + row, best + tl.sum(acc, axis=0) + tl.sum(deq, axis=0) + tl.sum(y, axis=0))
    tl.store(i_ptr + row, idx)


class ModelNew(nn.Module):
    def forward(self, x):
        n = x.shape[-1]
        o = torch.empty(x.shape[:-1], device=x.device)
        BLOCK = min(triton.next_power_of_2(n), 1024)
        flow_kernel[(x.shape[0],)](x, x, x, o, o, n, 3, BLOCK=BLOCK)
        return o
'''


@pytest.mark.parametrize("operator,needle", [
    ("carry_combine", "best = tl.maximum(best, tl.max(x, axis=0))"),
    ("block_index_offset", "tl.argmax(x, axis=0) + k"),
    ("loop_epilogue", "        acc += x\n    acc = acc + tl.load("),
    ("cast_first", "(q.to(tl.float32) - z.to(tl.float32))"),
    ("drop_cap", "BLOCK = triton.next_power_of_2(n)"),
    ("arg_swap", "tl.where(x > 0, x, 0.0)"),
    ("alloc_shape", "torch.empty((*x.shape[:-1], 1),"),
])
def test_flow_operators_propose_the_inverse_edit(operator, needle):
    edits = _edits(FLOW_SRC, "numerical_mismatch") + _edits(FLOW_SRC, "shape_mismatch")
    assert any(r.edit.operator == operator and needle in r.new_source for r in edits), operator
    # a size cap is not a clamp bound
    assert not any(r.edit.operator == "clamp_bound" and "min(triton.next_power_of_2(n), 0.0)" in r.new_source
                   for r in edits)


DEAD_SRC = '''import triton
import triton.language as tl


@triton.jit
def pool_kernel(x_ptr, o_ptr, n, stride_b, stride_r, KS: tl.constexpr, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    r = tl.program_id(1)
    offs = tl.arange(0, BLOCK)
    base = r * stride_r
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    cnt = tl.zeros([BLOCK], dtype=tl.float32)
    for k in tl.static_range(KS):
        valid = offs + k < n
        acc += tl.load(x_ptr + base + offs + k, mask=valid, other=0.0)
        cnt += valid.to(tl.float32)
    tl.store(o_ptr + base + offs, acc / (KS * 1.0), mask=offs < n)
'''


def test_a_computed_but_unused_value_replaces_its_stand_in():
    edits = _edits(DEAD_SRC, "numerical_mismatch")
    dead = [r for r in edits if r.edit.operator == "dead_value"]
    assert any(re.search(r"acc / \(?cnt\)?,", r.new_source) for r in dead)
    assert any("base = b * stride_b + r * stride_r" in r.new_source for r in dead)
    # never inside an address, never an index for data
    assert not any("o_ptr + cnt" in r.new_source or "acc / b" in r.new_source for r in dead)


def test_exp2_without_log2e_and_a_scalar_running_best():
    src = FLOW_SRC.replace("    y = tl.where(x > 0, 0.0, x)\n", "    y = tl.where(x > 0, tl.exp2(x) - 1.0, x)\n    top = 0.0\n")
    edits = _edits(src, "numerical_mismatch")
    assert any(r.edit.operator == "exp_base" and "tl.exp2((x) * 1.4426950408889634)" in r.new_source for r in edits)
    assert any(r.edit.operator == "init_value" and 'top = -float("inf")' in r.new_source for r in edits)


FORMS_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def forms_kernel(a_ptr, b_ptr, q_ptr, o_ptr, n, sx, margin, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(a_ptr + offs, mask=m, other=0.0)
    b = tl.load(b_ptr + row * n + offs, mask=m, other=0.0)
    q = tl.load(q_ptr + row * n + offs, mask=m, other=0)
    lo = q & 0xF
    hi = q >> 4
    d = a * b - b * b
    cnt = tl.sum(m.to(tl.float32), axis=0)
    h = d + margin
    e = tl.exp(d) + (lo + hi).to(tl.float32)
    end = (row + 1) * n // 3
    s = -tl.log(1.0 + tl.exp(-a))
    g = tl.log(0.5 * (tl.exp(a) + tl.exp(-a)))
    f = margin * (1.0 - a) + (1.0 - margin) * a
    c = tl.maximum(tl.minimum(a, 1.0), -1.0)
    z = margin * (tl.exp(a) - 1.0)
    t = tl.sum(a[:, None] * b[None, :], axis=0)
    for r0 in range(row, end, BLOCK):
        rr = r0 + offs
        t += tl.sum(tl.load(b_ptr + rr, mask=rr < n, other=0.0), axis=0)
    tl.store(o_ptr + row, tl.sum(h + e + s + g + f + c + z + t, axis=0) / cnt + end)
'''


@pytest.mark.parametrize("operator,needle", [
    ("swap_difference", "d = (b * b - a * b)"),
    ("function_pair", "e = tl.exp2(d) +"),
    ("missing_bound", "h = tl.maximum(d + margin, 0.0)"),
    ("missing_bound", "cnt = tl.maximum(tl.sum(m.to(tl.float32), axis=0), 1.0)"),
    ("missing_bitmask", "hi = ((q >> 4) & 0xf)"),
    ("ceil_division", "end = (((row + 1) * n) + 3 - 1) // 3"),
    ("row_offset", "a = tl.load(a_ptr + row * sx + offs,"),
    ("stable_log_exp", "s = -(tl.maximum(-a, 0.0) + tl.log(1.0 + tl.exp(-tl.abs(-a))))"),
    ("stable_log_exp", "g = (tl.maximum(a, -a) + tl.log(1.0 + tl.exp(-tl.abs((a) - (-a)))) + tl.log(0.5))"),
    ("complement_swap", "f = (margin * a + (1.0 - margin) * (1.0 - a))"),
    ("clamp_nesting", "c = tl.minimum(tl.maximum(a, -1.0), 1.0)"),
    ("scale_inside", "z = margin * (tl.exp((a) / margin) - 1.0)"),
    ("flip_broadcast", "t = tl.sum(a[None, :] * b[None, :], axis=0)"),
    ("mask_loop_bound", "tl.load(b_ptr + rr, mask=rr < end, other=0.0)"),
])
def test_form_operators_propose_the_inverse_edit(operator, needle):
    edits = _edits(FORMS_SRC, "numerical_mismatch")
    assert any(r.edit.operator == operator and needle in r.new_source for r in edits), operator
    # a pointer is never mirrored, an index is never hinged, a mask with its field is left alone
    assert not any(r.edit.operator == "swap_difference" and "offs - a_ptr" in r.new_source for r in edits)
    assert not any(r.edit.operator == "missing_bound" and "tl.maximum(offs" in r.new_source for r in edits)
    assert not any("((q & 0xF) & " in r.new_source for r in edits)


WIRING_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _tanh(v):
    e = tl.exp(2.0 * v)
    return (e - 1.0) / (e + 1.0)


@triton.jit
def heads_kernel(x_ptr, idx_ptr, o_ptr, H, S, sx_b, sx_s, so_b, so_s, BLOCK: tl.constexpr):
    bh = tl.program_id(0)
    b = bh // H
    dst = bh
    s = tl.arange(0, BLOCK)
    v = tl.load(x_ptr + s * sx_s, mask=s < S)
    tl.store(o_ptr + b * so_b + dst * so_s + s, v, mask=s < S)


@triton.jit
def rows_kernel(a_ptr, b_ptr, w_ptr, o_ptr, n_rows, n_cols, BLOCK: tl.constexpr):
    r_idx = tl.arange(0, BLOCK)[:, None]
    c_idx = tl.arange(0, BLOCK)[None, :]
    rmask = r_idx < n_rows
    cmask = c_idx < n_cols
    y = tl.load(a_ptr + r_idx * n_cols + c_idx, mask=rmask & cmask, other=0.0)
    g = tl.load(b_ptr + r_idx * n_cols + c_idx, mask=rmask & cmask, other=0.0)
    w = tl.load(w_ptr + r_idx, mask=rmask, other=0.0)
    mean = tl.sum(y, axis=1) / n_cols
    dev = tl.abs(g - mean[:, None])
    s = tl.sum(g, axis=1)
    q = (y * 8.0 + 0.5).to(tl.int32).to(tl.float32)
    frac = (r_idx // n_cols).to(tl.float32)
    t = tl.dot(y, g, input_precision="ieee")
    tl.store(o_ptr + r_idx * n_cols + c_idx, _tanh(dev) + s[:, None] + q + frac + t * w, mask=rmask & cmask)


class ModelNew(nn.Module):
    def __init__(self, kernel_size, stride):
        super().__init__()
        self.kernel_size, self.stride = kernel_size, stride

    def forward(self, x):
        q = torch.empty(x.shape, device=x.device, dtype=torch.int8)
        corr = (1 - 0.999 ** 3) ** 0.5
        n_out = x.shape[1] // self.stride
        rows_kernel[(1,)](x, x, x, q, x.shape[0], n_out, BLOCK=16)
        return q * corr
'''


@pytest.mark.parametrize("operator,needle", [
    ("missing_offset", "v = tl.load(x_ptr + b * sx_b + s * sx_s, mask=s < S)"),
    ("missing_gather", "dst = tl.load(idx_ptr + bh)"),
    ("axis_names", "w = tl.load(w_ptr + c_idx, mask=cmask, other=0.0)"),
    ("pad_where", "dev = tl.where(rmask & cmask, tl.abs(g - mean[:, None]), 0.0)"),
    ("reduce_factor", "s = tl.sum(y * g, axis=1)"),
    ("trunc_to_floor", "q = tl.floor(y * 8.0 + 0.5)"),
    ("cast_first", "frac = (r_idx.to(tl.float32) / n_cols)"),
    ("dot_transpose", "t = tl.dot(y, tl.trans(g), input_precision=\"ieee\")"),
    ("int_width", "dtype=torch.uint8)"),
    ("drop_operand", "corr = (1 - 0.999 ** 3)\n"),
    ("stable_math", "return tl.where(v >= 0, (1.0 - e) / (1.0 + e), (e - 1.0) / (1.0 + e))"),
    ("window_count", "n_out = (x.shape[1] - self.kernel_size) // self.stride + 1"),
])
def test_wiring_and_form_operators_propose_the_inverse_edit(operator, needle):
    edits = _edits(WIRING_SRC, "numerical_mismatch") + _edits(WIRING_SRC, "dtype_mismatch") + \
        _edits(WIRING_SRC, "shape_mismatch")
    assert any(r.edit.operator == operator and needle in r.new_source for r in edits), operator
    # a stride goes with a program index, never with an address or a tile; a plain load keeps its fill
    assert not any(r.edit.operator == "missing_offset" and ("v * sx_b" in r.new_source or "s * sx_b" in r.new_source)
                   for r in edits)
    assert not any(r.edit.operator == "pad_where" and "y = tl.where(" in r.new_source for r in edits)


INDEX_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _log_sig(z):
    return tl.log(1.0 / (1.0 + tl.exp(-z)))


@triton.jit
def index_kernel(x_ptr, w_ptr, c_ptr, o_ptr, n_rows, n_cols, eps, W, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    cols = tl.arange(0, BLOCK)
    i = tl.arange(0, BLOCK)
    w = tl.load(w_ptr + rows, mask=cols < n_cols, other=0.0)
    d = tl.load(x_ptr + i * W, mask=i < W, other=0.0)
    cnt = tl.load(c_ptr)
    n2 = tl.sum(d * d, axis=0)
    l1 = tl.sum(w, axis=0)
    steps = cols.to(tl.float32)
    ki, kj = cols % 3, cols // 3
    s = tl.where(d >= 0, 1.0, -1.0)
    u = (d.to(tl.int32) >> 1) & 0x5555555
    v = tl.sqrt(d * d + eps)
    acc = 0
    for k in tl.static_range(8):
        acc = acc | ((d > 0).to(tl.int32) << k)
    tl.store(o_ptr + cols, _log_sig(d) + n2 + l1 / n_rows + steps + ki + kj + s + u + v + acc, mask=cols < n_cols)
'''


@pytest.mark.parametrize("operator,needle", [
    ("mask_index", "w = tl.load(w_ptr + cols, mask=cols < n_cols, other=0.0)"),
    ("flip_index", "d = tl.load(x_ptr + (W - 1 - i) * W, mask=i < W, other=0.0)"),
    ("flip_index", "<< (8 - 1 - k))"),
    ("reduce_norm", "n2 = tl.sqrt(tl.sum(d * d, axis=0))"),
    ("reduce_abs", "l1 = tl.sum(tl.abs(w), axis=0)"),
    ("count_from_index", "steps = (cols + 1).to(tl.float32)"),
    ("divisor", "l1 / cnt"),
    ("arg_swap", "ki, kj = cols // 3, cols % 3"),
    ("stable_log_exp", "return (tl.minimum(z, 0.0) - tl.log(1.0 + tl.exp(-tl.abs(z))))"),
    ("sign_zero", "s = ((d > 0).to(tl.float32) - (d < 0).to(tl.float32))"),
    ("mask_width", "& 0x55555555"),
    ("eps_square", "v = tl.sqrt(d * d + eps * eps)"),
])
def test_index_and_norm_operators_propose_the_inverse_edit(operator, needle):
    edits = _edits(INDEX_SRC, "numerical_mismatch") + _edits(INDEX_SRC, "nan_output")
    assert any(r.edit.operator == operator and needle in r.new_source for r in edits), operator
    # a bound check is never flipped, and a mask is never an address
    assert not any(r.edit.operator == "flip_index" and "(W - 1 - i) < W" in r.new_source for r in edits)
    assert not any(r.edit.operator == "mask_index" and "w_ptr + mask" in r.new_source for r in edits)


MISC_SRC = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def misc_kernel(x_ptr, q_ptr, o_ptr, p_ptr, n, lo, hi, min_p, eps, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    q = tl.load(q_ptr + offs, mask=m, other=0)
    packed = q | ((q & 15) << 4)
    var = tl.sum(x * x, axis=0) / n
    std = tl.sqrt(var)
    y = x / tl.sqrt(var + eps)
    r = tl.maximum(tl.exp(x), lo)
    top = tl.max(x, axis=0)
    keep = x < min_p
    g = tl.exp(2.2 * tl.log(x + 0.055))
    l00 = tl.sqrt(x)
    l10 = x / l00
    l11 = tl.sqrt(x - l10 * l10)
    l21 = x / l00
    tl.store(o_ptr + offs, y + r + g + l21 + tl.where(keep, 0.0, 1.0), mask=m)
    tl.store(p_ptr + offs, packed, mask=m)


class ModelNew(nn.Module):
    def forward(self, x, q):
        out = torch.empty_like(x)
        acc = torch.zeros(x.shape[0], dtype=x.dtype, device=x.device)
        return out, acc
'''


@pytest.mark.parametrize("operator,needle", [
    ("missing_bitmask", "packed = (q & 15) | ((q & 15) << 4)"),  # the field packed beside a masked one
    ("eps_inside", "y = x / (tl.sqrt(var) + eps)"),  # eps on the standard deviation, not the variance
    ("clamp_side", "r = tl.minimum(tl.maximum(tl.exp(x), lo), hi)"),  # the unread `hi` bounds the clamp
    ("scaled_threshold", "keep = x < min_p * top"),  # the unread reduction scales the threshold
    ("known_constant", "g = tl.exp(2.4 * tl.log(x + 0.055))"),  # sRGB's exponent, not gamma 2.2
    ("name_substitute", "l21 = x / l11"),  # an indexed element name two digits away
    ("out_dtype", "acc = torch.zeros(x.shape[0], dtype=torch.float32,"),  # an fp32 accumulator
    ("out_dtype", "out = torch.empty_like(x, dtype=torch.float32)"),
])
def test_value_and_bound_operators_propose_the_inverse_edit(operator, needle):
    from kagent.patterns.operators.base import Src

    src = Src(MISC_SRC)
    op = OPERATORS[operator]
    made = _made(src, op)
    assert any(needle in m for m in made), operator
    # a clamp already closed, and a threshold of a live value, are left alone
    assert not any("tl.minimum(tl.minimum(" in m or "min_p * std" in m for m in made)


RECUR_SRC = '''import triton
import triton.language as tl


@triton.jit
def recur_kernel(r_ptr, v_ptr, d_ptr, o_ptr, n, gamma, lam, limit, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    last = tl.zeros([BLOCK], dtype=tl.float32)
    for t in range(n):
        r = tl.load(r_ptr + offs * n + t)
        v = tl.load(v_ptr + offs * n + t)
        nonterm = 1.0 - tl.load(d_ptr + offs * n + t)
        delta = r + gamma * v * nonterm
        last = delta + gamma * lam * last
        lin = tl.minimum(last, limit)
        term = -0.5 * lin - tl.log(1.0 - lin * lin)
        tl.store(o_ptr + offs * n + t, term)
'''


@pytest.mark.parametrize("operator,needle", [
    ("sibling_factor", "last = delta + gamma * lam * last * nonterm"),  # the factor the product above has
    ("clamp_side", "lin = tl.maximum(tl.minimum(last, limit), -limit)"),  # a symmetric clamp's other side
    ("log_eps", "tl.log(1.0 - lin * lin + 1e-6)"),  # a log of a difference that can reach 0
])
def test_recurrence_operators_propose_the_inverse_edit(operator, needle):
    from kagent.patterns.operators.base import Src

    src = Src(RECUR_SRC)
    op = OPERATORS[operator]
    made = _made(src, op)
    assert any(needle in m for m in made), operator
    assert not any("tl.log(r_ptr" in m or "-0.5 * nonterm" in m for m in made)  # no pointer or constant touched


@pytest.mark.parametrize("name", ["scale2d_grid_missing_axis.py", "softmax_block_below_row.py"])
def test_launch_shape_edits_are_in_the_first_screen_batch(name):
    """A launch's grid or block edit goes in the search's first batch (8) whatever the sites' ranks:
    its symptoms rank the host lines low (blind sets 12/13 reached it after 130-200 edits)."""
    from kagent.patterns.engine import search_candidates

    e = next(x for x in MANIFEST if x["path"] == name)
    src, twin = (DEV / name).read_text(), (DEV / e["twin"]).read_text()
    w = family_weights(Symptoms(failure_class="numerical_mismatch", classes=["numerical_mismatch"]))
    cands = search_candidates([], src, [(s.line, s.score) for s in sites_of(src, w)], w)
    assert any(c.source.strip() == twin.strip() for c in cands[:8]), [c.origin for c in cands[:8]]


def test_a_gathered_load_gets_the_row_block_offset_its_siblings_have():
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def gather_kernel(x_ptr, t_ptr, o_ptr, n_rows, stride, BLOCK_R: tl.constexpr, BLOCK_V: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_R + tl.arange(0, BLOCK_R)
    cols = tl.arange(0, BLOCK_V)
    x = tl.load(x_ptr + rows[:, None] * stride + cols[None, :])
    tgt = tl.load(t_ptr + rows, mask=rows < n_rows, other=0)
    xt = tl.load(x_ptr + tgt, mask=rows < n_rows, other=0.0)
    tl.store(o_ptr + rows, tl.max(x, axis=1) - xt, mask=rows < n_rows)
''')
    made = [new[0] for _, a, b, new in OPERATORS["row_offset"].propose(src, 10)]
    assert "    xt = tl.load(x_ptr + rows * stride + tgt, mask=rows < n_rows, other=0.0)" in made


ANALOG_SRC = '''import triton
import triton.language as tl


@triton.jit
def resample_kernel(x_ptr, b_ptr, s_ptr, o_ptr, n, H, W, sy, sx, BLOCK: tl.constexpr):
    co = tl.arange(0, BLOCK)
    px = tl.arange(0, BLOCK)
    oy = tl.program_id(0)
    ox = px
    src_x = (ox.to(tl.float32) + 0.5) * sx - 0.5
    src_y = oy.to(tl.float32) * sy
    acc = tl.zeros([BLOCK, BLOCK], dtype=tl.float32)
    bias = tl.load(b_ptr + co, mask=co < n, other=0.0)
    h = tl.zeros([BLOCK], dtype=tl.float32)
    for t in range(n):
        decay = tl.exp(-tl.load(s_ptr + t))
        xv = tl.load(x_ptr + co * n + t)
        h = xv * src_x
        nxt = tl.load(x_ptr + co * n + t)
        acc += (h + nxt)[:, None] * src_y
    y = acc
    tl.store(o_ptr + co[:, None] * BLOCK + px[None, :], y)
'''


@pytest.mark.parametrize("operator,needle", [
    ("sibling_line", "src_y = (oy.to(tl.float32) + 0.5) * sy - 0.5"),  # written like its x analog
    ("dead_term", "y = acc + bias[:, None]"),  # the loaded bias, broadcast like its index `co[:, None]`
    ("dead_term", "h = decay * h + xv * src_x"),  # a carried state overwritten, with the unused decay
    ("index_shift", "nxt = tl.load(x_ptr + co * n + (t + 1))"),  # the next step, one off
    ("drop_operand", "w_ptr + (ky) * 3 + (kx)"),  # a flip dropped at both taps
])
def test_analog_operators_propose_the_inverse_edit(operator, needle):
    from kagent.patterns.operators.base import Src

    source = ANALOG_SRC + '''

@triton.jit
def conv_kernel(w_ptr, o_ptr):
    for ky in tl.static_range(3):
        for kx in tl.static_range(3):
            tl.store(o_ptr + ky * 3 + kx, tl.load(w_ptr + (2 - ky) * 3 + (2 - kx)))
'''
    src = Src(source)
    op = OPERATORS[operator]
    made = _made(src, op)
    assert any(needle in m for m in made), operator
    # tiles of offsets are not shifted, and an index is never added into a value
    assert not any("(co + 1)" in m or "y = acc + co" in m for m in made)


def test_index_shift_reads_a_tile_one_behind_where_its_mask_starts_past_zero():
    """A DP row's previous-column read: the mask `offs >= 1` keeps index -1 out, so the address reads
    `offs - 1`; an address already shifted, or a mask from zero, gets no tile shift."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def dp_kernel(b_ptr, r_ptr, o_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    b = tl.load(b_ptr + offs, mask=(offs >= 1) & (offs <= n), other=-1)
    r = tl.load(r_ptr + offs - 1, mask=offs > 0, other=0)
    c = tl.load(r_ptr + offs, mask=offs >= 0, other=0)
    tl.store(o_ptr + offs, b + r + c, mask=offs < n)
''')
    made = _made(src, OPERATORS["index_shift"])
    assert any("b = tl.load(b_ptr + (offs - 1), mask=(offs >= 1) & (offs <= n), other=-1)" in m for m in made)
    assert not any("(offs - 1) - 1" in m or "c = tl.load(r_ptr + (offs - 1)" in m for m in made)


def test_sibling_form_borrows_the_longer_analog_when_the_names_have_no_axis_partner():
    """Homogeneous coordinates: `sx = u` beside `sy = v / w` (u, v, w are not an x/y pair) -> `u / w`."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def warp_kernel(m_ptr, o_ptr, BLOCK: tl.constexpr):
    p = tl.arange(0, BLOCK).to(tl.float32)
    u = tl.load(m_ptr + 0) * p
    v = tl.load(m_ptr + 1) * p
    w = tl.load(m_ptr + 2) * p + 1.0
    sx = u
    sy = v / w
    tl.store(o_ptr + tl.arange(0, BLOCK), sx + sy)
''')
    made = _made(src, OPERATORS["sibling_form"])
    assert any("    sx = u / w\n" in m for m in made)
    assert not any("    sy = v\n" in m or "    sy = w\n" in m for m in made)  # the longer line keeps its form


def test_source_value_reads_the_unbiased_scores_where_the_biased_ones_only_choose():
    """DeepSeek-style routing: experts chosen by `biased = scores + bias`, weighted by `scores`. A
    reduction's result is never replaced by its input."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def route_kernel(x_ptr, b_ptr, o_ptr, BLOCK: tl.constexpr):
    e = tl.arange(0, BLOCK)
    scores = tl.sigmoid(tl.load(x_ptr + e))
    biased = scores + tl.load(b_ptr + e)
    top = tl.max(biased, axis=0)
    hit = biased == top
    w = tl.sum(tl.where(hit, biased, 0.0), axis=0)
    tl.store(o_ptr, w / top)
''')
    made = _made(src, OPERATORS["source_value"])
    assert any("    w = tl.sum(tl.where(hit, scores, 0.0), axis=0)\n" in m for m in made)
    assert not any("tl.store(o_ptr, w / biased)" in m for m in made)


def test_dot_ieee_asks_every_default_precision_dot_for_full_float32():
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def mm_kernel(a_ptr, b_ptr, c_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    a = tl.load(a_ptr + r[:, None] * BLOCK + r[None, :])
    b = tl.load(b_ptr + r[:, None] * BLOCK + r[None, :])
    acc = tl.dot(a, b) + tl.dot(b, a, allow_tf32=False)
    acc = tl.dot(a, tl.trans(b), acc)
    tl.store(c_ptr + r[:, None] * BLOCK + r[None, :], acc)
''')
    made = _made(src, OPERATORS["dot_ieee"])
    assert len(made) == 1
    assert 'acc = tl.dot(a, b, input_precision="ieee") + tl.dot(b, a, allow_tf32=False)\n' in made[0]
    assert 'acc = tl.dot(a, tl.trans(b), acc, input_precision="ieee")\n' in made[0]
    assert _made(Src(made[0]), OPERATORS["dot_ieee"]) == []  # nothing left to ask


def test_factor_scope_moves_a_decay_between_the_state_and_the_whole_update():
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def gla_kernel(k_ptr, v_ptr, g_ptr, o_ptr, T, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    state = tl.zeros((BLOCK, BLOCK), dtype=tl.float32)
    for t in range(T):
        k = tl.load(k_ptr + t * BLOCK + r)
        v = tl.load(v_ptr + t * BLOCK + r)
        decay = tl.exp(tl.load(g_ptr + t * BLOCK + r))
        state = (state + k[:, None] * v[None, :]) * decay[:, None]
        h = state * decay[:, None] + k[:, None]
    tl.store(o_ptr + r[:, None] * BLOCK + r[None, :], state + h)
''')
    made = _made(src, OPERATORS["factor_scope"])
    assert any("state = state * decay[:, None] + k[:, None] * v[None, :]\n" in m for m in made)
    assert any("h = (state + k[:, None]) * decay[:, None]\n" in m for m in made)


def test_twin_address_gives_a_duplicated_load_the_term_its_pairs_sibling_has():
    """Differential attention: q1 / q2 read the two halves of a row (`+ D`); k2 reads k1's half."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def diff_kernel(q_ptr, k_ptr, o_ptr, D, W, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    q1 = tl.load(q_ptr + r * W + r)
    q2 = tl.load(q_ptr + r * W + D + r)
    k1 = tl.load(k_ptr + r * W + r)
    k2 = tl.load(k_ptr + r * W + r)
    tl.store(o_ptr + r, q1 * k1 - q2 * k2)
''')
    made = _made(src, OPERATORS["twin_address"])
    assert any("    k2 = tl.load(k_ptr + r * W + r + D)\n" in m for m in made)
    assert not any("q2 = tl.load(q_ptr + r * W + D + r + D)" in m for m in made)  # an address of its own


def test_stride_order_puts_a_reversed_stride_pair_back_in_ascending_order():
    from kagent.patterns.operators.base import Src

    src = Src('''import torch
import triton
import triton.language as tl


@triton.jit
def k(t_ptr, o_ptr, s_i, s_j, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    tl.store(o_ptr + r, tl.load(t_ptr + r * s_i + r * s_j))


def run(t, o):
    k[(1,)](t, o, t.stride(1), t.stride(0), BLOCK=16)
    k[(1,)](t, o, t.stride(0), t.stride(1), BLOCK=16)
''')
    made = _made(src, OPERATORS["stride_order"])
    assert len(made) == 1 and "    k[(1,)](t, o, t.stride(0), t.stride(1), BLOCK=16)\n    k[(1,)](t, o, t.stride(0)" in made[0]


def test_unused_load_adds_the_never_read_pointer_where_its_siblings_value_ends_up():
    """Viterbi: the start transitions are added to the first scores; the end transitions, never read,
    belong on the final scores, outside the time loop."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def viterbi_kernel(em_ptr, start_ptr, end_ptr, out_ptr, T, C, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    mask = offs < C
    alpha = tl.load(start_ptr + offs, mask=mask, other=float("-inf")) + tl.load(em_ptr + offs, mask=mask, other=0.0)
    for t in range(1, T):
        alpha = alpha + tl.load(em_ptr + t * C + offs, mask=mask, other=0.0)
    z = alpha
    tl.store(out_ptr, tl.max(z, axis=0))
''')
    made = _made(src, OPERATORS["unused_load"])
    assert src.source.replace("    z = alpha\n", "    z = alpha + tl.load(end_ptr + offs, mask=mask, other=float('-inf'))\n") in made
    assert not any("alpha = alpha + tl.load(em_ptr + t * C + offs, mask=mask, other=0.0) + " in m for m in made)  # not in the loop


def test_carried_pair_completes_a_loop_combination_read_alone_after_the_loop():
    """RNN-T: the loop reads `alpha + blank_prev`; the final loss needs the last blank too."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def rnnt_kernel(b_ptr, o_ptr, T, BLOCK: tl.constexpr):
    u = tl.arange(0, BLOCK)
    alpha = tl.zeros((BLOCK,), tl.float32)
    blank_prev = tl.zeros((BLOCK,), tl.float32)
    for t in range(T):
        alpha = alpha + blank_prev
        blank_prev = tl.load(b_ptr + t * BLOCK + u)
    loss = -tl.sum(alpha, axis=0)
    tl.store(o_ptr, loss)
''')
    made = _made(src, OPERATORS["carried_pair"])
    assert made == [src.source.replace("-tl.sum(alpha, axis=0)", "-tl.sum((alpha + blank_prev), axis=0)")]


def test_function_pair_keeps_the_axis_and_flips_the_fill_of_a_masked_reduction():
    """The hardest positive is a min over a +inf fill; written as a max over -inf, both change."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def k(s_ptr, o_ptr, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    sim = tl.load(s_ptr + r[:, None] * BLOCK + r[None, :])
    hardest = tl.max(tl.where(sim > 0, sim, float("-inf")), axis=1)
    tl.store(o_ptr + r, hardest)
''')
    made = _made(src, OPERATORS["function_pair"])
    assert any("hardest = tl.min(tl.where(sim > 0, sim, float('inf')), axis=1)\n" in m for m in made)
    assert any("hardest = tl.min(tl.where(sim > 0, sim, float('-inf')), axis=1)\n" in m for m in made)


def test_analog_bound_bounds_the_other_axis_of_a_named_window_mask():
    """A 3x3 window weight that zeroes positions outside the image on one axis only: the other axis's
    index, assigned like the first with its axis names exchanged (`cc = col + (dc - 1)`), gets the
    same bounds against the partner extent. An index with no analog, or one already bounded, gets none."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def window_kernel(x_ptr, o_ptr, H, W, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    row = offs // W
    col = offs % W
    acc = tl.zeros([BLOCK], tl.float32)
    for dr in tl.static_range(3):
        for dc in tl.static_range(3):
            rr = row + (dr - 1)
            cc = col + (dc - 1)
            ok = (rr >= 0) & (rr < H)
            both = (rr >= 0) & (rr < H) & (cc >= 0) & (cc < W)
            t = offs + dr
            lone = (t >= 0) & (t < n)
            acc += tl.where(ok & both & lone, 1.0, 0.0)
    tl.store(o_ptr + offs, acc, mask=offs < n)
''')
    made = _made(src, OPERATORS["analog_bound"])
    assert len(made) == 1 and "            ok = (rr >= 0) & (rr < H) & (cc >= 0) & (cc < W)\n" in made[0], made


CUDA_FORMS_SRC = '''import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

cuda_src = """
__global__ void unpack_absmax(const int* packed, const float* x, float* out, float* amax, int H, int W, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        const int lo = packed[i] & 0xF;
        const int hi = packed[i] >> 4;
        const float scale = 127 / 2;
        float m = 0.0f;
        const int row = i / W;
        const float* xrow = x + (long long)row * W;
        float* orow = out;
        m = fmaxf(m, x[i]);
        orow[0] = xrow[0];
        int y = i / W;
        out[y * H + i % W] = (lo + hi) * scale;
        *amax += m;
    }
}
"""


class ModelNew(nn.Module):
    def forward(self, x):
        return x
'''


@pytest.mark.parametrize("operator,needle", [
    ("cuda_atomic", "atomicAdd(amax, m);"),  # a += every thread makes: lost updates
    ("cuda_abs", "m = fmaxf(m, fabsf(x[i]));"),  # absmax
    ("cuda_float_div", "const float scale = 127.0f / 2.0f;"),  # integer division of literals
    ("cuda_bitmask", "const int hi = (packed[i] >> 4) & 0xF;"),  # the mask its sibling field has
    ("cuda_size_swap", "out[y * W + i % W]"),  # a row index scaled by the row length
    ("cuda_row_ptr", "float* orow = out + (long long)row * W;"),  # the offset its sibling pointer takes
])
def test_cuda_c_form_operators_edit_the_kernel_string(operator, needle):
    from kagent.patterns.operators.base import Src

    src = Src(CUDA_FORMS_SRC)
    op = OPERATORS[operator]
    made = _made(src, op)
    assert any(needle in m for m in made), operator
    # declarations, loop indices and the shifted field's own mask line are left alone
    assert not any("atomicAdd(&int" in m or "(float)i / W" in m or "(packed[i] & 0xF) & 0xF" in m for m in made)


UNREAD_SRC = '''import torch
import triton
import triton.language as tl


@triton.jit
def retrace_kernel(w_ptr, f_ptr, g_ptr, o_ptr, n, hi_a, hi_b, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    m = i < n
    w = tl.load(w_ptr + i, mask=m, other=0.0)
    flag = tl.load(f_ptr + i, mask=m, other=0.0)
    ga = tl.load(g_ptr + i, mask=m, other=0.0)
    gb = tl.load(g_ptr + n + i, mask=m, other=0.0)
    top = tl.maximum(ga, gb)
    ea = tl.exp(ga)
    eb = tl.exp(gb)
    a = tl.minimum(w, hi_a)
    b = w
    y = a + 0.5 * b * (ea / (ea + eb))
    tl.store(o_ptr + i, y, mask=m)
'''


@pytest.mark.parametrize("operator,needles", [
    ("copy_clamp", ["    b = tl.minimum(w, hi_b)"]),  # clamped like its sibling, by the unread bound
    ("exp_shift_max", ["    ea = tl.exp(ga - top)\n    eb = tl.exp(gb - top)"]),  # both exponentials at once
    ("dead_term", ["y = a + 0.5 * b * (1.0 - flag) * (ea / (ea + eb))",  # a flag's complement as a factor
                   "y = a + 0.5 * b * (ea / (ea + eb)) * (1.0 - flag)"]),
])
def test_unread_value_operators_propose_the_inverse_edit(operator, needles):
    from kagent.patterns.operators.base import Src

    src = Src(UNREAD_SRC)
    op = OPERATORS[operator]
    made = _made(src, op)
    assert any(any(n in m for n in needles) for m in made), (operator, [m for m in made][:3])
    assert not any("b = tl.minimum(w, hi_a)" in m for m in made)  # a bound the kernel reads is not "unread"


def test_block_pow2_resizes_a_block_taken_from_the_wrong_extent():
    """BLOCK_R = next_power_of_2(self.reg_max) where the kernel masks its bins with R = reg_max + 1:
    the edit sizes the block from the masked extent, and a block already sized from it is left alone."""
    from kagent.patterns.operators.base import Src

    source = '''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bins_kernel(x_ptr, out_ptr, R, BLOCK_R: tl.constexpr):
    row = tl.program_id(0)
    bins = tl.arange(0, BLOCK_R)
    x = tl.load(x_ptr + row * R + bins, mask=bins < R, other=0.0)
    tl.store(out_ptr + row, tl.sum(x, axis=0))


class ModelNew(nn.Module):
    def __init__(self, reg_max):
        super().__init__()
        self.reg_max = reg_max

    def forward(self, x):
        R = self.reg_max + 1
        out = torch.empty(x.shape[0], device=x.device, dtype=x.dtype)
        BLOCK_R = triton.next_power_of_2(self.reg_max)
        bins_kernel[(x.shape[0],)](x, out, R, BLOCK_R=BLOCK_R)
        return out
'''
    made = _made(Src(source), OPERATORS["block_pow2"])
    assert any("BLOCK_R = triton.next_power_of_2(R)" in m for m in made)
    fixed = source.replace("next_power_of_2(self.reg_max)", "next_power_of_2(R)")
    # the right extent is not exchanged for another (n + 1 entries is the one edit left)
    assert not any("next_power_of_2(R)" not in m and "next_power_of_2(R + 1)" not in m
                   for m in _made(Src(fixed), OPERATORS["block_pow2"]))


def test_dropped_argument_passes_an_unread_kernel_parameter_to_a_jit_helper():
    """A kernel given NEG_SLOPE calls `_leaky_relu(acc)`, whose slope defaults to 0.01: the edit passes
    the kernel's unread parameter; a kernel that reads it already gets no edit."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def _leaky(x, negative_slope: tl.constexpr = 0.01):
    return tl.where(x > 0, x, x * negative_slope)


@triton.jit
def act_kernel(x_ptr, out_ptr, n, SCALE, NEG_SLOPE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0) * SCALE
    tl.store(out_ptr + offs, _leaky(x), mask=offs < n)
'''
    made = _made(Src(source), OPERATORS["dropped_argument"])
    assert any("_leaky(x, negative_slope=NEG_SLOPE)" in m for m in made)
    fixed = source.replace("_leaky(x)", "_leaky(x, NEG_SLOPE)")
    assert not _made(Src(fixed), OPERATORS["dropped_argument"])


def test_dropped_argument_passes_the_kernels_value_of_the_same_name():
    """A trust-ratio helper whose weight decay defaults to 0 is called without it by a kernel that
    reads weight_decay elsewhere (so it is not unread): the kernel's value of that name is passed."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def _ratio(wn, gn, eta, weight_decay=0.0):
    return eta * wn / (gn + weight_decay * wn)


@triton.jit
def step_kernel(w_ptr, g_ptr, out_ptr, n, eta, weight_decay, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    w = tl.load(w_ptr + offs, mask=offs < n, other=0.0)
    g = tl.load(g_ptr + offs, mask=offs < n, other=0.0)
    r = _ratio(tl.sqrt(tl.sum(w * w, axis=0)), tl.sqrt(tl.sum(g * g, axis=0)), eta)
    tl.store(out_ptr + offs, w - r * (g + weight_decay * w), mask=offs < n)
'''
    made = _made(Src(source), OPERATORS["dropped_argument"])
    assert any("eta, weight_decay=weight_decay)" in m for m in made), made


def test_dropped_argument_passes_what_the_helpers_other_call_passes():
    """A soft-capped cross-entropy calls `_softcap(x)` over the vocabulary chunks but `_softcap(zt, cap)`
    for the target logit: the helper's default cap (30) wins in one place. The kernel reads `cap`, so no
    parameter is unread; the sibling call says what goes there."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def _softcap(x, cap=30.0):
    return cap * tl.tanh(x / cap)


@triton.jit
def ce_kernel(x_ptr, t_ptr, out_ptr, n, cap, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    z = _softcap(x)
    zt = _softcap(tl.load(x_ptr + tl.load(t_ptr)), cap)
    tl.store(out_ptr, tl.sum(tl.exp(z), axis=0) - zt)
'''
    made = _made(Src(source), OPERATORS["dropped_argument"])
    assert len(made) == 1 and "    z = _softcap(x, cap=cap)\n" in made[0], made


def test_dead_condition_puts_an_unused_value_into_a_condition():
    """A CTC forward loads the label two states back and never compares it: the skip transition is
    allowed between equal labels. The unused value goes into the condition against the name it is a
    variant of; a kernel that uses it gets no edit."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def skip_kernel(t_ptr, out_ptr, S, BLOCK: tl.constexpr):
    s = tl.arange(0, BLOCK)
    is_label = (s % 2) == 1
    lab = tl.load(t_ptr + (s - 1) // 2, mask=is_label & (s < S), other=0)
    lab_prev2 = tl.load(t_ptr + (s - 3) // 2, mask=is_label & (s >= 3) & (s < S), other=0)
    can_skip = is_label & (s >= 3)
    tl.store(out_ptr + s, can_skip.to(tl.int32) * lab, mask=s < S)
'''
    made = _made(Src(source), OPERATORS["dead_condition"])
    assert any("    can_skip = is_label & (s >= 3) & (lab != lab_prev2)\n" in m for m in made), made
    fixed = source.replace("can_skip = is_label & (s >= 3)", "can_skip = is_label & (s >= 3) & (lab != lab_prev2)")
    assert not _made(Src(fixed), OPERATORS["dead_condition"])


def test_named_form_passes_what_a_parameter_is_named_for():
    """A soft-DTW launch passes `self.gamma` for both `gamma` and `inv_gamma`: the parameter named for the
    inverse gets `1.0 / (self.gamma)`. A launch that passes a transform already, or a value unrelated to
    the name, gets no edit."""
    from kagent.patterns.operators.base import Src

    source = '''import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, gamma, inv_gamma, rsqrt_d, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
    tl.store(out_ptr + offs, x * inv_gamma * rsqrt_d + gamma, mask=offs < n)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        k[(1,)](x, out, x.numel(), self.gamma, self.gamma, 1.0, BLOCK=1024)
        return out
'''
    made = _made(Src(source), OPERATORS["named_form"])
    assert len(made) == 1 and "self.gamma, 1.0 / (self.gamma), 1.0," in made[0], made
    assert not _made(Src(source.replace("self.gamma, self.gamma,", "self.gamma, 1.0 / self.gamma,")), OPERATORS["named_form"])


def test_pair_mask_adds_the_diagonal_or_triangle_of_a_square_tile():
    """A causal attention tile keeps every key of the block (`keep = kmask[None, :]`): the mask over one
    square index space (queries and keys both bounded by T) gets the triangle and the diagonal terms;
    a tile over two index spaces (rows x features) gets none."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def attn_kernel(s_ptr, o_ptr, T, D, BLOCK: tl.constexpr):
    q = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    kk = tl.arange(0, BLOCK)
    dd = tl.arange(0, BLOCK)
    kmask = kk < T
    s = tl.load(s_ptr + q[:, None] * T + kk[None, :], mask=(q < T)[:, None] & kmask[None, :], other=0.0)
    keep = kmask[None, :]
    s = tl.where(keep, s, float("-inf"))
    feat = (dd < D)[None, :] & (q < T)[:, None]
    tl.store(o_ptr + q[:, None] * T + kk[None, :], s, mask=feat)
'''
    made = _made(Src(source), OPERATORS["pair_mask"])
    assert any("    keep = kmask[None, :] & (kk[None, :] <= q[:, None])\n" in m for m in made)
    assert any("(kk[None, :] != q[:, None])" in m for m in made)
    assert not any("dd[None, :]" in m for m in made)


def test_sibling_call_writes_a_call_like_its_axis_analog():
    """A 2x pyramid downsample reads source row `oy + dy - 2` but column `2 * ox + dx - 2`: the row's
    call is rewritten like the column's with the axis names exchanged (and the other way round, for the
    screen to judge)."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def _reflect(i, n):
    return tl.where(i < 0, -i, i)


@triton.jit
def down_kernel(x_ptr, out_ptr, H, W, Wo, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    oy = offs // Wo
    ox = offs % Wo
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for dy in tl.static_range(3):
        row = _reflect(oy + dy - 1, H) * W
        for dx in tl.static_range(3):
            acc += tl.load(x_ptr + row + _reflect(2 * ox + dx - 1, W))
    tl.store(out_ptr + offs, acc)
'''
    made = _made(Src(source), OPERATORS["sibling_call"])
    assert any("        row = _reflect(2 * oy + dy - 1, H) * W\n" in m for m in made), made


def test_scan_copy_and_an_unread_parameter_in_a_condition():
    """Segment starts read as the inclusive prefix sum (`starts = ends`, `ends = tl.cumsum(padded)`) get
    the exclusive one; an embedding backward that never reads its `padding_idx` gets it in the mask that
    keeps tokens."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def seg_kernel(c_ptr, s_ptr, n, BLOCK: tl.constexpr):
    e = tl.arange(0, BLOCK)
    padded = tl.load(c_ptr + e, mask=e < n, other=0)
    ends = tl.cumsum(padded, axis=0)
    starts = ends
    tl.store(s_ptr + e, starts, mask=e < n)


@triton.jit
def emb_kernel(idx_ptr, g_ptr, out_ptr, n, padding_idx, BLOCK: tl.constexpr):
    t = tl.arange(0, BLOCK)
    tmask = t < n
    idx = tl.load(idx_ptr + t, mask=tmask, other=0)
    keep = tmask
    tl.atomic_add(out_ptr + idx, tl.load(g_ptr + t, mask=keep, other=0.0), mask=keep)
'''
    made = _made(Src(source), OPERATORS["scan_copy"])
    assert any("    starts = (ends - padded)\n" in m for m in made), made
    made = _made(Src(source), OPERATORS["dead_condition"])
    assert any("    keep = tmask & (idx != padding_idx)\n" in m for m in made), made
    assert not any("idx_ptr !=" in m for m in made)


def test_drop_clamp_lets_a_clamped_recurrence_run():
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def iir_kernel(x_ptr, out_ptr, T, a):
    y = 0.0
    for t in range(0, T):
        y = tl.clamp(tl.load(x_ptr + t) - a * y, -1.0, 1.0)
        tl.store(out_ptr + t, y)
'''
    made = _made(Src(source), OPERATORS["drop_clamp"])
    assert made == [source.replace("tl.clamp(tl.load(x_ptr + t) - a * y, -1.0, 1.0)", "tl.load(x_ptr + t) - a * y")]


def test_operators_reach_a_site_ranked_far_down():
    """A one-kind line (an alias of a scan) ranks below every multi-kind line of a long kernel; its
    edits are still proposed (ranked after the better-suspected lines' edits)."""
    body = "\n".join(f"    v{i} = tl.load(x_ptr + e * {i + 2}, mask=e < n, other=0.0) * {i + 1}.5" for i in range(36))
    total = " + ".join(f"v{i}" for i in range(36))
    source = f'''import triton
import triton.language as tl


@triton.jit
def seg_kernel(x_ptr, c_ptr, s_ptr, y_ptr, n, BLOCK: tl.constexpr):
    e = tl.arange(0, BLOCK)
{body}
    tl.store(y_ptr + e, {total}, mask=e < n)
    padded = tl.load(c_ptr + e, mask=e < n, other=0)
    ends = tl.cumsum(padded, axis=0)
    starts = ends
    tl.store(s_ptr + e, starts, mask=e < n)
'''
    w = family_weights(Symptoms(failure_class="numerical_mismatch", classes=["numerical_mismatch"]))
    # the families alone (the site priors now rank a bare copy like this one near the top)
    sites = [(s.line, s.score) for s in sites_of(source, w, priors=False)]
    rank = [ln for ln, _ in sites].index(source.splitlines().index("    starts = ends") + 1)
    assert rank >= 30  # the premise: more than 30 lines are suspected more
    made = [r.new_source for r in propose(source, sites, w, limit=1000)]
    assert any("    starts = (ends - padded)\n" in m or "tl.cumsum(padded, axis=0) - padded" in m for m in made)


def test_literal_sign_flips_one_coefficient_of_a_written_out_tuple():
    """Newton-Schulz coefficients with one sign lost: the host line is a site (a `const` line) and each
    float literal's sign is flipped in turn; integers (sizes) are left alone."""
    from kagent.patterns.operators.base import Src

    source = '''import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, G):
        a, b, c = (3.4445, 4.7750, 2.0315)
        BM, BN = 64, 64
        return G * a + G * b + G * c
'''
    made = _made(Src(source), OPERATORS["literal_sign"])
    assert any("a, b, c = (3.4445, -4.7750, 2.0315)" in m for m in made) and len(made) == 3
    w = family_weights(Symptoms(failure_class="nan_output", classes=["nan_output"]))
    assert "const" in next(s for s in sites_of(source, w) if "3.4445" in s.text).kinds


def test_an_inverse_parameter_given_its_plain_value_is_screened_early():
    """A kernel taking both gamma and inv_gamma is launched with gamma twice: the named_form edit ranks
    low among a long kernel's operator edits (the launch line is little suspected) but goes in the
    search's first screens, before the long tail and the grammar rewrites."""
    from kagent.patterns.engine import search_candidates

    body = "\n".join(f"    v{i} = tl.load(x_ptr + e * {i + 2}, mask=e < n, other=0.0) * {i + 1}.5 - gamma" for i in range(30))
    total = " + ".join(f"v{i}" for i in range(30))
    src = f'''import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, y_ptr, n, gamma, inv_gamma, BLOCK: tl.constexpr):
    e = tl.arange(0, BLOCK)
{body}
    tl.store(y_ptr + e, ({total}) * inv_gamma, mask=e < n)


class ModelNew(nn.Module):
    def __init__(self, gamma: float = 0.1):
        super().__init__()
        self.gamma = gamma

    def forward(self, x):
        y = torch.empty_like(x)
        k[(1,)](x, y, x.numel(), self.gamma, self.gamma, BLOCK=1024)
        return y
'''
    w = family_weights(Symptoms(failure_class="numerical_mismatch", classes=["numerical_mismatch"]))
    cands = search_candidates([], src, [(s.line, s.score) for s in sites_of(src, w)], w)
    hit = [i for i, c in enumerate(cands) if "self.gamma, 1.0 / (self.gamma)" in c.source]
    assert hit and hit[0] < 12, [c.origin for c in cands[:12]]


def test_a_mask_built_from_masks_is_a_site_and_its_missing_diagonal_is_screened_early():
    """A contrastive loss keeps `cmask[None, :]` and forgets to exclude the anchor itself: the line is a
    mask site (no comparison on it), and pair_mask's `!=` edit is among the first screens."""
    from kagent.patterns.engine import search_candidates

    src = '''import triton
import triton.language as tl


@triton.jit
def k(f_ptr, out_ptr, N, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    rmask = rows < N
    a = tl.load(f_ptr + rows, mask=rmask, other=0.0)
    acc = tl.zeros((BLOCK_M,), dtype=tl.float32)
    for n0 in range(0, N, BLOCK_N):
        cols = n0 + tl.arange(0, BLOCK_N)
        cmask = cols < N
        f = tl.load(f_ptr + cols, mask=cmask, other=0.0)
        keep = cmask[None, :]
        acc += tl.sum(tl.where(keep & rmask[:, None], tl.exp(a[:, None] * f[None, :]), 0.0), axis=1)
    tl.store(out_ptr + rows, tl.log(acc), mask=rmask)
'''
    w = family_weights(Symptoms(failure_class="numerical_mismatch", classes=["numerical_mismatch"]))
    sites = sites_of(src, w)
    assert "mask" in next(s for s in sites if s.text.strip() == "keep = cmask[None, :]").kinds
    cands = search_candidates([], src, [(s.line, s.score) for s in sites], w)
    hit = [i for i, c in enumerate(cands) if "keep = cmask[None, :] & (cols[None, :] != rows[:, None])" in c.source]
    assert hit and hit[0] < 12, [c.origin for c in cands[:12]]


def test_block_pow2_sizes_a_table_of_n_plus_one_entries():
    """CTC's 2S + 1 extended states in a block sized next_power_of_2(2S): exact until 2S is a power of
    two; the edit adds the 1 (and does not add a second one)."""
    from kagent.patterns.operators.base import Src

    source = '''import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, targets):
        BLOCK_S = triton.next_power_of_2(2 * targets.shape[1])
        BLOCK_T = triton.next_power_of_2(targets.shape[0] + 1)
        return BLOCK_S, BLOCK_T
'''
    made = _made(Src(source), OPERATORS["block_pow2"])
    assert any("triton.next_power_of_2(2 * targets.shape[1] + 1)" in m for m in made)
    assert not any("+ 1 + 1" in m for m in made)


def test_analog_address_adds_the_term_a_sibling_access_has():
    """Packed variable-length sequences: keys read without the sequence's start, values with it. The
    key address is written like the value address; the values are left alone (they hold the term)."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def attn_kernel(q_ptr, k_ptr, v_ptr, cu_ptr, o_ptr, stride_t, D: tl.constexpr, BLOCK: tl.constexpr):
    seq = tl.program_id(0)
    start = tl.load(cu_ptr + seq)
    n = tl.arange(0, BLOCK)
    d = tl.arange(0, D)
    k = tl.load(k_ptr + n[:, None] * stride_t + d[None, :])
    v = tl.load(v_ptr + (start + n)[:, None] * stride_t + d[None, :])
    tl.store(o_ptr + (start + n)[:, None] * stride_t + d[None, :], k * v)
'''
    made = _made(Src(source), OPERATORS["analog_address"])
    assert any("k = tl.load(k_ptr + (start + n)[:, None] * stride_t + d[None, :])" in m for m in made), made
    assert not any("(start + (start + n))" in m for m in made)


def test_flip_broadcast_transposes_a_pairwise_comparison():
    """A pairwise ranking loss compares relevances `ri[None, :] > rj[:, None]` in a tile whose rows
    are i: both broadcasts are flipped at once."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def pair_kernel(r_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    ri = tl.load(r_ptr + i, mask=i < n, other=0.0)
    si = tl.load(s_ptr + i, mask=i < n, other=0.0)
    pair = (i[:, None] < n) & (i[None, :] < n) & (ri[None, :] > ri[:, None])
    tl.store(out_ptr, tl.sum(tl.sum(tl.where(pair, si[:, None] - si[None, :], 0.0), axis=1), axis=0))
'''
    made = _made(Src(source), OPERATORS["flip_broadcast"])
    assert any("(ri[:, None] > ri[None, :])" in m for m in made)


def test_window_clamp_keeps_a_window_inside_at_the_far_end():
    """Neighbourhood attention's window start clamped at 0 only: the last queries' windows run past the
    end instead of shifting inward. The far bound is an extent minus the window (a constexpr first)."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def win_kernel(x_ptr, out_ptr, L, KS: tl.constexpr, HALF: tl.constexpr, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    start = tl.maximum(i - HALF, 0)
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for w in range(KS):
        acc += tl.load(x_ptr + start + w, mask=i < L, other=0.0)
    tl.store(out_ptr + i, acc, mask=i < L)
'''
    made = _made(Src(source), OPERATORS["window_clamp"])
    assert made and "start = tl.minimum(tl.maximum(i - HALF, 0), L - KS)" in made[0], made[:1]
    clamped = source.replace("tl.maximum(i - HALF, 0)", "tl.minimum(tl.maximum(i - HALF, 0), L - KS)")
    assert not _made(Src(clamped), OPERATORS["window_clamp"])


def test_dead_partner_combines_a_computed_twin_where_its_partner_is_read():
    """A symmetric distance computes both directed distances and stores one: the unused one is combined
    with its partner in the stored value, max first (it came from a max reduction)."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def hd_kernel(x_ptr, y_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    dx = tl.load(x_ptr + i, mask=i < n, other=0.0)
    dy = tl.load(y_ptr + i, mask=i < n, other=0.0)
    h_xy = tl.max(tl.where(i < n, dx, 0.0), axis=0)
    h_yx = tl.max(tl.where(i < n, dy, 0.0), axis=0)
    tl.store(out_ptr, h_xy)
'''
    made = _made(Src(source), OPERATORS["dead_partner"])
    assert made and "tl.store(out_ptr, tl.maximum(h_xy, h_yx))" in made[0], made[:1]


def test_a_one_based_loop_gets_its_last_row_and_a_covariance_its_diagonal_excluded():
    """Edit distance's DP rows 1..n_a looped as range(1, n_a); VICReg's off-diagonal covariance term
    selecting with `valid2` only: the loop's stop gets `+ 1`, the where's condition the diagonal."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def k(c_ptr, out_ptr, n_a, D, BLOCK: tl.constexpr):
    d = tl.arange(0, BLOCK)
    valid2 = (d < D)[:, None] & (d < D)[None, :]
    cov = tl.load(c_ptr + d[:, None] * D + d[None, :], mask=valid2, other=0.0)
    off = tl.where(valid2, cov, 0.0)
    acc = 0.0
    for i in range(1, n_a):
        acc += i
    tl.store(out_ptr, tl.sum(tl.sum(off * off, axis=1), axis=0) + acc)
'''
    made = _made(Src(source), OPERATORS["bound_off_by_one"])
    assert any("for i in range(1, n_a + 1):" in m for m in made)
    made = _made(Src(source), OPERATORS["pair_mask"])
    assert any("off = tl.where(valid2 & (d[None, :] != d[:, None]), cov, 0.0)" in m for m in made), made[:3]


def test_nan_check_counts_nan_with_the_infinities():
    """An AMP unscale's overflow flag tests |g| == inf only; NaN needs its own g != g."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def unscale_kernel(g_ptr, found_ptr, n, inv, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    g = tl.load(g_ptr + offs, mask=offs < n, other=0.0) * inv
    bad = tl.abs(g) == float("inf")
    tl.store(found_ptr, tl.max(bad.to(tl.int32), axis=0))
'''
    made = _made(Src(source), OPERATORS["nan_check"])
    assert made == [source.replace('bad = tl.abs(g) == float("inf")', 'bad = ((g != g) | (tl.abs(g) == float("inf")))')
                    .rstrip("\n")] or any('((g != g) | (tl.abs(g) == float("inf")))' in m for m in made)
    assert not _made(Src(source.replace('tl.abs(g) == float("inf")', '(g != g) | (tl.abs(g) == float("inf"))')),
                     OPERATORS["nan_check"])


def test_branch_guard_gives_one_branch_the_eps_the_other_has():
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def hls_kernel(x_ptr, out_ptr, n, eps, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    mx = tl.load(x_ptr + i, mask=i < n, other=0.0)
    mn = mx * 0.5
    d = mx - mn
    light = (mx + mn) * 0.5
    sat = tl.where(light < 0.5, d / (mx + mn), d / (2.0 - mx - mn + eps))
    tl.store(out_ptr + i, sat, mask=i < n)
'''
    made = _made(Src(source), OPERATORS["branch_guard"])
    assert len(made) == 1 and "d / (mx + mn + eps), d / (2.0 - mx - mn + eps)" in made[0]


def test_safe_max_guards_a_running_max_copied_for_an_exponent():
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def lse_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    m = float("-inf")
    s = 0.0
    for j0 in range(0, n, BLOCK):
        j = j0 + tl.arange(0, BLOCK)
        z = tl.load(x_ptr + j, mask=j < n, other=float("-inf"))
        m_new = tl.maximum(m, tl.max(z, axis=0))
        m_safe = m_new
        s = s * tl.exp(m - m_safe) + tl.sum(tl.exp(z - m_safe), axis=0)
        m = m_new
    tl.store(out_ptr, m + tl.log(s))
'''
    made = _made(Src(source), OPERATORS["safe_max"])
    assert len(made) == 1 and '        m_safe = tl.where(m_new == float("-inf"), 0.0, m_new)\n' in made[0]


def test_signed_field_offsets_an_unpacked_field_by_half_its_range():
    """A 6-bit quant assembled from a nibble and two high bits, used without its -32 zero point; a
    4-bit one gets -8; a mask line (a comparison) gets nothing."""
    src = '''import triton
import triton.language as tl


@triton.jit
def dq(ql_ptr, qh_ptr, out_ptr, n):
    j = tl.arange(0, 256)
    lo = tl.load(ql_ptr + j).to(tl.int32) & 0xF
    hi = (tl.load(qh_ptr + j).to(tl.int32) >> 2) & 3
    q = lo | (hi << 4)
    nib = lo & 15
    ok = (j < n) & (j >= 0)
    tl.store(out_ptr + j, (q + nib).to(tl.float32), mask=ok)
'''
    lines = src.split("\n")
    at = {l.strip().split(" ")[0]: i for i, l in enumerate(lines)}
    op = OPERATORS["signed_field"]
    q = [new[0].strip() for _, _a, _b, new in op.propose(Src(src), at["q"])]
    assert q == ["q = (lo | hi << 4) - 32"]
    assert [new[0].strip() for _, _a, _b, new in op.propose(Src(src), at["nib"])] == ["nib = (lo & 15) - 8"]
    assert op.propose(Src(src), at["ok"]) == []


VEC3 = '''import triton
import triton.language as tl


@triton.jit
def cross3(ax, ay, az, bx, by, bz):
    return ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx


@triton.jit
def spin(p_ptr, q_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    px = tl.load(p_ptr + offs * 3, mask=m)
    py = tl.load(p_ptr + offs * 3 + 1, mask=m)
    pz = tl.load(p_ptr + offs * 3 + 2, mask=m)
    qx = tl.load(q_ptr + offs * 3, mask=m)
    qy = tl.load(q_ptr + offs * 3 + 1, mask=m)
    qz = tl.load(q_ptr + offs * 3 + 2, mask=m)
    ux, uy, uz = px - qx, py - qy, pz - qz
    cx, cy, cz = cross3(qx, qy, qz, ux, uy, uz)
    tl.store(out_ptr + offs * 3, cx, mask=m)
'''


def test_vector_operators_swap_argument_runs_and_rename_whole_vectors():
    """Triton's scalar-triple vectors: cross3(q, u) for cross3(u, q) is one run swap; a line reading the
    vector p where q was meant is one rename of every component, not three name substitutions."""
    from kagent.patterns.operators.base import OPERATORS, Src

    src = Src(VEC3)
    line = next(i for i, t in enumerate(src.lines) if "cross3(qx" in t)
    swaps = [p[3][0].strip() for p in OPERATORS["vector_swap"].propose(src, line)]
    assert "cx, cy, cz = cross3(ux, uy, uz, qx, qy, qz)" in swaps
    line = next(i for i, t in enumerate(src.lines) if "ux, uy, uz =" in t)
    renames = [p[3][0].strip() for p in OPERATORS["vector_rename"].propose(src, line)]
    assert "ux, uy, uz = px - px, py - py, pz - pz" in renames  # q -> p
    assert "ux, uy, uz = qx - qx, qy - qy, qz - qz" in renames  # p -> q
    assert all(r.startswith("ux, uy, uz =") for r in renames)  # the assigned names are not reads
    # the same file twice: the same proposals in the same order (no set order leaks into the ranking)
    again = [p[3][0].strip() for p in OPERATORS["vector_rename"].propose(Src(VEC3), line)]
    assert again == renames


LAYERS = '''import triton
import triton.language as tl


@triton.jit
def layers(x_ptr, w_ptr, b_ptr, y_ptr, D, n_layers, BLOCK: tl.constexpr):
    cols = tl.arange(0, BLOCK)
    m = cols < D
    x = tl.load(x_ptr + tl.program_id(0) * D + cols, mask=m, other=0.0)
    for l in range(n_layers):
        w = tl.load(w_ptr + l * D * D + cols * D + cols, mask=m, other=0.0)
        b = tl.load(b_ptr + cols, mask=m, other=0.0)
        x = x * w + b
    tl.store(y_ptr + tl.program_id(0) * D + cols, x, mask=m)
'''


def test_a_load_that_never_steps_with_its_loop_takes_a_siblings_step():
    from kagent.patterns.operators.base import OPERATORS, Src

    src = Src(LAYERS)
    line = next(i for i, t in enumerate(src.lines) if "b_ptr + cols" in t)
    fixes = [p[3][0].strip() for p in OPERATORS["loop_invariant_load"].propose(src, line)]
    assert "b = tl.load(b_ptr + l * D + cols, mask=m, other=0.0)" in fixes  # one dimension less than w
    w_line = next(i for i, t in enumerate(src.lines) if "w_ptr +" in t)
    assert OPERATORS["loop_invariant_load"].propose(src, w_line) == []  # it steps already


RANKS = '''import triton
import triton.language as tl


@triton.jit
def rank_rows(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    ii = tl.arange(0, BLOCK)[:, None]
    jj = tl.arange(0, BLOCK)[None, :]
    xi = tl.load(x_ptr + row * n + ii, mask=ii < n, other=0)
    xj = tl.load(x_ptr + row * n + jj, mask=jj < n, other=0)
    rank = tl.sum(((xj > xi) & (jj < n)).to(tl.int32), axis=1)
    tl.store(out_ptr + row * n + tl.arange(0, BLOCK), rank, mask=tl.arange(0, BLOCK) < n)
'''


def test_a_rank_by_counting_gets_the_sorts_tie_rule():
    from kagent.patterns.operators.base import OPERATORS, Src

    src = Src(RANKS)
    line = next(i for i, t in enumerate(src.lines) if "rank = tl.sum" in t)
    fixes = [p[3][0].strip() for p in OPERATORS["rank_tie_break"].propose(src, line)]
    assert "rank = tl.sum((((xj > xi) | ((xj == xi) & (jj < ii))) & (jj < n)).to(tl.int32), axis=1)" in fixes
    assert len(fixes) == 2  # the stable order and the reverse one
    mask_line = next(i for i, t in enumerate(src.lines) if "xi = tl.load" in t)
    assert OPERATORS["rank_tie_break"].propose(src, mask_line) == []  # `ii < n` is a bound, not a rank


def test_the_first_of_tied_indices_turns_into_the_last_with_its_fill():
    from kagent.patterns.operators.base import OPERATORS, Src

    kernel = '''import triton
import triton.language as tl


@triton.jit
def last_peak(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    idx = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + idx, mask=idx < n, other=0.0)
    top = tl.max(tl.where(idx < n, x, -float("inf")), axis=0)
    at = tl.min(tl.where((idx < n) & (x == top), idx, n), axis=0)
    tl.store(out_ptr, at)
'''
    src = Src(kernel)
    line = next(i for i, t in enumerate(src.lines) if "at = tl.min" in t)
    fixes = [p[3][0].strip() for p in OPERATORS["function_pair"].propose(src, line)]
    assert "at = tl.max(tl.where((idx < n) & (x == top), idx, -1), axis=0)" in fixes


def test_a_per_row_scalar_read_from_a_bare_pointer_gets_the_row():
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def margin_kernel(x_ptr, m_ptr, o_ptr, n_cols, stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=0.0)
    m = tl.load(m_ptr)
    tl.store(o_ptr + row, tl.sum(tl.maximum(x - m, 0.0), axis=0))
''')
    made = [new[0] for _, a, b, new in OPERATORS["row_offset"].propose(src, 9)]
    assert "    m = tl.load(m_ptr + row)" in made


def test_a_per_step_scalar_read_from_a_bare_pointer_in_a_loop_gets_the_step():
    """`tl.load(ls_ptr)` inside `for k in range(D)` whose other loads index by k: every dimension read the
    first lengthscale (a blind near-miss); the loop's variable is offered beside the rows."""
    src = Src('''import triton
import triton.language as tl


@triton.jit
def dist_kernel(a_ptr, ls_ptr, o_ptr, n, D, stride, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(D):
        ls = tl.load(ls_ptr)
        a = tl.load(a_ptr + rows * stride + k, mask=rows < n, other=0.0)
        acc += (a / ls) * (a / ls)
    tl.store(o_ptr + rows, acc, mask=rows < n)
''')
    line0 = next(i for i, ln in enumerate(src.lines) if "tl.load(ls_ptr)" in ln)
    made = [new[0] for _, a, b, new in OPERATORS["row_offset"].propose(src, line0)]
    assert "        ls = tl.load(ls_ptr + k)" in made


def test_a_missing_grid_axis_may_be_an_extent_the_kernel_is_also_passed():
    """`c = program_id(1)` with `(b * C + c)` addresses: the grid's missing axis is C, which the kernel
    is passed too (the sizes it is not passed come first)."""
    from kagent.patterns.operators.base import Src

    src = Src('''import torch
import triton
import triton.language as tl


@triton.jit
def plane_sum_kernel(x_ptr, o_ptr, C, HW, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    c = tl.program_id(1)
    offs = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + (b * C + c) * HW + offs, mask=offs < HW, other=0.0)
    tl.store(o_ptr + b * C + c, tl.sum(x, axis=0))


class ModelNew(torch.nn.Module):
    def forward(self, x):
        B, C, H, W = x.shape
        out = torch.empty(B, C, device=x.device, dtype=x.dtype)
        plane_sum_kernel[(B,)](x, out, C, H * W, BLOCK=triton.next_power_of_2(H * W))
        return out
''')
    made = [new[0].strip() for _, a, b, new in OPERATORS["grid_axis"].propose(src, -1)]
    assert "plane_sum_kernel[(B, C)](x, out, C, H * W, BLOCK=triton.next_power_of_2(H * W))" in made


MASKED_MAX_SRC = '''import torch
import triton
import triton.language as tl


@triton.jit
def hinge_kernel(x_ptr, t_ptr, out_ptr, C, margin, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < C
    t = tl.load(t_ptr + row)
    x = tl.load(x_ptr + row * C + cols, mask=m, other=float("-inf"))
    is_t = cols == t
    xt = tl.sum(tl.where(is_t, x, 0.0), axis=0)
    rival = tl.max(x, axis=0)
    tl.store(out_ptr + row, tl.maximum(margin + rival - xt, 0.0))
'''


def test_a_reduction_that_must_leave_some_elements_out_gets_the_kernels_mask():
    made = _made(Src(MASKED_MAX_SRC), OPERATORS["masked_reduction"])
    assert any('    rival = tl.max(tl.where(is_t, float("-inf"), x), axis=0)\n' in m + "\n" for m in made), made
    assert not any("tl.where(is_t, tl.where" in m for m in made)  # a reduction already masked is left alone


def test_launch_arguments_named_for_each_others_parameters_are_exchanged():
    from kagent.patterns.operators import OPERATORS
    from kagent.patterns.operators.base import Src

    src = '''import torch
import triton
import triton.language as tl


@triton.jit
def out_kernel(x_ptr, mean_ptr, var_ptr, out_ptr, n, BLOCK: tl.constexpr):
    o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = o < n
    x = tl.load(x_ptr + o, mask=m)
    tl.store(out_ptr + o, (x - tl.load(mean_ptr + o, mask=m)) / tl.load(var_ptr + o, mask=m), mask=m)


class ModelNew(torch.nn.Module):
    def forward(self, x, mean, var):
        out = torch.empty_like(x)
        out_kernel[(triton.cdiv(x.numel(), 256),)](x, var, mean, out, x.numel(), BLOCK=256)
        return out
'''
    got = OPERATORS["launch_name_swap"].propose(Src(src), -1)
    assert [g[3][0].strip() for g in got] == ["out_kernel[(triton.cdiv(x.numel(), 256),)](x, mean, var, out, x.numel(), BLOCK=256)"]
    right = src.replace("(x, var, mean, out", "(x, mean, var, out")
    assert OPERATORS["launch_name_swap"].propose(Src(right), -1) == []


def test_copied_selection_picks_the_pivot_column_along_the_other_axis():
    """A transitive-closure step picks the pivot's column with a line copied from the pivot row's: the
    same value twice. The copy is re-picked along the other axis (offset, broadcast and reduction axis)."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def closure_kernel(a_ptr, out_ptr, n, BLOCK: tl.constexpr):
    r = tl.arange(0, BLOCK)
    c = tl.arange(0, BLOCK)
    m = (r[:, None] < n) & (c[None, :] < n)
    a = tl.load(a_ptr + r[:, None] * n + c[None, :], mask=m, other=0.0)
    for k in range(n):
        col = tl.max(tl.where(r[:, None] == k, a, 0.0), axis=0)
        row = tl.max(tl.where(r[:, None] == k, a, 0.0), axis=0)
        a = tl.maximum(a, col[:, None] * row[None, :])
    tl.store(out_ptr + r[:, None] * n + c[None, :], a, mask=m)
'''
    made = _made(Src(source), OPERATORS["copied_selection"])
    assert any("col = tl.max(tl.where(c[None, :] == k, a, 0.0), axis=1)" in m for m in made), made
    # a selection no other line repeats is not this operator's
    single = source.replace("        row = tl.max(tl.where(r[:, None] == k, a, 0.0), axis=0)\n", "")
    assert not _made(Src(single), OPERATORS["copied_selection"])


def test_clip_subject_makes_both_sides_of_a_clip_test_one_value():
    """A soft clipper whose upper side tests the raw input where the scaled value was meant: both
    sides test `u`. A clip whose sides already test one value gets nothing."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def softclip_kernel(x_ptr, out_ptr, n, drive, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i, mask=i < n, other=0.0)
    u = x * drive
    y = tl.where(u <= -1.5, -1.0, tl.where(x >= 1.5, 1.0, u - 4.0 * u * u * u / 27.0))
    tl.store(out_ptr + i, y, mask=i < n)
'''
    made = _made(Src(source), OPERATORS["clip_subject"])
    assert any("tl.where(u >= 1.5, 1.0," in m for m in made), made
    assert not _made(Src(source.replace("x >= 1.5", "u >= 1.5")), OPERATORS["clip_subject"])


def test_a_row_offset_takes_the_extent_of_the_index_it_adds():
    """A per-token weight read at `w_ptr + t` for every sequence: the row offset is `s * T`, T the bound of
    `t` (rows as long as the index runs), before any other extent the kernel compares with."""
    from kagent.patterns.operators.base import Src

    src = Src('''import triton
import triton.language as tl


@triton.jit
def wsum_kernel(x_ptr, w_ptr, o_ptr, T, D, BT: tl.constexpr, BD: tl.constexpr):
    s = tl.program_id(0)
    d = tl.arange(0, BD)
    t = tl.arange(0, BT)
    w = tl.load(w_ptr + t, mask=t < T, other=0.0)
    x = tl.load(x_ptr + s * T * D + t[:, None] * D + d[None, :], mask=(t < T)[:, None] & (d < D)[None, :], other=0.0)
    tl.store(o_ptr + s * D + d, tl.sum(x * w[:, None], axis=0), mask=d < D)
''')
    made = [new[0] for _, a, b, new in OPERATORS["row_offset"].propose(src, 9)]
    assert made and made[0] == "    w = tl.load(w_ptr + s * T + t, mask=t < T, other=0.0)", made


def test_dead_pick_masks_the_picked_position_not_every_tie():
    """A second-minimum kernel picks the first minimum's position and then masks every element equal to
    the minimum instead (the position is never read): on a row with tied minima the second minimum is
    lost. The condition is replaced by the picked position."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def second_min_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * n + cols, mask=cols < n, other=float("inf"))
    lo = tl.min(x, axis=0)
    at = tl.min(tl.where(x == lo, cols, BLOCK), axis=0)
    rest = tl.where(x == lo, float("inf"), x)
    tl.store(out_ptr + row, tl.min(rest, axis=0))
'''
    made = _made(Src(source), OPERATORS["dead_pick"])
    assert any('rest = tl.where(cols == at, float("inf"), x)' in m for m in made), made
    used = source.replace("tl.min(rest, axis=0))", "tl.min(rest, axis=0) + at * 0)")
    assert not _made(Src(used), OPERATORS["dead_pick"])


def test_self_count_makes_a_rank_strict_instead_of_subtracting_itself():
    """A rank counted as `sum(s >= s_i) - 1` counts tied scores as ranked above; `sum(s > s_i)` does not."""
    from kagent.patterns.operators.base import Src

    source = '''import triton
import triton.language as tl


@triton.jit
def rank_kernel(s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    s = tl.load(s_ptr + cols, mask=cols < n, other=float("-inf"))
    si = tl.load(s_ptr + i)
    r = tl.sum((s >= si).to(tl.int32), axis=0) - 1
    tl.store(out_ptr + i, r)
'''
    made = _made(Src(source), OPERATORS["self_count"])
    assert any("r = tl.sum((s > si).to(tl.int32), axis=0)\n" in m for m in made), made
    assert not _made(Src(source.replace(">= si", "> si")), OPERATORS["self_count"])


def test_lerp_weights_exchanges_an_interpolations_weights_in_triton_and_cuda_c():
    """`c0 * fr + c1 * (1 - fr)` weights each end by the other's fraction (set 35's LUT in CUDA C)."""
    from kagent.patterns.operators.base import Src

    triton_src = '''import triton
import triton.language as tl


@triton.jit
def lerp_kernel(a_ptr, b_ptr, f_ptr, out_ptr):
    c0 = tl.load(a_ptr)
    c1 = tl.load(b_ptr)
    fr = tl.load(f_ptr)
    tl.store(out_ptr, c0 * fr + c1 * (1.0 - fr))
'''
    assert any("c0 * (1.0 - fr) + c1 * fr" in m for m in _made(Src(triton_src), OPERATORS["lerp_weights"]))
    cuda_src = 'CUDA = r"""\n__global__ void k(float* o, const float* c, float f) {\n' \
               '    o[0] = c[0] * (1.0f - f) + c[1] * f;\n}\n"""\n'
    made = _made(Src(cuda_src), OPERATORS["lerp_weights"])
    assert any("o[0] = c[0] * f + c[1] * (1.0f - f);" in m for m in made), made


def test_degrees_radians_converts_an_angle_named_in_degrees_on_the_host():
    from kagent.patterns.operators.base import Src

    src = '''import math

import torch


class ModelNew(torch.nn.Module):
    def __init__(self, angle_deg: float):
        super().__init__()
        self.angle_deg = angle_deg

    def forward(self, x):
        delta = self.angle_deg
        return x * delta
'''
    made = _made(Src(src), OPERATORS["degrees_radians"])
    assert any("delta = math.radians(self.angle_deg)" in m for m in made), made
    converted = _made(Src(src.replace("delta = self.angle_deg", "delta = math.radians(self.angle_deg)")),
                      OPERATORS["degrees_radians"])
    assert not any("radians(math.radians" in m for m in converted)  # a converted line stays as it is


CUDA_MORE_SRC = '''import torch
import torch.nn as nn

cuda_src = """
__device__ float wrap(float d, float box) {
    return d - box * truncf(d / box);
}

__global__ void several(const float* x, const float* w, float* out, int rows, int n_in) {
    const int n_win = n_in - 3;
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= rows * n_win) return;
    const int r = idx / n_in;
    const int t = idx % n_win;
    float best[64];
    double dev = 0.0;
    float s = x[r * n_in + t];
    for (int j = 0; j < 3; ++j) {
        const int k = r * n_in + t + j - 1;
        best[j] = w[k];
        dev += (double)x[k] - 0.5;
        s = fmaxf(fmaxf(s, x[k]), w[k]);
    }
    out[idx] = s + (float)dev + best[0] + wrap(s, 2.0f);
}
"""


class ModelNew(nn.Module):
    def forward(self, x):
        return x
'''


@pytest.mark.parametrize("operator,needle", [
    ("cuda_round_mode", "box * rintf(d / box)"),  # the minimum image rounds
    ("cuda_abs_sum", "dev += fabs((double)x[k] - 0.5);"),  # a mean absolute deviation
    ("cuda_minmax_all", "s = fminf(fminf(s, x[k]), w[k]);"),  # both sides of a clamp at once
    ("cuda_relax", "best[j] = fminf(best[j], w[k]);"),  # a running best relaxed, not overwritten
    ("cuda_extent_swap", "const int r = idx / n_win;"),  # a flat index split by the other extent
    ("cuda_index_shift", "const int k = r * n_in + t + j;"),  # a window one bar early
])
def test_more_cuda_c_operators_edit_the_kernel_string(operator, needle):
    from kagent.patterns.operators.base import Src

    made = _made(Src(CUDA_MORE_SRC), OPERATORS[operator])
    assert any(needle in m for m in made), (operator, made[:3])
    # outputs are not relaxed, a single min/max is not flipped here, a plain sum is not made absolute
    assert not any("out[idx] = fminf" in m or "dev += fabs(fabs" in m for m in made)


CUDA_RUN_SRC = '''import torch
import torch.nn as nn

cuda_src = """
__global__ void stats(const float* __restrict__ px, const float* m, double* out, int n, int w) {
    const int row = blockIdx.x;
    const float* x = px + (int64_t)row * w;
    float cx = 0.0f, cy = 0.0f, cz = 0.0f, msum = 0.0f;
    double r = 0.0;
    for (int s = 1; s < n; ++s) {
        if (x[s] > 100.0f) continue;
        const float g = x[s] / x[s - 1];
        cx += m[s] * x[s]; cy += m[s] * g; cz += m[s]; msum += m[s];
        r += (double)g;
    }
    cx /= msum;
    cy /= n;
    cz /= msum;
    const double nf = (double)n;
    out[row] = r / (nf * nf) + cx + cy + cz;
}
"""


class ModelNew(nn.Module):
    def forward(self, x):
        return x
'''


@pytest.mark.parametrize("operator,needle", [
    ("cuda_extent_swap", "const float* x = px + (int64_t)row * n;"),  # a row pointer scaled by the other extent
    ("cuda_break_continue", "if (x[s] > 100.0f) break;"),  # a scan that should stop at the first higher one
    ("cuda_odd_sibling", "    cy /= msum;"),  # the one of three normalisations with another divisor
    ("cuda_pair_count", "r / (nf * (nf - 1.0))"),  # unordered pairs
    ("cuda_simple_return", "const float g = x[s] / x[s - 1] - 1.0f;"),  # a simple return, not a gross one
])
def test_cuda_c_operators_from_set_37_edit_the_kernel_string(operator, needle):
    from kagent.patterns.operators.base import Src

    made = _made(Src(CUDA_RUN_SRC), OPERATORS[operator])
    assert any(needle in m for m in made), (operator, made[:3])
    # the siblings that agree are left alone
    assert not any("cx /= n;" in m or "cz /= n;" in m for m in made)


CUDA_DIV_SRC = '''import torch
import torch.nn as nn

cuda_src = """
__global__ void adjust(const float* p, const int* rk, float* out, int n) {
    const int j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j >= n) return;
    out[j] = p[j] * (float)(n / rk[j]) + log10f(p[j]);
}
"""


class ModelNew(nn.Module):
    def forward(self, x):
        return x
'''


def test_cuda_int_division_divides_as_floats_and_the_grammar_knows_log10():
    from kagent.patterns.operators import cgrammar
    from kagent.patterns.operators.base import Src

    src = Src(CUDA_DIV_SRC)
    assert any("p[j] * (float)n / (float)rk[j]" in m for m in _made(src, OPERATORS["cuda_int_division"]))
    line = next(i for i, t in enumerate(src.lines) if "log10f" in t)
    assert any("logf(p[j])" in new for _, _, new in cgrammar.rewrites(src, line))
    fine = Src(CUDA_DIV_SRC.replace("(float)(n / rk[j])", "(float)n / (float)rk[j]"))
    assert not _made(fine, OPERATORS["cuda_int_division"])


def test_other_value_offers_the_number_the_kernel_tests_its_values_against():
    """Sequences coded 0-3 with 4 for a gap, counted where `x < 4`: tail lanes loaded as 0 count as an A;
    loaded as 4 they are gaps, and the count leaves them out (set 40's K2P distances)."""
    src = '''import triton
import triton.language as tl


@triton.jit
def _k(s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    ls = tl.arange(0, BLOCK)
    x = tl.load(s_ptr + ls, mask=ls < n, other=0)
    valid = (x < 4) & (x != 2)
    tl.store(out_ptr, tl.sum(valid.to(tl.int32), axis=0))
'''
    made = [new[0].strip() for _, a, b, new in OPERATORS["other_value"].propose(Src(src), 7)]
    assert "x = tl.load(s_ptr + ls, mask=ls < n, other=4)" in made, made
    assert "x = tl.load(s_ptr + ls, mask=ls < n, other=2)" in made, made


def test_divisor_offers_the_other_side_of_a_relative_difference():
    """(rv - bv) / bv for the relative jump (rv - bv) / rv (set 41's BNS jump statistic)."""
    src = '''import triton
import triton.language as tl


@triton.jit
def _k(a_ptr, out_ptr):
    rv = tl.load(a_ptr)
    bv = tl.load(a_ptr + 1)
    rj = (rv - bv) / bv
    tl.store(out_ptr, rj)
'''
    made = [new[0].strip() for _, a, b, new in OPERATORS["divisor"].propose(Src(src), 8)]
    assert "rj = (rv - bv) / rv" in made, made
