"""Rewrites and operators that read past the suspected line: a product's transposes, a condition another select
tests, a parity of one index where the sum was meant, a coefficient set of the wrong standard, and a
loop value never advanced by the parameter the kernel takes and never reads (each kernel below is
written for the test; none is a blind-set file)."""

from __future__ import annotations

import ast

from kagent.patterns.operators import OPERATORS
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import _global_rewrites, rewrites

HEAD = "import torch\nimport triton\nimport triton.language as tl\n\n\n@triton.jit\n"


def _same(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a.strip())) == ast.dump(ast.parse(b.strip()))


def _line0(source: str, start: str) -> int:
    return next(i for i, l in enumerate(source.split("\n")) if l.strip().startswith(start))


def _rewrites(source: str, start: str, kind: str) -> list[str]:
    return [r.line for r in rewrites(Src(source), _line0(source, start)) if r.kind == kind]


def _global(source: str, start: str, kind: str) -> list[str]:
    """The rewrites made on every kernel line whatever its suspicion."""
    line0 = _line0(source, start)
    return [e.lines[0] for _p, ln, e in _global_rewrites(Src(source), []) if ln == line0 and e.operator == f"grammar_{kind}"]


GRAM = HEAD + '''def gram(a_ptr, out_ptr, R, D: tl.constexpr, BR: tl.constexpr):
    rr = tl.arange(0, BR)
    dd = tl.arange(0, D)
    acc = tl.zeros([D, D], dtype=tl.float32)
    for r0 in range(0, R, BR):
        a = tl.load(a_ptr + (r0 + rr)[:, None] * D + dd[None, :], mask=(r0 + rr)[:, None] < R, other=0.0)
        acc += tl.dot(a, tl.trans(a))
    tl.store(out_ptr + dd[:, None] * D + dd[None, :], acc)
'''


def test_a_products_transpose_moves_to_the_other_operand():
    line0 = _line0(GRAM, "acc +=")
    found = [new[0] for _d, a, b, new in OPERATORS["dot_transpose"].propose(Src(GRAM), line0)]
    assert any(_same(l, "acc += tl.dot(tl.trans(a), a)") for l in found)
    assert any(_same(l, "acc += tl.dot(a, a)") for l in found)
    assert len(found) == 3  # every other placement, never the written one


CE = HEAD + '''def ce(x_ptr, lab_ptr, out_ptr, C, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < C
    lab = tl.load(lab_ptr + row)
    x = tl.load(x_ptr + row * C + cols, mask=m, other=0.0)
    x_lab = tl.sum(tl.where(cols == lab, x, 0.0), axis=0)
    rest = tl.sum(tl.where(m, tl.exp(x), 0.0), axis=0)
    tl.store(out_ptr + row, x_lab - rest)
'''


def test_a_select_borrows_the_condition_another_select_tests_in_either_polarity():
    found = _rewrites(CE, "rest =", "borrowed_condition")
    assert any(_same(l, "rest = tl.sum(tl.where(m & (cols != lab), tl.exp(x), 0.0), axis=0)") for l in found)
    assert any(_same(l, "rest = tl.sum(tl.where(m & (cols == lab), tl.exp(x), 0.0), axis=0)") for l in found)
    # the select that owns the condition does not borrow it from itself
    assert not any("cols != lab" in l for l in _rewrites(CE, "x_lab =", "borrowed_condition"))


SOR = HEAD + '''def sweep(u_ptr, out_ptr, n, color, BLOCK: tl.constexpr):
    i = tl.program_id(0)
    j = tl.arange(0, BLOCK)
    active = (j < n) & (i % 2 == color)
    u = tl.load(u_ptr + i * n + j, mask=j < n, other=0.0)
    tl.store(out_ptr + i * n + j, tl.where(active, 0.5 * u, u), mask=j < n)
'''


def test_a_parity_of_one_index_becomes_the_parity_of_the_sum():
    assert any(_same(l, "active = (j < n) & ((i + j) % 2 == color)") for l in _global(SOR, "active =", "index_sum"))


LUMA = HEAD + '''def luma(rgb_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    r = tl.load(rgb_ptr + 3 * i, mask=i < n, other=0.0)
    g = tl.load(rgb_ptr + 3 * i + 1, mask=i < n, other=0.0)
    b = tl.load(rgb_ptr + 3 * i + 2, mask=i < n, other=0.0)
    y = 0.299 * r + 0.587 * g + 0.114 * b
    tl.store(out_ptr + i, y, mask=i < n)
'''


