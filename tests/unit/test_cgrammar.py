"""The grammar rewrites a load_inline kernel's CUDA C lines token by token, with the Python grammar's
kinds: the fix of a one-token fault is among a line's rewrites, signatures and preprocessor lines
are left alone, and the search's later tiers (grammar_edits) now reach CUDA lines."""

from __future__ import annotations

import re

from kagent.patterns.operators import cgrammar
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import grammar_edits

SOURCE = '''import torch
from torch.utils.cpp_extension import load_inline

_CUDA = r"""
#define LO 0.0f
__global__ void clip_kernel(const float* x, const float* w, float* y, float hi, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) {
        int c = i % rows;
        float v = fmaxf(fminf(x[i] * w[c], LO), hi);
        y[i] = expf(v) - 1.0f;  // expm1
    }
}
torch::Tensor clip(torch::Tensor x, torch::Tensor w, double hi) {
    auto y = torch::empty_like(x);
    return y;
}
"""
_ext = load_inline("clip_ext", "torch::Tensor clip(torch::Tensor x, torch::Tensor w, double hi);", _CUDA,
                   functions=["clip"])
'''
LINES = SOURCE.split("\n")


def _line0(text: str) -> int:
    return next(i for i, ln in enumerate(LINES) if text in ln)


def _new_lines(text: str) -> dict[str, str]:
    return {new.strip(): kind for kind, _, new in cgrammar.rewrites(Src(SOURCE), _line0(text))}


def test_a_min_max_exchange_a_wrong_extent_and_a_sibling_call_are_among_the_rewrites():
    got = _new_lines("float v =")
    assert got["float v = fminf(fminf(x[i] * w[c], LO), hi);"] == "sibling_call"
    assert got["float v = fmaxf(fminf(y[i] * w[c], LO), hi);"] == "name"  # one pointer for another
    assert "float v = fmaxf(fminf(x[hi] * w[c], LO), hi);" not in got  # a float never indexes
    assert _new_lines("int c =")["int c = i % cols;"] == "name"
    assert _new_lines("y[i] = expf")["y[i] = expm1f(v) - 1.0f;  // expm1"] == "sibling_call"


def test_terms_operators_literals_and_clamps():
    got = _new_lines("y[i] = expf")
    assert got["y[i] = expf(v);  // expm1"] == "drop"
    assert got["y[i] = expf(v) + 1.0f;  // expm1"] == "op"
    assert got["y[i] = expf(v) - 0.0f;  // expm1"] == "constant"
    assert got["y[i] = fmaxf(expf(v) - 1.0f, 0.0f);  // expm1"] == "clamp"
    assert got["y[i] = expf(v) - 1.0f;  // expm1".replace("y[i]", "y[i + 1]")] == "shift"
    bound = _new_lines("if (i < rows")
    assert bound["if (i <= rows * cols) {"] == "op"


def test_signatures_defines_and_declared_targets_are_not_rewritten():
    src = Src(SOURCE)
    assert cgrammar.rewrites(src, _line0("__global__ void")) == []
    assert cgrammar.rewrites(src, _line0("#define LO")) == []
    assert cgrammar.rewrites(src, _line0("torch::Tensor clip(torch::Tensor x")) == []
    # a name declared on the line is not read on it; an integer is not clamped or wrapped in fabsf
    got = _new_lines("int c =")
    assert not any(re.search(r"=.*\bc\b", new) or "fabsf" in new or "fmaxf" in new for new in got)
    assert not any("threadIdx.y" in new for new in _new_lines("int i ="))  # axes are cuda_index's


def test_the_later_tiers_rewrite_cuda_lines():
    line = _line0("int c =") + 1
    edits = grammar_edits(SOURCE, [(line, 1.0)], max_lines=1)
    assert edits and all(e.start == line - 1 for _, e, _ in edits)
    assert any(e.lines[0].strip() == "int c = i % cols;" for _, e, _ in edits)


CASTS = '''import torch
from torch.utils.cpp_extension import load_inline

_CUDA = r"""
__global__ void norm_kernel(const float* x, float* y, long long* slot, int block, int size, int k, int n) {
    int acc = 0;
    const float inv = 1 / (k - 1);
    int64_t s = block * size + n;
    for (int j = 0; j < n; ++j) acc += x[j];
    y[0] = acc * inv;
    slot[0] = s;
}
"""
_ext = load_inline("casts_ext", "", _CUDA, functions=[])
'''


def test_types_integer_divisions_int64_products_and_a_missing_sqrt():
    src, lines = Src(CASTS), CASTS.split("\n")

    def got(text):
        return {new.strip() for _, _, new in cgrammar.rewrites(src, next(i for i, ln in enumerate(lines) if text in ln))}

    assert "float acc = 0;" in got("int acc")  # an accumulator kept in int
    assert "const float inv = 1.0f / (k - 1);" in got("const float inv")  # an integer division
    assert "int64_t s = static_cast<int64_t>(block) * size + n;" in got("int64_t s")  # the product overflows int
    assert "y[0] = sqrtf(acc * inv);" in got("y[0] =")
    assert not any(new.startswith("float j") for new in got("for (int j"))  # a loop index keeps its type


def test_a_line_is_given_only_the_names_in_its_scope():
    source = '''from torch.utils.cpp_extension import load_inline
_CUDA = r"""
__global__ void first(const float* x, float* y, float scale, int n) {
    for (int k = 0; k < n; ++k) { float t = x[k]; y[k] = t; }
    y[0] = scale;
}
__global__ void second(const float* a, float* b, float gain, int m) {
    float acc = 0.0f;
    b[0] = acc * gain;
}
"""
'''
    lines = source.split("\n")
    line0 = next(i for i, ln in enumerate(lines) if "b[0] = acc" in ln)
    news = [new for _, _, new in cgrammar.rewrites(Src(source), line0)]
    assert any("b[0] = gain * gain" in n or "b[0] = acc * acc" in n for n in news)  # its own names stand in
    for other in ("scale", "t *", "* t;", "k *", "* k;", "x[", "y["):  # another kernel's, a closed loop's
        assert not any(other in n.split("=", 1)[1] for n in news), other


def test_floored_remainder_erf_sibling_and_a_scale_square_root():
    source = '''from torch.utils.cpp_extension import load_inline
_CUDA = r"""
__global__ void k(const float* x, float* y, float sigma, float dt, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float h = x[i];
    h = fmodf(h, 1.0f);
    float g = fmodf(h, dt);
    const float scale = sigma * dt;
    y[i] = scale * tanhf(h) + g;
}
"""
'''
    lines = source.split("\n")
    src = Src(source)

    def news(text):
        line0 = next(i for i, ln in enumerate(lines) if text in ln)
        return [new.strip() for _, _, new in cgrammar.rewrites(src, line0)]

    assert "h = h - floorf(h);" in news("h = fmodf(h, 1.0f)")  # C's fmodf truncates: a hue of -0.25 stays negative
    assert "float g = h - dt * floorf(h / dt);" in news("float g = fmodf")
    assert "const float scale = sigma * sqrtf(dt);" in news("sigma * dt")  # a diffusion scaled by dt, not sqrt(dt)
    assert "y[i] = scale * erff(h) + g;" in news("tanhf(h)")
