"""Ranks by counting: Triton has no sort for a row of data, so a kernel ranks element i by how many
elements j beat it, `tl.sum(x_j > x_i, axis=1)` over a (i, j) tile. With ties (graded labels, integer
scores) that count gives tied elements one rank, where a sort gives them consecutive ones in index order
(torch's stable sort, an argsort's tie rule). rank_tie_break: the comparison gets the sort's tie rule,
`(x_j > x_i) | ((x_j == x_i) & (j < i))`, with the index tiles the two operands were read with (or the
reverse rule, for a sort that keeps later indices first).
"""

from __future__ import annotations

import ast

from kagent.patterns.operators.base import Src, nodes_of, operator
from kagent.patterns.operators.generic import _replace

_RANKED = (ast.Gt, ast.Lt, ast.GtE, ast.LtE)


def _index_tiles(fn: ast.FunctionDef) -> dict[str, str]:
    """Names of index tiles (`ii = tl.arange(0, B)[:, None]`) -> their broadcast (':, None' / 'None, :')."""
    out = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) \
                and isinstance(n.value, ast.Subscript) and "tl.arange" in ast.unparse(n.value.value):
            out[n.targets[0].id] = ast.unparse(n.value.slice)
    return out


def _read_with(fn: ast.FunctionDef, tiles: dict[str, str]) -> dict[str, str]:
    """Names loaded through one index tile (`sj = tl.load(p + jj, ...)`) -> that tile."""
    out = {}
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name):
            loads = [c for c in nodes_of(n.value, ast.Call) if ast.unparse(c.func) == "tl.load" and c.args]
            used = {x.id for c in loads for x in nodes_of(c.args[0], ast.Name) if x.id in tiles}
            if len(used) == 1:
                out[n.targets[0].id] = used.pop()
    return out


@operator("rank_tie_break", "compare", 2, "a rank by counting without the sort's tie rule: (x_j > x_i) -> "
          "(x_j > x_i) | ((x_j == x_i) & (j < i))")
def _rank_tie_break(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    tiles = _index_tiles(k.node)
    read = _read_with(k.node, tiles)
    out = []
    for c in nodes_of(k.node, ast.Compare):
        if c.lineno - 1 != line0 or len(c.ops) != 1 or not isinstance(c.ops[0], _RANKED):
            continue
        a, b = c.left, c.comparators[0]
        if not (isinstance(a, ast.Name) and isinstance(b, ast.Name) and a.id in read and b.id in read):
            continue
        ta, tb = read[a.id], read[b.id]
        if tiles[ta] == tiles[tb]:
            continue  # both read along one axis: not a pairwise tile
        strict = {ast.GtE: ">", ast.LtE: "<"}.get(type(c.ops[0]), ">" if isinstance(c.ops[0], ast.Gt) else "<")
        for order in ("<", ">"):
            new = f"({a.id} {strict} {b.id}) | (({a.id} == {b.id}) & ({ta} {order} {tb}))"  # a compare inside `&` is parenthesised in the source already
            e = _replace(src, [(c, new)], f"ties ranked by index: `{ast.unparse(c)}` -> `{new}`")
            if e:
                out.append(e)
    return out
