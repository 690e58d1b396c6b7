"""Wrong constants found by measurement, not by guessing: a literal's right value fitted from the screen.

A constant slip (a copy-pasted coefficient, the wrong threshold, a scale off by some factor, a
constant term left out) is out of
reach of a list of alternatives unless the right value happens to be on it. When the output depends
on the literal smoothly, the screen's error is close to `k * |c - c*|` around the right value `c*`
(it is exact when the output is affine in it): two probes beside the current value give the slope
and the side, and the error at the current value how far to go. The fitted value and its short
roundings (`0.2204 -> 0.22`, or a ratio `4 / 29`) become ordinary candidates; the screen and the full verifier judge
them like any other edit.

Layer 3: pure source manipulation and arithmetic; the caller screens (`judge`).
"""

from __future__ import annotations

import ast
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from kagent.patterns.operators.base import Edit, Src, nodes_of
from kagent.patterns.operators.exprs import _swap

FAMILY = "grammar"
STEP = 0.1  # the probes' relative distance from a literal's current value
ADDED_STEP = 0.1  # the probes of an added constant: +-0.1 (the fit is exact where the output is affine in it)


@dataclass(frozen=True)
class Knob:
    """A number in the source the error may follow: a float literal, or a constant added to an
    expression (a missing term: `7.787 * t` for `7.787 * t + 4 / 29`), its current value 0."""

    node: ast.expr
    value: float
    added: bool  # a constant added to `node`, not `node` itself

    @property
    def line0(self) -> int:
        return self.node.lineno - 1

    def probes(self) -> tuple[float, float]:
        if self.added:
            return ADDED_STEP, -ADDED_STEP
        return self.value * (1 + STEP), self.value * (1 - STEP)

    def edit(self, src: Src, value: float, why: str, text: str | None = None) -> Edit | None:
        text = text or repr(float(value))
        if self.added:
            new, what = f"({ast.unparse(self.node)} + {text})", f"`{ast.unparse(self.node)}` + {text} ({why})"
        else:
            new, what = text, f"constant {self.value!r} -> {text} ({why})"
        e = _swap(src, self.node, new, what)
        if e is None:
            return None
        desc, line0, _stop, lines = e
        return Edit(operator="grammar_fit", family=FAMILY, description=desc, start=line0, stop=line0 + 1,
                    lines=tuple(lines), cost=3)


def knobs(src: Src, lines: Sequence[int], limit: int = 8, added_lines: int = 3) -> list[Knob]:
    """The float literals (not 0: an initial value) on the suspected lines (0-based, most suspected
    first), at most `limit`, not in an address or a subscript; and on the `added_lines` most
    suspected kernel lines, a constant added to the line's value (to each branch of a `tl.where`)."""
    out: list[Knob] = []
    kernel_lines = 0
    for line0 in lines:
        stmt = src.statements_by_line.get(line0)
        scope = src.scope_of(line0)
        if stmt is None or scope not in ("kernel", "host") or not src.lines[line0].isascii():
            continue
        skip = {id(x) for n in ast.walk(stmt) if isinstance(n, ast.Subscript) for x in ast.walk(n.slice)}
        for n in nodes_of(stmt, ast.Constant):
            if (type(n.value) is float and math.isfinite(n.value) and n.value != 0.0
                    and id(n) not in skip and n.lineno - 1 == line0 and len(out) < limit):
                out.append(Knob(n, n.value, False))
        value = getattr(stmt, "value", None)
        if scope == "kernel" and kernel_lines < added_lines and isinstance(value, ast.expr):
            kernel_lines += 1
            branches = (value.args[1:3] if isinstance(value, ast.Call) and ast.unparse(value.func) == "tl.where"
                        and len(value.args) == 3 else [value])
            for b in branches:
                if (b.lineno - 1 == line0 and b.end_lineno == b.lineno and not isinstance(b, ast.Constant)
                        and not isinstance(b, (ast.Compare, ast.BoolOp))):
                    out.append(Knob(b, 0.0, True))
    return out


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


def fraction(x: float, max_den: int = 100, rel: float = 2e-5) -> str | None:
    """`p / q` (q <= max_den, q > 1) within `rel` of `x`: constants are often written as ratios
    (4 / 29, 16 / 116, 2 / 3), which no short decimal rounding reproduces."""
    if x == 0 or not math.isfinite(x):
        return None
    f = Fraction(x).limit_denominator(max_den)
    if f.denominator > 1 and abs(float(f) - x) <= rel * abs(x):
        return f"{f.numerator}.0 / {f.denominator}.0"
    return None


def fit_edits(source: str, lines: Sequence[int], judge: Callable[[list[str]], list[float | None]],
              *, limit: int = 8, per_knob: int = 4) -> list[tuple[float, Edit, str]]:
    """(priority, edit, new source) of fitted values for the numbers on `lines` (0-based, most
    suspected first; see knobs). `judge(sources)` screens the base and the probes: one error per
    source (the relative L2 error on one failing case; None where it could not be measured)."""
    try:
        src = Src(source)
    except SyntaxError:
        return []
    probes: list[str] = [source]
    spots: list[tuple[Knob, float, float]] = []
    for k in knobs(src, lines, limit):
        c1, c2 = k.probes()
        e1, e2 = k.edit(src, c1, "probe"), k.edit(src, c2, "probe")
        if e1 is None or e2 is None:
            continue
        probes += [e1.apply(source), e2.apply(source)]
        spots.append((k, c1, c2))
    if not spots:
        return []
    errs = judge(probes)
    e0 = errs[0]
    if e0 is None or e0 <= 0:
        return []
    out: list[tuple[float, Edit, str]] = []
    for i, (k, c1, c2) in enumerate(spots):
        e1, e2 = errs[1 + 2 * i], errs[2 + 2 * i]
        if e1 is None or e2 is None or (e1 >= e0 and e2 >= e0 and abs(e1 - e2) < 1e-3 * e0):
            continue  # the error does not move with this number
        rank = lines.index(k.line0) if k.line0 in lines else len(lines)
        for c in fitted(k.value, e0, c1, e1, c2, e2):
            texts = [t for t in [fraction(c)] if t] + [repr(r) for r in roundings(c) if r != k.value]
            for text in list(dict.fromkeys(texts))[:per_knob] + [repr(c)]:
                e = k.edit(src, c, "fitted", text)
                if e is not None:
                    out.append((round(0.9 / (1 + 0.05 * rank), 4), e, e.apply(source)))
    return out