def test_a_coefficient_set_is_exchanged_whole_for_a_sibling_standard():
    found = _global(LUMA, "y =", "constant_family")
    assert any(_same(l, "y = 0.2126 * r + 0.7152 * g + 0.0722 * b") for l in found)
    assert len(found) == 2


LADDER = HEAD + '''def ladder(x_ptr, out_ptr, n, base, ratio, K: tl.constexpr, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i, mask=i < n, other=0.0)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    s = base
    for q in tl.static_range(K):
        acc += tl.exp(-x / s)
    tl.store(out_ptr + i, acc, mask=i < n)
'''


def test_a_loop_value_is_advanced_by_the_parameter_the_kernel_never_reads():
    found = []
    for _desc, a, b, new in OPERATORS["loop_update"].propose(Src(LADDER), -1):
        lines = LADDER.split("\n")
        lines[a:b] = new
        found.append("\n".join(lines))
    fixed = LADDER.replace("acc += tl.exp(-x / s)\n", "acc += tl.exp(-x / s)\n        s = s * ratio\n")
    assert any(_same(f, fixed) for f in found)
    assert all(ast.parse(f) for f in found)
    # nothing to advance with when every parameter is read
    used = LADDER.replace("acc += tl.exp(-x / s)", "acc += tl.exp(-x / s) * ratio")
    assert OPERATORS["loop_update"].propose(Src(used), -1) == []


FILTER = HEAD + '''def smooth(x_ptr, out_ptr, n, gain, floor, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + i, mask=i < n, other=0.0)
    y = tl.maximum(gain * x, floor)
    tl.store(out_ptr + i, y, mask=i < n)


class ModelNew(torch.nn.Module):
    def __init__(self, gain: float = 2.0, floor: float = 0.1):
        super().__init__()
        self.gain = gain
        self.floor = floor

    def forward(self, x):
        out = torch.empty_like(x)
        n = x.numel()
        smooth[(1,)](x, out, n, self.floor, self.gain,
                     BLOCK=1024)
        return out
'''


def test_two_attributes_a_launch_passes_in_each_others_place_are_exchanged_early():
    """The suspected lines are the kernel's (the values arrive wrong); the launch's attribute exchange,
    a line and a half below every kernel line, still comes among the first rewrites."""
    from kagent.patterns.operators.grammar import grammar_edits

    sites = [(_line0(FILTER, s) + 1, 10.0 - k) for k, s in enumerate(("tl.store", "y =", "x =", "i ="))]
    edits = grammar_edits(FILTER, sites)
    fixed = FILTER.replace("n, self.floor, self.gain,", "n, self.gain, self.floor,")
    at = [k for k, (_p, _e, new) in enumerate(edits) if _same(new, fixed)]
    assert at and at[0] < 40, at


EMBED = HEAD + '''def embed_sum(ids_ptr, off_ptr, table_ptr, out_ptr, B, F, D: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mr = rows < B
    dd = tl.arange(0, D)
    acc = tl.zeros([BLOCK, D], dtype=tl.float32)
    for f in range(F):
        idx = tl.load(ids_ptr + rows * F + f, mask=mr, other=0)
        acc += tl.load(table_ptr + idx[:, None] * D + dd[None, :], mask=mr[:, None], other=0.0)
    tl.store(out_ptr + rows[:, None] * D + dd[None, :], acc, mask=mr[:, None])
'''


def test_a_looked_up_index_gets_the_offset_its_unread_table_holds():
    found = []
    for _desc, a, b, new in OPERATORS["gather_offset"].propose(Src(EMBED), -1):
        lines = EMBED.split("\n")
        lines[a:b] = new
        found.append("\n".join(lines))
    fixed = EMBED.replace("mask=mr, other=0)\n", "mask=mr, other=0) + tl.load(off_ptr + f)\n")
    assert any(_same(f, fixed) for f in found)
    assert len(found) <= 8  # the index load only: not the table's data load


