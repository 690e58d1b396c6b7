"""Rewrites and operators for slips no earlier tier reached: a scale on the wrong terms, an argument's
missing factor, a recomputed value, one reduction along the wrong axis, a stored value missing its
scale, a stepping loop that never hands its result on, a logarithm's base (each kernel below is
written for the test; none is a blind-set file)."""

from __future__ import annotations

import ast

from kagent.patterns.operators import OPERATORS
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import rewrites

HEAD = "import torch\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\n"


def _same(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a.strip())) == ast.dump(ast.parse(b.strip()))


def _line0(source: str, start: str) -> int:
    return next(i for i, l in enumerate(source.split("\n")) if l.strip().startswith(start))


def _rewritten(source: str, start: str) -> list[str]:
    return [r.line for r in rewrites(Src(source), _line0(source, start))]


def _operator_sources(source: str, name: str, line0: int = -1) -> list[str]:
    out = []
    for _desc, a, b, new in OPERATORS[name].propose(Src(source), line0):
        lines = source.split("\n")
        lines[a:b] = new
        out.append("\n".join(lines))
    return out


KERNEL = HEAD + '''def k(g_ptr, p_ptr, b_ptr, out_ptr, n, wd, temp, HW, BLOCK: tl.constexpr):
    idx = tl.arange(0, BLOCK)
    mask = idx < n
    g = tl.load(g_ptr + idx, mask=mask, other=0.0)
    p = tl.load(p_ptr + idx, mask=mask, other=0.0)
    denom = tl.sqrt(tl.sum(g * g, axis=0)) + 1e-6
    upd = (g + wd * p) / denom
    ch = idx // HW + 1
    b = tl.load(b_ptr + idx // HW, mask=mask, other=0.0)
    w = tl.exp(-(p - g))
    lvl = 20.0 * tl.log(tl.abs(g) + 1e-6)
    tl.store(out_ptr + idx, upd + b + w + lvl + ch, mask=mask)
'''


def test_a_scale_meant_for_one_term_of_a_sum():
    assert any(_same(l, "upd = g / denom + wd * p") for l in _rewritten(KERNEL, "upd ="))


def test_an_exponents_argument_gets_a_scalar_parameters_factor():
    assert any(_same(l, "w = tl.exp(-temp * (p - g))") for l in _rewritten(KERNEL, "w ="))


def test_a_recomputed_subexpression_becomes_the_name_that_holds_it():
    derived = [r for r in rewrites(Src(KERNEL), _line0(KERNEL, "b =")) if r.kind == "derived_name"]
    assert any(_same(r.line, "b = tl.load(b_ptr + ch, mask=mask, other=0.0)") for r in derived)
    assert not any("_ptr`" in r.description.split("->")[-1] for r in derived)  # never a pointer, never a mask
    assert not any(r.description.endswith("`mask`") for r in derived)


def test_a_decibel_factor_written_for_the_natural_log():
    assert any(_same(l, "lvl = 8.685889638065035 * tl.log(tl.abs(g) + 1e-6)") for l in _rewritten(KERNEL, "lvl ="))


TILE = HEAD + '''def t(x_ptr, out_ptr, M, N, BM: tl.constexpr, BN: tl.constexpr):
    rm = tl.arange(0, BM)
    rn = tl.arange(0, BN)
    m2 = (rm[:, None] < M) & (rn[None, :] < N)
    x = tl.load(x_ptr + rm[:, None] * N + rn[None, :], mask=m2, other=0.0)
    p = x / tl.maximum(tl.sum(x, axis=0), 1e-30)[None, :]
    mx = tl.max(p, axis=0)
    y = tl.exp(p - mx[:, None])
    tl.store(out_ptr + rm[:, None] * N + rn[None, :], y, mask=m2)
'''


def test_one_reduction_along_the_other_axis_with_its_broadcast():
    made = _rewritten(TILE, "p =")
    assert any(_same(l, "p = x / tl.maximum(tl.sum(x, axis=1), 1e-30)[:, None]") for l in made)
    assert any(_same(l, "p = x / tl.maximum(tl.sum(x, axis=1), 1e-30)[None, :]") for l in made)


def test_one_reduction_along_the_other_axis_alone():
    assert any(_same(l, "mx = tl.max(p, axis=1)") for l in _rewritten(TILE, "mx ="))


SCALED = HEAD + '''def dq(c_ptr, s_ptr, w_ptr, OUT, IN, BO: tl.constexpr, BK: tl.constexpr):
    ro = tl.program_id(0) * BO + tl.arange(0, BO)
    rk = tl.arange(0, BK)
    mask = (ro[:, None] < OUT) & (rk[None, :] < IN)
    acc = tl.load(c_ptr + ro[:, None] * IN + rk[None, :], mask=mask, other=0.0)
    s = tl.load(s_ptr + ro, mask=ro < OUT, other=0.0)
    tl.store(w_ptr + ro[:, None] * IN + rk[None, :], acc, mask=mask)
'''


