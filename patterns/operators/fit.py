"""Wrong constants found by measurement, not by guessing: a literal's right value fitted from the screen.

A constant slip (a copy-pasted coefficient, the wrong threshold, a scale off by some factor) is out of
reach of a list of alternatives unless the right value happens to be on it. When the output depends
on the literal smoothly, the screen's error is close to `k * |c - c*|` around the right value `c*`
(it is exact when the output is affine in it): two probes beside the current value give the slope
and the side, and the error at the current value how far to go. The fitted value and its short
roundings (`0.2204 -> 0.22`) become ordinary candidates; the screen and the full verifier judge
them like any other edit.

Layer 3: pure source manipulation and arithmetic; the caller screens (`judge`).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Sequence

from kagent.patterns.operators.base import Edit, Src, nodes_of
from kagent.patterns.operators.exprs import _swap

FAMILY = "grammar"
STEP = 0.1  # the probes' relative distance from the current value


def knobs(src: Src, lines: Sequence[int], limit: int = 8) -> list[ast.Constant]:
    """The float literals (not 0 or 1: an initial value, an identity) on the suspected lines (0-based,
    most suspected first), at most `limit`; not in an address or a subscript."""
    out: list[ast.Constant] = []
    for line0 in lines:
        stmt = src.statements_by_line.get(line0)
        if stmt is None or src.scope_of(line0) not in ("kernel", "host") or not src.lines[line0].isascii():
            continue
        skip = {id(x) for n in ast.walk(stmt) if isinstance(n, ast.Subscript) for x in ast.walk(n.slice)}
        for n in nodes_of(stmt, ast.Constant):
            if (type(n.value) is float and math.isfinite(n.value) and n.value not in (0.0, 1.0, -1.0)
                    and id(n) not in skip and n.lineno - 1 == line0 and len(out) < limit):
                out.append(n)
    return out


def with_value(src: Src, node: ast.Constant, value: float, why: str) -> Edit | None:
    e = _swap(src, node, repr(float(value)), f"constant {node.value!r} -> {value!r} ({why})")
    if e is None:
        return None
    desc, line0, _stop, lines = e
    return Edit(operator="grammar_fit", family=FAMILY, description=desc, start=line0, stop=line0 + 1,
                lines=tuple(lines), cost=3)


def fitted(c0: float, e0: float, c1: float, e1: float, c2: float, e2: float) -> list[float]:
    """Where `e(c) = k |c - c*|` puts `c*`, from the errors at c0 and at the probes c1 > c0 > c2 (or
    c1 < c0 < c2 for a negative c0): outside the probes (one side's errors fall) or between them."""
    out = []
    if c1 != c2:
        k = abs(e1 - e2) / abs(c1 - c2)
        if k > 0:
            toward = c1 if e1 < e2 else c2
            out.append(c0 + math.copysign(e0 / k, toward - c0))
        k_in = (e1 + e2) / abs(c1 - c2)
        if k_in > 0 and e0 < max(e1, e2):
            lo, e_lo = (c2, e2) if c2 < c1 else (c1, e1)
            out.append(lo + e_lo / k_in)
    return [c for c in out if math.isfinite(c) and c != c0]


def roundings(x: float) -> list[float]:
    """`x` and its roundings to 1..6 significant digits that stay within 5% of it, shortest first."""
    out: list[float] = []
    for digits in range(1, 7):
        r = float(f"{x:.{digits}g}")
        if r not in out and (x == 0 or abs(r - x) <= 0.05 * abs(x)):
            out.append(r)
    return out if x in out else out + [x]


def fit_edits(source: str, lines: Sequence[int], judge: Callable[[list[str]], list[float | None]],
              *, limit: int = 8, per_knob: int = 4) -> list[tuple[float, Edit, str]]:
    """(priority, edit, new source) of fitted values for the float literals on `lines` (0-based,
    most suspected first). `judge(sources)` screens the base and the probes: one error per source
    (the relative L2 error on one failing case; None where it could not be measured)."""
    try:
        src = Src(source)
    except SyntaxError:
        return []
    found = knobs(src, lines, limit)
    probes: list[str] = [source]
    spots: list[tuple[ast.Constant, float, float]] = []
    for n in found:
        c1, c2 = n.value * (1 + STEP), n.value * (1 - STEP)
        e1, e2 = with_value(src, n, c1, "probe"), with_value(src, n, c2, "probe")
        if e1 is None or e2 is None:
            continue
        probes += [e1.apply(source), e2.apply(source)]
        spots.append((n, c1, c2))
    if not spots:
        return []
    errs = judge(probes)
    e0 = errs[0]
    if e0 is None or e0 <= 0:
        return []
    out: list[tuple[float, Edit, str]] = []
    for i, (n, c1, c2) in enumerate(spots):
        e1, e2 = errs[1 + 2 * i], errs[2 + 2 * i]
        if e1 is None or e2 is None or (e1 >= e0 and e2 >= e0 and abs(e1 - e2) < 1e-3 * e0):
            continue  # the error does not move with this literal
        rank = lines.index(n.lineno - 1) if n.lineno - 1 in lines else len(lines)
        for c in fitted(n.value, e0, c1, e1, c2, e2):
            for r in [r for r in roundings(c) if r != n.value][:per_knob]:
                e = with_value(src, n, r, "fitted")
                if e is not None:
                    out.append((round(0.9 / (1 + 0.05 * rank), 4), e, e.apply(source)))
    return out