def test_an_accumulator_the_loop_never_adds_to_takes_the_unread_pointer():
    kernel = EMBED.replace("def embed_sum(ids_ptr, off_ptr,", "def embed_sum(ids_ptr, lin_ptr,").replace(
        "    acc = tl.zeros([BLOCK, D], dtype=tl.float32)\n",
        "    acc = tl.zeros([BLOCK, D], dtype=tl.float32)\n    first = tl.zeros([BLOCK], dtype=tl.float32)\n").replace(
        "    tl.store(out_ptr + rows[:, None] * D + dd[None, :], acc, mask=mr[:, None])",
        "    tl.store(out_ptr + rows[:, None] * D + dd[None, :], acc + first[:, None], mask=mr[:, None])")
    found = []
    for _desc, a, b, new in OPERATORS["missing_accumulate"].propose(Src(kernel), -1):
        lines = kernel.split("\n")
        lines[a:b] = new
        found.append("\n".join(lines))
    fixed = kernel.replace("mask=mr[:, None], other=0.0)\n    tl.store",
                           "mask=mr[:, None], other=0.0)\n        first += tl.load(lin_ptr + idx, mask=mr, other=0.0)\n    tl.store")
    assert any(_same(f, fixed) for f in found)
    assert len(found) <= 12


ONLINE = HEAD + '''def attend(s_ptr, v_ptr, out_ptr, n, F: tl.constexpr, BLOCK: tl.constexpr):
    f = tl.arange(0, F)
    m_run = -float("inf")
    l_run = 0.0
    acc = tl.zeros([F], dtype=tl.float32)
    for start in range(0, n, BLOCK):
        e = start + tl.arange(0, BLOCK)
        s = tl.load(s_ptr + e, mask=e < n, other=-float("inf"))
        m_new = tl.maximum(m_run, tl.max(s, axis=0))
        alpha = tl.exp(m_run - m_new)
        p = tl.exp(s - m_new)
        l_run = l_run * alpha + tl.sum(p, axis=0)
        acc += tl.sum(p[:, None] * tl.load(v_ptr + e[:, None] * F + f[None, :], mask=(e < n)[:, None], other=0.0), axis=0)
        m_run = m_new
    tl.store(out_ptr + f, acc / l_run)
'''


def test_an_online_softmax_accumulator_is_rescaled_with_its_sum():
    found = []
    for _desc, a, b, new in OPERATORS["online_rescale"].propose(Src(ONLINE), -1):
        lines = ONLINE.split("\n")
        lines[a:b] = new
        found.append("\n".join(lines))
    fixed = ONLINE.replace("        acc += tl.sum(", "        acc = acc * alpha\n        acc += tl.sum(")
    assert len(found) == 1 and _same(found[0], fixed)
    # already rescaled: nothing to propose
    assert OPERATORS["online_rescale"].propose(Src(fixed), -1) == []


PINGPONG = HEAD + '''def smooth(u_ptr, a_ptr, b_ptr, out_ptr, n, steps, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    m = offs < n
    tl.store(a_ptr + offs, tl.load(u_ptr + offs, mask=m, other=0.0), mask=m)
    src_ptr = a_ptr
    dst_ptr = b_ptr
    for s in range(steps):
        tl.debug_barrier()
        x = tl.load(src_ptr + offs, mask=m, other=0.0)
        left = tl.load(src_ptr + offs - 1, mask=m & (offs > 0), other=0.0)
        tl.store(dst_ptr + offs, 0.5 * (x + left), mask=m)
    tl.debug_barrier()
    tl.store(out_ptr + offs, tl.load(src_ptr + offs, mask=m, other=0.0), mask=m)
'''


def test_a_kernel_loop_swaps_its_two_buffers_after_each_step():
    found = []
    for _desc, a, b, new in OPERATORS["kernel_ping_pong"].propose(Src(PINGPONG), -1):
        lines = PINGPONG.split("\n")
        lines[a:b] = new
        found.append("\n".join(lines))
    fixed = PINGPONG.replace("mask=m)\n    tl.debug_barrier()\n    tl.store(out_ptr",
                             "mask=m)\n        src_ptr, dst_ptr = dst_ptr, src_ptr\n    tl.debug_barrier()\n    tl.store(out_ptr")
    assert len(found) == 1 and _same(found[0], fixed)
    assert OPERATORS["kernel_ping_pong"].propose(Src(fixed), -1) == []