def test_a_loaded_scale_left_out_of_the_stored_value():
    made = _operator_sources(SCALED, "dead_term", _line0(SCALED, "tl.store("))
    assert any("tl.store(w_ptr + ro[:, None] * IN + rk[None, :], (acc) * s[:, None], mask=mask)" in s for s in made)


STEPS = HEAD + '''def step(src_ptr, dst_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    v = tl.load(src_ptr + i, mask=i < n, other=0.0)
    tl.store(dst_ptr + i, 0.5 * v, mask=i < n)


class ModelNew(torch.nn.Module):
    def forward(self, x):
        src = x.contiguous()
        bufs = [torch.empty_like(src), torch.empty_like(src)]
        for it in range(3):
            dst = bufs[it % 2]
            step[(1,)](src, dst, src.numel(), BLOCK=1024)
        return dst
'''


def test_a_stepping_loop_hands_its_result_on():
    made = _operator_sources(STEPS, "ping_pong")
    fixed = STEPS.replace("BLOCK=1024)\n", "BLOCK=1024)\n            src = dst\n")
    assert any(_same(s, fixed) for s in made)
    assert not any("src = n" in s or "= src.numel()" in s for s in made)  # sizes are not buffers


def test_a_loop_that_hands_on_already_is_left_alone():
    handed = STEPS.replace("BLOCK=1024)\n", "BLOCK=1024)\n            src = dst\n")
    assert _operator_sources(handed, "ping_pong") == [] or all(
        "src = dst\n            src = dst" not in s for s in _operator_sources(handed, "ping_pong"))


def test_a_kernel_line_that_calls_a_helper_is_a_site():
    """`w = _gate_w(w_ptr, 1, H, I)` has no load, mask or arithmetic of its own: its arguments are what
    may be wrong, so it is localized (kind `call`)."""
    from kagent.agents.localize import sites_of

    source = HEAD + '''def _gate_w(w_ptr, gate, H, K):
    r = tl.arange(0, 16)
    return tl.load(w_ptr + gate * H * K + r)


@triton.jit
def cell(w_ptr, out_ptr, H, I):
    w = _gate_w(w_ptr, 1, H, I)
    n = max(H, I)
    tl.store(out_ptr + tl.arange(0, 16), w)
'''
    sites = {s.line: s for s in sites_of(source, {"args": 1.0, "operand": 1.0})}
    line = _line0(source, "w = _gate_w") + 1
    assert line in sites and "call" in sites[line].kinds
    assert (_line0(source, "n = max") + 1) not in sites or "call" not in sites[_line0(source, "n = max") + 1].kinds


FUSED = HEAD + '''def f(x_ptr, b_ptr, m_ptr, out_ptr, n, scale, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i, mask=i < n, other=0.0)
    b = tl.load(b_ptr + i, mask=i < n, other=0.0)
    mx = tl.load(m_ptr + i, mask=i < n, other=0.0)
    acc = x * scale + b
    e = tl.exp(x)
    lo = tl.max(tl.where(i < n, x, float("-inf")), axis=0)
    tl.store(out_ptr + i, acc + e + lo, mask=i < n)
'''


def test_a_term_that_belonged_inside_the_scaled_factor():
    assert any(_same(l, "acc = (x + b) * scale") for l in _rewritten(FUSED, "acc ="))


def test_an_exponent_takes_a_max_loaded_for_it_and_left_unread():
    assert any(_same(l, "e = tl.exp(x - mx)") for l in _rewritten(FUSED, "e ="))


def test_a_max_reduction_turned_min_takes_the_opposite_fill():
    assert any(_same(l, 'lo = tl.min(tl.where(i < n, x, float("inf")), axis=0)') for l in _rewritten(FUSED, "lo ="))


UPDATE = HEAD + '''def u(s_ptr, c_ptr, o_ptr, out_ptr, n, bias, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    s = tl.load(s_ptr + i, mask=i < n, other=0.0)
    cnt = tl.load(c_ptr + i, mask=i < n, other=0.0)
    old = tl.load(o_ptr + i, mask=i < n, other=0.0)
    new = tl.where(cnt > 0, s / tl.maximum(cnt, 1.0), 0.0)
    tl.store(out_ptr + i, 2.0 * new, mask=i < n)
'''


def test_a_literal_fallback_becomes_the_value_in_scope():
    assert any(_same(l, "new = tl.where(cnt > 0, s / tl.maximum(cnt, 1.0), old)") for l in _rewritten(UPDATE, "new ="))


def test_an_unread_parameter_joins_a_name_inside_the_line():
    lines = _rewritten(UPDATE, "tl.store(")
    assert any(_same(l, "tl.store(out_ptr + i, 2.0 * (new + bias), mask=i < n)") for l in lines)


def test_two_strides_passed_in_each_others_place_are_exchanged():
    source = HEAD + '''def k(t_ptr, out_ptr, s0, s1, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    tl.store(out_ptr + i, tl.load(t_ptr + i * s0 + s1))


def run(t, out):
    k[(1,)](t, out,
            t.stride(1), t.stride(0), BLOCK=16)
'''
    assert any(l.strip() == "t.stride(0), t.stride(1), BLOCK=16)" for l in _rewritten(source, "t.stride(1)"))
