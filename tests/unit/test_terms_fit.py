"""Rewrites past one node (patterns/operators/terms.py) and constants fitted from the screen's error
(patterns/operators/fit.py).

Each kernel holds slips the one-node grammar cannot undo: two terms' signs exchanged, a nested term
missing its scalar factor, a column offset copied from a sibling load, a host attribute read for its
sibling or its complement, and a coefficient off by an arbitrary amount."""

from __future__ import annotations

import ast
import re

import pytest

from kagent.patterns.operators import fit
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import grammar_edits, rewrites

KERNEL = '''import torch
import triton
import triton.language as tl


@triton.jit
def k(a_ptr, b_ptr, out_ptr, n, tau, alpha, s_a, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a0 = tl.load(a_ptr + offs * s_a, mask=m, other=0.0)
    a1 = tl.load(a_ptr + offs * s_a + 1, mask=m, other=0.0)
    a2 = tl.load(a_ptr + offs * s_a + 2, mask=m, other=0.0)
    a3 = tl.load(a_ptr + offs * s_a + 1, mask=m, other=0.0)
    b0 = tl.load(b_ptr + offs, mask=m, other=0.0)
    z = a0 * b0 + a2 * a1 - a1 * a2 + a3 * b0
    v = tl.sum(tl.where(m, b0 * (a0 - a1), 0.0), axis=0)
    w = tl.where(a0 > 20.0, a0 + 0.15 * (a0 - 20.0), a0)
    u = alpha * a0 + tau
    tl.store(out_ptr + offs, z + v + w + u, mask=m)


class ModelNew(torch.nn.Module):
    def __init__(self, beta1: float, beta2: float, drop: float):
        super().__init__()
        self.beta1, self.beta2 = beta1, beta2
        self.drop = drop

    def forward(self, a, b):
        bc = 1.0 - self.beta1 ** 3
        scale = 1.0 / self.drop
        out = torch.empty_like(b)
        k[(1,)](a, b, out, b.numel(), bc * scale, 0.5, a.stride(0), BLOCK=64)
        return out
'''


def _line(text: str) -> int:
    return next(i for i, l in enumerate(KERNEL.split("\n")) if l.strip().startswith(text))


def _same(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a.strip())) == ast.dump(ast.parse(b.strip()))


@pytest.mark.parametrize("line_start, fixed", [
    # a cross product's operand order: the two middle terms' signs exchanged
    ("z =", "z = a0 * b0 - a2 * a1 + a1 * a2 + a3 * b0"),
    # a nested term missing the kernel's scalar factor
    ("v =", "v = tl.sum(tl.where(m, b0 * (a0 - tau * a1), 0.0), axis=0)"),
    # the sibling attribute, and the complement of a probability, on the host
    ("bc =", "bc = 1.0 - self.beta2 ** 3"),
    ("scale =", "scale = 1.0 / (1.0 - self.drop)"),
    ("scale =", "scale = 1.0 / (-self.drop)"),  # a negation
    ("scale =", "scale = 1.0 / (self.beta1 * self.drop)"),  # scaled by another (1 - lr * wd)
    ("scale =", "scale = 1.0 / (self.drop // 2)"),  # a size where its half (a radius) was meant
    # a constant term made of two scalar parameters
    ("u =", "u = alpha * a0 + tau - tau * alpha"),
])
def test_the_fix_is_among_the_rewrites(line_start, fixed):
    src = Src(KERNEL)
    assert any(_same(r.line, fixed) for r in rewrites(src, _line(line_start)))


def test_factors_are_scalar_parameters_only():
    src = Src(KERNEL)
    lines = [r.line for r in rewrites(src, _line("v =")) if r.kind == "factor"]
    assert lines and all(re.search(r"\b(tau|alpha) \*", l) for l in lines)  # not n (a bound) nor s_a (a stride)


def test_a_copied_column_offset_is_found_on_every_copy_even_unsuspected():
    src = KERNEL
    edits = grammar_edits(src, [(_line("z =") + 1, 1.0)], limit=5000)
    offsets = {e.description for _p, e, _n in edits if e.operator == "grammar_offset"}
    # both loads that add 1 are suspects; 3 is the column no load reads
    assert {f"line {_line('a1 =') + 1}: column offset 1 -> 3 (no sibling load reads it)",
            f"line {_line('a3 =') + 1}: column offset 1 -> 3 (no sibling load reads it)"} <= offsets
    assert not any(f"line {_line('a2 =') + 1}:" in d for d in offsets)  # 2 is read once: not a copy


