"""Grammar rewrites that read past the line: what the rest of the function, or the kernel's
conventions, say the line's expression should have been.

- `borrowed_condition`: a select whose condition lacks one another select of the function tests, in
  either polarity (the label's own class left in a sum over the other classes: `where(m, p, 0)` for
  `where(m & (cols != lab), p, 0)`, beside `where(cols == lab, x, 0)`);
- `index_sum`: a parity taken of one index where it belonged to their sum (`i % 2` for
  `(i + j) % 2`: a checkerboard that became stripes);
- `constant_family`: a set of well-known coefficients exchanged whole for its sibling standard
  (Rec.601 luma weights written where Rec.709's were meant).

Each yields (kind, node, new text of the node, description) for grammar.rewrites' `add`.
"""

from __future__ import annotations

import ast
import math
from collections.abc import Iterator

from kagent.patterns.operators.base import nodes_of

# coefficient sets written together, and the standards they are confused with
_FAMILIES = (
    ("Rec.601 luma", (0.299, 0.587, 0.114)),
    ("Rec.709 luma", (0.2126, 0.7152, 0.0722)),
    ("Rec.2020 luma", (0.2627, 0.678, 0.0593)),
)
_NEGATED = {ast.Eq: ast.NotEq, ast.NotEq: ast.Eq, ast.Lt: ast.GtE, ast.GtE: ast.Lt, ast.Gt: ast.LtE, ast.LtE: ast.Gt}


def _conditions(fn: ast.AST, line0: int) -> list[ast.Compare]:
    """The one-operator comparisons the function's selects test on lines other than `line0`: whole
    conditions and their conjuncts."""
    out: list[ast.Compare] = []
    for c in nodes_of(fn, ast.Call):
        if ast.unparse(c.func) != "tl.where" or not c.args or c.lineno - 1 == line0:
            continue
        for part in nodes_of(c.args[0], ast.Compare):
            if len(part.ops) == 1 and type(part.ops[0]) in _NEGATED:
                out.append(part)
    return out


def borrowed_conditions(fn: ast.AST | None, stmt: ast.AST, line0: int,
                        in_scope: set[str]) -> Iterator[tuple[str, ast.expr, str, str]]:
    if fn is None:
        return
    borrowed: dict[str, None] = {}
    for cmp in _conditions(fn, line0):
        if {n.id for n in nodes_of(cmp, ast.Name)} <= in_scope:
            borrowed[ast.unparse(cmp)] = None
            negated = ast.Compare(cmp.left, [_NEGATED[type(cmp.ops[0])]()], cmp.comparators)
            borrowed[ast.unparse(negated)] = None
    for call in nodes_of(stmt, ast.Call):
        if ast.unparse(call.func) != "tl.where" or len(call.args) != 3:
            continue
        cond = call.args[0]
        text = ast.unparse(cond)
        for extra in borrowed:
            if extra not in text:
                new = f"({text} & ({extra}))" if not isinstance(cond, (ast.Name, ast.Subscript)) else f"{text} & ({extra})"
                yield "borrowed_condition", cond, f"({new})", f"condition `{text}` & `{extra}`"


def index_sums(stmt: ast.AST, index: set[str], in_scope: list[str]) -> Iterator[tuple[str, ast.expr, str, str]]:
    """`index`: the function's index names, masks left out."""
    for n in nodes_of(stmt, ast.BinOp):
        parity = isinstance(n.right, ast.Constant) and n.right.value == 2
        if not (isinstance(n.op, ast.Mod) and parity and isinstance(n.left, ast.Name) and n.left.id in index):
            continue
        for other in in_scope:
            if other != n.left.id and other in index:
                yield "index_sum", n.left, f"({n.left.id} + {other})", f"`{n.left.id}` -> `{n.left.id} + {other}`"


def constant_families(stmt: ast.AST) -> Iterator[tuple[str, ast.expr, str, str]]:
    consts = [c for c in nodes_of(stmt, ast.Constant) if isinstance(c.value, float)]
    for name, values in _FAMILIES:
        found = [next((c for c in consts if math.isclose(c.value, v, rel_tol=1e-6)), None) for v in values]
        if any(c is None for c in found):
            continue
        owner = _smallest_holding(stmt, found)
        if owner is None:
            continue
        at = {id(c): i for i, c in enumerate(found)}
        for other, alts in _FAMILIES:
            if other == name:
                continue
            copy = ast.parse(ast.unparse(owner), mode="eval").body
            # the same walk order as `owner`: its constants line up with the original's
            for orig, new in zip(ast.walk(owner), ast.walk(copy)):
                if id(orig) in at:
                    new.value = alts[at[id(orig)]]
            yield "constant_family", owner, ast.unparse(copy), f"{name} coefficients -> {other}"


def _smallest_holding(stmt: ast.AST, nodes: list[ast.expr]) -> ast.expr | None:
    want = {id(n) for n in nodes}
    best = None
    for n in ast.walk(stmt):
        if isinstance(n, ast.expr) and n.lineno == n.end_lineno and want <= {id(x) for x in ast.walk(n)}:
            best = n  # ast.walk is breadth first: the last holder found is the deepest
    return best
