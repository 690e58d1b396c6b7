"""An operand the kernel lost: where an expression of the kernel has the form of a reference expression
that the reference then divides, multiplies, adds to or subtracts from by something more, the kernel
wrote the first part alone. The beam model's short-reading density

    reference  torch.where((zr >= 0) & (zr <= z_exp), lam * torch.exp(-lam * zr) / (1.0 - torch.exp(-lam * z_exp)), zeros)
    kernel     tl.where((z >= 0.0) & (z <= ze), lam * tl.exp(-lam * z), 0.0)

lost its normaliser. The kernel's names for the reference's come from the two expressions (lam, zr -> z)
and from the call they sit in, argument by argument (z_exp -> ze in the condition); the lost operand,
translated into them (patterns/operators/reference_assign.py `_Translate`), is put back:
`lam * tl.exp(-lam * z) / (1.0 - tl.exp(-lam * ze))`.
"""

from __future__ import annotations

import ast
import copy

from kagent.patterns.operators.base import Src, parent_map
from kagent.patterns.operators.reference_assign import _defined, _Translate, loaded_values

_OPS = {ast.Mult: "*", ast.Div: "/", ast.Add: "+", ast.Sub: "-"}
_LEAVES = (ast.Name, ast.Attribute, ast.Subscript)


def _is_const(n: ast.AST) -> bool:
    return isinstance(n, ast.Constant) or (isinstance(n, ast.UnaryOp) and isinstance(n.operand, ast.Constant))


def _rich(n: ast.AST) -> bool:
    """Enough form to be recognised (a call, or two operations): a bare name matches anything."""
    ops = [x for x in ast.walk(n) if isinstance(x, (ast.BinOp, ast.UnaryOp, ast.Call, ast.Compare))]
    return any(isinstance(x, ast.Call) for x in ops) or len(ops) >= 2


def _leaf(n: ast.AST) -> str:
    return ast.unparse(n.value if isinstance(n, ast.Subscript) else n).removeprefix("self.")


def _pair(ref: ast.AST, mine: ast.AST, names: dict[str, str]) -> bool:
    """Walks two expressions of one form side by side, pairing the reference's names with the kernel's
    (False where the forms differ or a name would pair with two)."""
    if _is_const(ref) and _is_const(mine):
        return True
    if isinstance(ref, _LEAVES) and isinstance(mine, (ast.Name, ast.Attribute)):
        return names.setdefault(_leaf(ref), ast.unparse(mine)) == ast.unparse(mine)
    if type(ref) is not type(mine):
        return False
    if isinstance(ref, ast.Call):
        f, g = ref.func, mine.func
        same = (f.attr if isinstance(f, ast.Attribute) else getattr(f, "id", None)) == \
            (g.attr if isinstance(g, ast.Attribute) else getattr(g, "id", None))
        return same and len(ref.args) == len(mine.args) and not ref.keywords and not mine.keywords \
            and all(_pair(a, b, names) for a, b in zip(ref.args, mine.args))
    if isinstance(ref, (ast.BinOp, ast.BoolOp, ast.UnaryOp)) and type(ref.op) is not type(mine.op):
        return False
    if isinstance(ref, ast.Compare) and [type(o) for o in ref.ops] != [type(o) for o in mine.ops]:
        return False
    a = [c for c in ast.iter_child_nodes(ref) if isinstance(c, ast.expr)]
    b = [c for c in ast.iter_child_nodes(mine) if isinstance(c, ast.expr)]
    return len(a) == len(b) and all(_pair(x, y, names) for x, y in zip(a, b))


def _enclosing_call(node: ast.AST, parents: dict[int, ast.AST]) -> ast.Call | None:
    p = parents.get(id(node))
    return p if isinstance(p, ast.Call) else None


def _context(ref_call: ast.Call | None, mine_call: ast.Call | None, names: dict[str, str]) -> dict[str, str]:
    """More name pairs from the arguments of the calls the two expressions sit in (the condition of a
    where), argument by argument; an argument whose names would pair otherwise adds nothing."""
    if ref_call is None or mine_call is None or len(ref_call.args) != len(mine_call.args):
        return names
    for a, b in zip(ref_call.args, mine_call.args):
        trial = dict(names)
        if _pair(a, b, trial):
            names = trial
    return names