def _fake_judge(right: float, slope: float = 3.0):
    """The screen's error of a source: |c - right| * slope for the coefficient on the `w =` line."""
    def judge(sources):
        out = []
        for s in sources:
            m = re.search(r"a0 \+ ([-0-9.e]+) \* \(a0 - 20\.0\)", s)
            out.append(abs(float(m.group(1)) - right) * slope + 0.0 if m else None)
        return out
    return judge


@pytest.mark.parametrize("right", [0.22, 0.09, -0.4, 1.75])
def test_a_wrong_coefficient_is_fitted_and_rounded(right):
    got = fit.fit_edits(KERNEL, [_line("w =")], _fake_judge(right))
    values = [float(re.search(r"-> ([-0-9.e]+)", e.description).group(1)) for _p, e, _n in got]
    assert right in values
    first = next(n for _p, e, n in got if e.description.endswith(f"-> {right!r} (fitted)"))
    assert f"a0 + {right!r} * (a0 - 20.0)" in first


def test_a_literal_the_error_does_not_follow_gives_nothing():
    def flat(sources):
        return [0.5 for _ in sources]
    assert fit.fit_edits(KERNEL, [_line("w =")], flat) == []


def test_fitted_values_between_the_probes():
    # right value inside [c2, c1]: e1 + e2 spans the probes
    c0, right, k = 1.0, 1.03, 2.0
    c1, c2 = 1.1, 0.9
    vals = fit.fitted(c0, k * abs(c0 - right), c1, k * abs(c1 - right), c2, k * abs(c2 - right))
    assert any(abs(v - right) < 1e-9 for v in vals)
    assert fit.roundings(0.220491) == [0.22, 0.2205, 0.22049, 0.220491]  # 0.2 is more than 5% off


def test_the_screen_errors_fitting_reads_are_the_bases_first_failing_case():
    from kagent.agents.screen import ScreenResult
    from kagent.repair.nodes import _screen_errors

    class Screen:
        def screen(self, sources, timeout_s=None):
            def one(s):
                if "crash" in s:  # a run failure: tier 2, nothing measured
                    return ScreenResult(passed=False, score=[2.0, 1.0, 1.0, 1.0, 30.0], failing={"seed0": ["error"]})
                rel = float(s.split()[-1])
                return ScreenResult(passed=False, score=[1.0, 1.0, 1.0, 0.5, 0.0], failing={"shape_odd": ["numerical"]},
                                    rels={"seed0": 0.0, "shape_odd": rel})
            return [one(s) for s in sources]

    assert _screen_errors(Screen(), ["base 0.3", "p1 0.2", "p2 crash", "p3 1e30"]) == [0.3, 0.2, None, None]


def test_a_missing_constant_term_is_fitted_as_a_ratio():
    # the `w =` line's else branch misses `+ 4 / 29` (a CIE Lab toe's offset, say)
    right = 4 / 29

    def judge(sources):
        out = []
        for s in sources:
            line = next(l for l in s.split("\n") if l.strip().startswith("w ="))
            m = re.search(r", \(a0 \+ ([-0-9.e/ ]+)\)\)$", line)
            added = eval(m.group(1)) if m else 0.0  # noqa: S307 (the test's own text)
            out.append(abs(added - right) * 3.0)
        return out

    got = fit.fit_edits(KERNEL, [_line("w =")], judge)
    lines = [n.split("\n")[_line("w =")] for _p, _e, n in got]
    assert "    w = tl.where(a0 > 20.0, a0 + 0.15 * (a0 - 20.0), (a0 + 4.0 / 29.0))" in lines
    assert fit.fraction(0.1379310) == "4.0 / 29.0" and fit.fraction(0.2204) is None


