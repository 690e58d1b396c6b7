"""A term a line lost or got in the wrong form (patterns/operators/terms_missing.py): an eps added where it
is a floor (and back), a one-pass variance missing the mean's square, a max missing its term's analog.
Each kernel below is written for the test; the operator must offer the fix, and nothing where the form
it looks for is absent."""

from __future__ import annotations

from kagent.patterns.operators import OPERATORS
from kagent.patterns.operators.base import Src

KERNEL = '''import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, hi_ptr, lo_ptr, pc_ptr, out_ptr, n, EPS: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m, other=0.0)
    hi = tl.load(hi_ptr + offs, mask=m, other=0.0)
    lo = tl.load(lo_ptr + offs, mask=m, other=0.0)
    pc = tl.load(pc_ptr + offs, mask=m, other=0.0)
    mean = tl.sum(x, axis=0) / n
    var = tl.sum(x * x, axis=0) / n
    nrm = tl.sqrt(var + EPS)
    r = x / (nrm + EPS)
    q = x / tl.maximum(nrm, EPS)
    tr = tl.maximum(hi - lo, tl.abs(hi - pc))
    tl.store(out_ptr + offs, r + q + tr + mean, mask=m)
'''


def _edits(op: str, needle: str) -> list[str]:
    src = Src(KERNEL)
    line0 = next(i for i, ln in enumerate(src.lines) if needle in ln)
    return [new[0].strip() for _d, _a, _b, new in OPERATORS[op].propose(src, line0)]


def test_an_eps_shift_becomes_a_floor_and_a_floor_a_shift():
    assert _edits("eps_floor", "r = x /") == ["r = x / tl.maximum(nrm, EPS)"]
    assert _edits("eps_floor", "q = x /") == ["q = x / (nrm + EPS)"]
    assert _edits("eps_floor", "nrm = tl.sqrt") == []  # a call's argument is the sqrt operator's affair


def test_a_variance_gets_the_mean_square_back():
    assert _edits("variance_mean_square", "var = tl.sum") == ["var = tl.sum(x * x, axis=0) / n - mean * mean"]
    assert _edits("variance_mean_square", "mean = tl.sum") == []


def test_a_max_gets_its_terms_analog():
    got = _edits("extreme_analog_term", "tr = tl.maximum")
    assert "tr = tl.maximum(hi - lo, tl.maximum(tl.abs(hi - pc), tl.abs(lo - pc)))" in got
    assert all("tl.abs(lo - pc)" in g for g in got)
    assert _edits("extreme_analog_term", "q = x /") == []  # a floor at eps: no partner names


CUDA = '''import torch
from torch.utils.cpp_extension import load_inline

cuda_src = r"""
#include <torch/extension.h>
__global__ void norm_kernel(const float* x, float* y, int n, float eps) {
    float s = 0.f, s2 = 0.f;
    for (int i = 0; i < n; ++i) { s += x[i]; s2 += x[i] * x[i]; }
    const float mean = s / n;
    float var = s2 / n;
    float inv = rsqrtf(var + eps);
    for (int i = 0; i < n; ++i) y[i] = (x[i] - mean) * inv;
}
"""
'''


def test_a_cuda_variance_gets_the_mean_square_back():
    src = Src(CUDA)
    line0 = next(i for i, ln in enumerate(src.lines) if "float var" in ln)
    got = [new[0].strip() for _d, _a, _b, new in OPERATORS["variance_mean_square"].propose(src, line0)]
    assert got == ["float var = s2 / n - mean * mean;"]


def test_a_mean_over_one_extent_twice_gets_the_other():
    src = Src('''import torch


class ModelNew(torch.nn.Module):
    def forward(self, x):
        n_frames, n_points = x.shape
        scale = 1.0 / (n_frames * n_frames)
        return x.sum() * scale
''')
    line0 = next(i for i, ln in enumerate(src.lines) if "scale =" in ln)
    got = [new[0].strip() for _d, _a, _b, new in OPERATORS["repeated_extent"].propose(src, line0)]
    assert got == ["scale = 1.0 / (n_frames * n_points)"]


def test_a_clamp_moves_to_the_other_side_of_a_function():
    src = Src('''import triton
import triton.language as tl


@triton.jit
def k(x_ptr, n, CLAMP: tl.constexpr, EPS: tl.constexpr):
    sq = tl.load(x_ptr)
    err = tl.sqrt(tl.minimum(sq, CLAMP) + EPS) / 10.0
    fixed = tl.minimum(tl.sqrt(sq + EPS), CLAMP) / 10.0
''')

    def edits(needle):
        line0 = next(i for i, ln in enumerate(src.lines) if needle in ln)
        return [new[0].strip() for _d, _a, _b, new in OPERATORS["clamp_scope"].propose(src, line0)]

    assert edits("err =") == ["err = tl.minimum(tl.sqrt(sq + EPS), CLAMP) / 10.0"]
    assert edits("fixed =") == ["fixed = tl.sqrt(tl.minimum(sq + EPS, CLAMP)) / 10.0"]


def test_an_argmax_tie_rule_goes_back_to_torchs():
    src = Src('''import triton
import triton.language as tl


@triton.jit
def k(y_ptr, o_ptr):
    y = tl.load(y_ptr + tl.arange(0, 16))
    k = tl.argmax(y, axis=0, tie_break_left=False)
    j = tl.argmin(y, axis=0)
''')

    def edits(needle):
        line0 = next(i for i, ln in enumerate(src.lines) if needle in ln)
        return [new[0].strip() for _d, _a, _b, new in OPERATORS["argmax_tie_rule"].propose(src, line0)]

    assert edits("k = tl.argmax") == ["k = tl.argmax(y, axis=0)"]
    assert edits("j = tl.argmin") == ["j = tl.argmin(y, axis=0, tie_break_left=False)"]


GROUPS = '''import triton
import triton.language as tl


@triton.jit
def group_center(x_ptr, out_ptr, N, G, G_BLOCK: tl.constexpr):
    start = tl.program_id(0) * G
    g = tl.arange(0, G_BLOCK)
    rows = start + g
    m = (g < G) & (rows < N)
    x = tl.load(x_ptr + rows, mask=m, other=0.0)
    mean = tl.sum(x, axis=0) / G
    tl.store(out_ptr + rows, x - mean, mask=m)
'''


def test_partial_count_divides_the_last_group_by_the_rows_it_has():
    """Groups of G rows over N: the last group holds N - start rows when N is not a multiple of G."""
    src = Src(GROUPS)
    line0 = GROUPS.split("\n").index("    mean = tl.sum(x, axis=0) / G")
    made = [e[3][0] for e in OPERATORS["partial_count"].propose(src, line0)]
    assert made == ["    mean = tl.sum(x, axis=0) / tl.minimum(N - start, G)"]
    # a tile without a shifted offset (no partial group to count) gets nothing
    whole = GROUPS.replace("rows = start + g", "rows = g * 1")
    assert not OPERATORS["partial_count"].propose(Src(whole), line0)