class _Rename(ast.NodeTransformer):
    """The reference's names (self.lam, z[None, :]) as the kernel's, before the translation."""

    def __init__(self, names: dict[str, str]):
        self.names = names

    def visit(self, node: ast.AST) -> ast.AST:
        if isinstance(node, _LEAVES) and _leaf(node) in self.names:
            return ast.Name(self.names[_leaf(node)], ast.Load())
        return self.generic_visit(node)


def operand_edits(src: Src, ref_nodes: list[ast.AST]) -> list[tuple[str, int, int, list[str]]]:
    """(description, first line, end line, new lines) for each lost operand put back."""
    mine: list[tuple[ast.expr, ast.FunctionDef, dict[int, ast.AST]]] = []
    for k in src.kernels.values():
        parents = parent_map(k.node)
        mine += [(n, k.node, parents) for n in ast.walk(k.node)
                 if isinstance(n, ast.expr) and n.lineno == n.end_lineno and _rich(n)]
    out: list[tuple[str, int, int, list[str]]] = []
    seen: set[str] = set()
    for top in ref_nodes:
        ref_parents = parent_map(top)
        # the kernel's expressions of a reference expression's form, and what lies under them: a part
        # inside the kernel's copy of a whole reference expression lost nothing of it
        covered: dict[int, set[int]] = {}
        for r in ast.walk(top):
            if isinstance(r, ast.expr) and _rich(r):
                covered[id(r)] = {id(c) for n, _fn, _p in mine if _pair(r, n, {}) for c in ast.walk(n)}
        for x in ast.walk(top):
            if not (isinstance(x, ast.BinOp) and type(x.op) in _OPS):
                continue
            done: set[int] = set()
            a: ast.AST | None = x
            while a is not None:
                done |= covered.get(id(a), set())
                a = ref_parents.get(id(a))
            op = _OPS[type(x.op)]
            for part, lost, left in ((x.left, x.right, True), (x.right, x.left, False)):
                if not _rich(part) or _is_const(lost) or not any(isinstance(n, _LEAVES) for n in ast.walk(lost)):
                    continue
                for n, fn, parents in mine:
                    if id(n) in done:
                        continue
                    names: dict[str, str] = {}
                    if not _pair(part, n, names):
                        continue
                    p = parents.get(id(n))
                    if isinstance(p, ast.BinOp) and type(p.op) is type(x.op):
                        continue  # the kernel applies that operation to it already
                    names = _context(_enclosing_call(x, ref_parents), _enclosing_call(n, parents), names)
                    try:
                        put = _Translate(_defined(fn), set(), None, {}).visit(_Rename(names).visit(copy.deepcopy(lost)))
                    except ValueError:
                        continue
                    line0 = n.lineno - 1
                    text = src.lines[line0]
                    expr = text[n.col_offset:n.end_col_offset]
                    new = f"({expr} {op} ({ast.unparse(put)}))" if left else f"(({ast.unparse(put)}) {op} {expr})"
                    new_line = text[:n.col_offset] + new + text[n.end_col_offset:]
                    if new_line not in seen:
                        seen.add(new_line)
                        out.append((f"line {line0 + 1}: the reference's {op} {ast.unparse(lost)} put back",
                                    line0, line0 + 1, [new_line]))
    return out


def translated_term(src: Src, node: ast.AST, term: ast.AST) -> str | None:
    """A reference term in the names of the kernel around `node` (its loaded tensors by their forward names),
    or None where a part has no translation."""
    for k in src.kernels.values():
        if k.node.lineno <= node.lineno <= (k.node.end_lineno or k.node.lineno):
            try:
                put = _Translate(_defined(k.node), set(), None, {}).visit(
                    _Rename(loaded_values(src, k.node)).visit(copy.deepcopy(term)))
            except ValueError:
                return None
            return ast.unparse(put)
    return None