def test_a_flat_index_split_with_two_divisors_is_made_consistent_on_any_line():
    src = '''import triton
import triton.language as tl


@triton.jit
def k(out_ptr, H, W, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    px = (offs % W).to(tl.float32)
    py = (offs // H).to(tl.float32)
    tl.store(out_ptr + offs, px * py, mask=offs < H * W)
'''
    # suspected: only the store; the split is two lines up and is still rewritten
    edits = grammar_edits(src, [(10, 1.0)], limit=5000)
    # made (as a divmod repair or, the same line, as a rename: whichever kind ranks first makes it)
    assert "py = (offs // W).to(tl.float32)" in {e.lines[0].strip() for _p, e, _n in edits}
    # the other fix is made too (a plain rename of a line that defines what the store reads may come first)
    assert "px = (offs % H).to(tl.float32)" in {e.lines[0].strip() for _p, e, _n in edits}


def test_host_lines_that_compute_a_launchs_scalars_are_rewritten_unsuspected():
    src = '''import math

import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, lo, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, tl.maximum(x, lo), mask=offs < n)


class ModelNew(torch.nn.Module):
    def __init__(self, beta: float):
        super().__init__()
        self.beta = beta

    def forward(self, x):
        out = torch.empty_like(x)
        low = math.ceil(self.beta * 10.0)
        shift = low / 10.0
        k[(triton.cdiv(x.numel(), 64),)](x, out, x.numel(), float(shift), BLOCK=64)
        return out
'''
    edits = grammar_edits(src, [(12, 1.0), (11, 0.8)], limit=5000)  # kernel lines only
    assert "low = math.floor(self.beta * 10.0)" in {e.lines[0].strip() for _p, e, _n in edits}
    assert not any(e.lines[0].strip().startswith("out = torch.empty_like(x") for _p, e, _n in edits)  # no scalar


def test_a_matrix_element_is_exchanged_for_its_transposes():
    src = '''import torch
import triton
import triton.language as tl


@triton.jit
def project(p_ptr, k_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    fx = tl.load(k_ptr + 0)
    cx = tl.load(k_ptr + 2)
    fy = tl.load(k_ptr + 4)
    cy = tl.load(k_ptr + 7)
    one = tl.load(k_ptr + 8)
    x = tl.load(p_ptr + offs * 2, mask=offs < n)
    y = tl.load(p_ptr + offs * 2 + 1, mask=offs < n)
    tl.store(out_ptr + offs, (fx * x + cx) + (fy * y + cy) * one, mask=offs < n)
'''
    edits = grammar_edits(src, [(16, 1.0)], limit=5000)
    moved = {e.lines[0].strip() for _p, e, _n in edits if e.operator == "grammar_transpose_offset"}
    assert "cy = tl.load(k_ptr + 5)" in moved and "cx = tl.load(k_ptr + 6)" in moved
    assert not any(line.startswith(("fx =", "fy =", "one =")) for line in moved)  # the diagonal is its own transpose


def test_a_scalar_computed_in_the_launch_is_rewritten_unsuspected():
    src = '''import torch
import triton
import triton.language as tl


@triton.jit
def k(x_ptr, out_ptr, n, amount, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, x * amount, mask=offs < n)


class ModelNew(torch.nn.Module):
    def __init__(self, amount=75.0):
        super().__init__()
        self.amount = amount

    def forward(self, x):
        out = torch.empty_like(x)
        k[(triton.cdiv(x.numel(), 64),)](x, out, x.numel(), self.amount, BLOCK=64)
        return out
'''
    edits = grammar_edits(src, [(10, 1.0), (9, 0.8)], limit=5000)  # kernel lines only
    assert any("self.amount / 100.0" in e.lines[0] for _p, e, _n in edits)  # a percentage left unconverted


def test_a_term_of_the_lines_top_sum_gets_a_scalar_factor():
    """Adan's Nesterov term `upd = g + diff` where `g + b2 * diff` was meant: the term is the top sum's
    own, not nested in it."""
    source = KERNEL.replace("    u = alpha * a0 + tau\n", "    u = alpha * a0 + tau\n    y2 = a0 + a1\n")
    assert "    y2 = a0 + a1\n" in source
    line = next(i for i, l in enumerate(source.split("\n")) if l.strip().startswith("y2 ="))
    assert any(_same(r.line, "y2 = a0 + tau * a1") for r in rewrites(Src(source), line))
