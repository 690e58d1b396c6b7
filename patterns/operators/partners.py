"""Partner operators: a name, a call's arguments or an index written with its partner's role.

- one member of a pair read from the other side of a pairwise tile: `ej[None, :]` where the rule
  tests the row's `ei[:, None]` (a C-index's comparable pair: the earlier member must be an event);
- one of a cycle of sibling calls given another call's arguments: `_edge(..., i0, i1, c0)` where the
  others run `(i2, i0, c1)`, `(i0, i1, c2)` (a triangle's edges, each opposite its corner);
- a value normalised by its partner axis's extent: `(x - cw) / bh` beside `cw`, `bw`, `ch`, `bh`;
- a flat two-level index with its levels exchanged: `code * m_sub + m` for `m * k_cb + code`.
"""

from __future__ import annotations

import difflib
import ast
import re

from kagent.patterns.operators.base import Src, code_part, nodes_of, operator
from kagent.patterns.operators.flow import _dead_values, _sum_terms
from kagent.patterns.operators.forms import _PAIRS
from kagent.patterns.operators.generic import _replace, _stmt_at
from kagent.patterns.operators.grammar import _function_of

_ROW, _COL = "[:, None]", "[None, :]"


def _side(node: ast.expr) -> tuple[str, str] | None:
    """(name, broadcast) of `x[:, None]` / `x[None, :]`."""
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        index = ast.unparse(node)[len(node.value.id):]
        if index in (_ROW, _COL):
            return node.value.id, index
    return None


def _one_apart(a: str, b: str) -> bool:
    return len(a) == len(b) > 1 and a[:-1] == b[:-1] and a[-1] != b[-1]


@operator("pair_side", "operand", 2, "a pairwise tile's member read from the other side of the pair: "
          "(ej[None, :] == 1) -> (ei[:, None] == 1), where `ei` is loaded and never read")
def _pair_side(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    # the partner is loaded and never read: the edit that read it was the fault (a read partner is no
    # evidence: `rm[:, None]` beside `rn[None, :]` is every matmul's mask)
    seen = {(name, idx) for name in _dead_values(k.node.body) for idx in (_ROW, _COL)}
    out = []
    for n in src.expressions_by_line.get(line0, []):
        mine = _side(n)
        if mine is None:
            continue
        name, index = mine
        other = _COL if index == _ROW else _ROW
        for partner, idx in sorted(seen):
            if idx == other and _one_apart(name, partner):
                e = _replace(src, [(n, f"{partner}{other}")], f"`{ast.unparse(n)}` -> `{partner}{other}`, its partner's side")
                if e:
                    out.append(e)
    return out


_NUMBERED = re.compile(r"^([A-Za-z_]\w*?)(\d)$")


def _digits(call: ast.Call) -> list[tuple[int, str, int]]:
    """(position, stem, digit) of the arguments that are numbered names (`i0`, `c2`)."""
    out = []
    for i, a in enumerate(call.args):
        if isinstance(a, ast.Name) and (m := _NUMBERED.match(a.id)):
            out.append((i, m.group(1), int(m.group(2))))
    return out


@operator("rotated_call", "operand", 2, "one of a cycle of sibling calls given another's arguments: "
          "_edge(.., i0, i1, c0) beside _edge(.., i2, i0, c1), _edge(.., i0, i1, c2) -> _edge(.., i1, i2, c0)")
def _rotated_call(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    k = src.kernel_at(line0)
    if k is None or stmt is None:
        return []
    mine = next((c for c in nodes_of(stmt, ast.Call) if c.lineno - 1 == line0 and c.lineno == c.end_lineno), None)
    if mine is None or len(_digits(mine)) < 2:
        return []
    func = ast.unparse(mine.func)
    calls = [c for c in nodes_of(k.node, ast.Call) if ast.unparse(c.func) == func and len(c.args) == len(mine.args)]
    calls.sort(key=lambda c: (c.lineno, c.col_offset))
    n = len(calls)
    pattern = [(i, stem) for i, stem, _ in _digits(mine)]
    if n < 3 or any([(i, s) for i, s, _ in _digits(c)] != pattern for c in calls):
        return []
    vectors = [[d for _, _, d in _digits(c)] for c in calls]
    if any(d >= n for v in vectors for d in v):
        return []
    me = next(j for j, c in enumerate(calls) if c is mine)
    out = []
    ref = 1 if me == 0 else 0
    for step in range(1, n):
        expected = [[(d + step * (j - ref)) % n for d in vectors[ref]] for j in range(n)]
        if all(vectors[j] == expected[j] for j in range(n) if j != me) and vectors[me] != expected[me]:
            parts = [(mine.args[i], f"{stem}{d}") for (i, stem), d in zip(pattern, expected[me])
                     if ast.unparse(mine.args[i]) != f"{stem}{d}"]
            e = _replace(src, parts, f"`{func}` given the arguments its cycle of siblings implies")
            if e:
                out.append(e)
    return out


def _names(k_node: ast.FunctionDef) -> set[str]:
    return {t.id for t in nodes_of(k_node, ast.Name) if isinstance(t.ctx, ast.Store)} | {a.arg for a in k_node.args.args}


@operator("mixed_extent", "operand", 2, "a value normalised by its partner axis's extent: (x - cw) / bh -> "
          "(x - cw) / bw, where cw, bw, ch and bh all exist")
def _mixed_extent(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    names = _names(k.node)
    out = []
    for n in src.expressions_by_line.get(line0, []):
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, ast.Div) and isinstance(n.right, ast.Name)):
            continue
        den = n.right.id
        for num in {x.id for x in nodes_of(n.left, ast.Name)}:
            if len(num) < 2 or len(den) < 2 or num[:-1] == den[:-1] or num[-1] == den[-1]:
                continue
            if num[:-1] + den[-1] in names and den[:-1] + num[-1] in names:
                new = den[:-1] + num[-1]
                e = _replace(src, [(n.right, new)], f"`{den}` -> `{new}`: the extent of `{num}`'s axis")
                if e:
                    out.append(e)
    return out


@operator("transposed_index", "stride", 2, "a flat two-level index with its levels exchanged: "
          "base + code * m_sub + m -> base + m * k_cb + code, one level a loaded index (each extent of the "
          "address tried)")
def _transposed_index(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    params = set(k.params) - set(k.constexpr)
    looked_up = {a.targets[0].id for a in nodes_of(k.node, ast.Assign) if len(a.targets) == 1
                 and isinstance(a.targets[0], ast.Name) and isinstance(a.value, ast.Call)
                 and ast.unparse(a.value.func) == "tl.load"}
    out = []
    for call in (c for c in src.expressions_by_line.get(line0, []) if isinstance(c, ast.Call)
                 and ast.unparse(c.func) in ("tl.load", "tl.store", "tl.atomic_add") and c.args):
        addr = call.args[0]
        terms = _sum_terms(addr)
        extents = [x.id for t in terms for x in nodes_of(t, ast.Name) if x.id in params and not x.id.endswith("ptr")]
        extents = list(dict.fromkeys(extents))
        for a in terms:
            if not (isinstance(a, ast.BinOp) and isinstance(a.op, ast.Mult) and isinstance(a.left, ast.Name)
                    and isinstance(a.right, ast.Name) and a.right.id in params):
                continue
            for b in terms:
                if not isinstance(b, ast.Name) or b.id in params or b.id == a.left.id:
                    continue
                if not ({a.left.id, b.id} & looked_up):
                    continue  # a table lookup (a level read from memory): not every flat index
                for ext in extents:
                    new = " + ".join(f"{b.id} * {ext} + {a.left.id}" if t is a else ast.unparse(t)
                                     for t in terms if t is not b)
                    e = _replace(src, [(addr, new)], f"`{a.left.id} * {a.right.id} + {b.id}` -> "
                                                     f"`{b.id} * {ext} + {a.left.id}`: the levels exchanged")
                    if e:
                        out.append(e)
    return out


@operator("lag_step", "stride", 2, "the previous element of a strided walk read one element back: "
          "base + idx - 1 -> base + idx - k, where idx = m + i * k in a loop over k")
def _lag_step(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    strides: dict[str, list[str]] = {}  # idx -> the loop counters it steps by (idx = m + i * k, in `for k`)
    for loop in nodes_of(k.node, ast.For):
        if not isinstance(loop.target, ast.Name):
            continue
        for a in (a for st in loop.body for a in nodes_of(st, ast.Assign)):
            if len(a.targets) == 1 and isinstance(a.targets[0], ast.Name):
                for t in _sum_terms(a.value):
                    if isinstance(t, ast.BinOp) and isinstance(t.op, ast.Mult) and loop.target.id in (
                            getattr(t.left, "id", None), getattr(t.right, "id", None)):
                        strides.setdefault(a.targets[0].id, []).append(loop.target.id)
    out = []
    for call in (c for c in src.expressions_by_line.get(line0, []) if isinstance(c, ast.Call)
                 and ast.unparse(c.func) in ("tl.load", "tl.store") and c.args):
        for n in ast.walk(call.args[0]):
            if not (isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub)) and isinstance(n.right, ast.Constant)
                    and n.right.value == 1):
                continue
            idx = [x.id for x in nodes_of(n.left, ast.Name) if x.id in strides]
            for name in idx[-1:]:
                op = "-" if isinstance(n.op, ast.Sub) else "+"
                for step in dict.fromkeys(strides[name]):
                    if step == name:
                        continue
                    e = _replace(src, [(n, f"{ast.unparse(n.left)} {op} {step}")],
                                 f"`{op} 1` -> `{op} {step}`: one step of `{name}`'s stride")
                    if e:
                        out.append(e)
    return out


def _where_value(value: ast.expr) -> ast.expr:
    """The data of `tl.where(mask, v, other)`, else the value itself."""
    if isinstance(value, ast.Call) and ast.unparse(value.func) == "tl.where" and len(value.args) == 3:
        return value.args[1]
    return value


def _mean_of(k_node: ast.AST, name: str, data: str) -> tuple[str, str] | None:
    """(axis, divisor) of `name = tl.sum(data, axis=a) / d` in the kernel."""
    for a in nodes_of(k_node, ast.Assign):
        if not (len(a.targets) == 1 and isinstance(a.targets[0], ast.Name) and a.targets[0].id == name):
            continue
        v = a.value
        if isinstance(v, ast.BinOp) and isinstance(v.op, ast.Div) and isinstance(v.left, ast.Call) \
                and ast.unparse(v.left.func) == "tl.sum" and v.left.args and ast.unparse(v.left.args[0]) == data:
            axis = next((ast.unparse(kw.value) for kw in v.left.keywords if kw.arg == "axis"),
                        ast.unparse(v.left.args[1]) if len(v.left.args) > 1 else "0")
            return axis, ast.unparse(v.right)
    return None


@operator("centred_sibling", "operand", 2, "a value left uncentred beside its centred sibling: tc = t beside "
          "xc = x - xm[:, None] (xm = tl.sum(x, axis=1) / M) -> tc = t - tl.sum(t, axis=0) / M")
def _centred_sibling(src: Src, line0: int) -> list:
    k, stmt = src.kernel_at(line0), _stmt_at(src, line0)
    if k is None or not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return []
    mine, data = stmt.targets[0].id, _where_value(stmt.value)
    if not isinstance(data, ast.Name) or not mine.startswith(data.id) or mine == data.id:
        return []
    suffix, out = mine[len(data.id):], []
    for other in nodes_of(k.node, ast.Assign):
        if other is stmt or not (len(other.targets) == 1 and isinstance(other.targets[0], ast.Name)):
            continue
        val = _where_value(other.value)
        if not (isinstance(val, ast.BinOp) and isinstance(val.op, ast.Sub) and isinstance(val.left, ast.Name)):
            continue
        if other.targets[0].id != val.left.id + suffix:
            continue  # not this line's sibling (xc beside tc: the same suffix on their data's names)
        mean = val.right.value if isinstance(val.right, ast.Subscript) else val.right
        got = _mean_of(k.node, mean.id, val.left.id) if isinstance(mean, ast.Name) else None
        if got is None:
            continue
        axis, div = got
        for ax in dict.fromkeys(["0", axis]):
            tail = "" if ax == "0" else (_ROW if ax in ("1", "-1") else "")
            new = f"{data.id} - tl.sum({data.id}, axis={ax}){tail} / {div}" if not tail else \
                f"{data.id} - (tl.sum({data.id}, axis={ax}) / {div}){tail}"
            e = _replace(src, [(data, new)], f"`{data.id}` centred as `{other.targets[0].id}` is: `{new}`")
            if e:
                out.append(e)
    return out


@operator("half_plane_tie", "compare", 2, "a half-plane test without its boundary's tie-break on the partner "
          "axis: flip = gy < 0 -> (gy < 0) | ((gy == 0) & (gx < 0))")
def _half_plane_tie(src: Src, line0: int) -> list:
    k, stmt = src.kernel_at(line0), _stmt_at(src, line0)
    if k is None or not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1):
        return []
    c = stmt.value
    if not (isinstance(c, ast.Compare) and len(c.ops) == 1 and isinstance(c.left, ast.Name)
            and isinstance(c.ops[0], (ast.Lt, ast.Gt, ast.LtE, ast.GtE))
            and isinstance(c.comparators[0], ast.Constant) and c.comparators[0].value == 0):
        return []
    a, op = c.left.id, {ast.Lt: "<", ast.Gt: ">", ast.LtE: "<", ast.GtE: ">"}[type(c.ops[0])]
    names = {n.id for n in nodes_of(k.node, ast.Name)}
    out = []
    for b in sorted(n for n in names if n != a and len(n) == len(a) > 1 and n[0] == a[0] and
                    {n[-1], a[-1]} in ({"x", "y"}, {"y", "z"}, {"x", "z"}) and n[:-1] == a[:-1]):
        new = f"({a} {op} 0) | (({a} == 0) & ({b} {op} 0))"
        e = _replace(src, [(c, new)], f"`{ast.unparse(c)}` -> `{new}`: the boundary broken by `{b}`")
        if e:
            out.append(e)
    return out


_EXTREMES = ("tl.maximum", "tl.minimum")  # forms._PAIRS mirrors one into the other


@operator("mirrored_extreme", "operand", 2, "a max whose mirrored min beside it takes a nested operand it lacks: "
          "hi = tl.maximum(h, c) beside lo = tl.minimum(l, tl.minimum(o, c)) -> tl.maximum(h, tl.maximum(o, c))")
def _mirrored_extreme(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if not (isinstance(stmt, ast.Assign) and isinstance(stmt.value, ast.Call) and len(stmt.value.args) == 2
            and ast.unparse(stmt.value.func) in _EXTREMES):
        return []
    fn = ast.unparse(stmt.value.func)
    out = []
    for ln in (line0 - 2, line0 - 1, line0 + 1, line0 + 2):
        other = _stmt_at(src, ln) if 0 <= ln < len(src.lines) else None
        if not (isinstance(other, ast.Assign) and isinstance(other.value, ast.Call) and len(other.value.args) == 2
                and ast.unparse(other.value.func) == _PAIRS[fn]):
            continue
        for i, theirs in enumerate(other.value.args):
            mine = stmt.value.args[i]
            if not (isinstance(theirs, ast.Call) and ast.unparse(theirs.func) == _PAIRS[fn]):
                continue  # only a nested extreme the mirror has and this line lacks
            new = re.sub(r"\btl\.(maximum|minimum)\b", lambda m: _PAIRS[m.group(0)], ast.unparse(theirs))
            if new == ast.unparse(mine) or ast.unparse(mine) not in new:
                continue  # this line's own operand stays inside the borrowed form
            e = _replace(src, [(mine, new)], f"`{ast.unparse(mine)}` -> `{new}`, as the mirrored line nests it")
            if e:
                out.append(e)
    return out


_TOKEN = re.compile(r"\d+\.\d*(?:[eE][+-]?\d+)?|\.\d+|\d+[eE][+-]?\d+|\w+|\*\*|//|<=|>=|==|!=|<<|>>|[^\w\s]")
MIRROR_SPAN = 6  # lines apart, at most
MIRROR_HUNKS = 3  # differences beyond the names, at most
MIRROR_AGREE = 0.7  # the share of tokens that agree once the names are mapped, at least
MIRROR_EACH = 3  # edits a line, at most: the smallest differences, from the nearest mirrors first


def _is_name(tok: str) -> bool:
    return tok[0].isalpha() or tok[0] == "_"


def _mirror_hunks(mine: str, theirs: str) -> tuple[dict[str, str], list[tuple[int, int, int, int]]] | None:
    """How `theirs` mirrors `mine`: a one-to-one map of look-alike names (`vl` -> `vr`, `lmin` -> `rmin`)
    and the token spans where the lines still differ (i1, i2, j1, j2); None when they are no mirrors."""
    a, b = _TOKEN.findall(mine), _TOKEN.findall(theirs)
    mapping: dict[str, str] = {}
    hunks: list[tuple[int, int, int, int]] = []
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op == "equal":
            continue
        if op != "replace" or i2 - i1 != j2 - j1:
            hunks.append((i1, i2, j1, j2))
            continue
        for k in range(i2 - i1):
            x, y = a[i1 + k], b[j1 + k]
            if _is_name(x) and _is_name(y) and difflib.SequenceMatcher(None, x, y).ratio() >= 0.5:
                if mapping.setdefault(x, y) != y:
                    return None
            elif hunks and hunks[-1][1] == i1 + k and hunks[-1][3] == j1 + k:
                hunks[-1] = (hunks[-1][0], i1 + k + 1, hunks[-1][2], j1 + k + 1)
            else:
                hunks.append((i1 + k, i1 + k + 1, j1 + k, j1 + k + 1))
    if not mapping or not hunks or len(hunks) > MIRROR_HUNKS or len(set(mapping.values())) != len(mapping):
        return None
    differ = sum(max(i2 - i1, j2 - j1) for i1, i2, j1, j2 in hunks)
    return (mapping, hunks) if 1 - differ / max(len(a), len(b)) >= MIRROR_AGREE else None


def _mirror_edits(line0: int, mine: str, peers: list[tuple[int, str]]) -> list[tuple[str, int, int, list[str]]]:
    """`mine` (line0's text) taking, in one place, the form of a line among `peers` that mirrors it; the
    smallest differences first, from the nearest mirrors first."""
    spans = [(m.start(), m.end()) for m in _TOKEN.finditer(mine)]
    found = []
    for other, text in sorted(peers, key=lambda p: abs(p[0] - line0)):
        mirror = _mirror_hunks(mine, text)
        if mirror is None:
            continue
        back = {v: k for k, v in mirror[0].items()}
        theirs = [(m.start(), m.end()) for m in _TOKEN.finditer(text)]
        for i1, i2, j1, j2 in mirror[1]:
            if i2 - i1 == j2 - j1 and all(_is_name(t) for t in [*(mine[a:b] for a, b in spans[i1:i2]),
                                                                 *(text[a:b] for a, b in theirs[j1:j2])]):
                continue  # names for names (`x` beside `y`): no form to take
            piece = text[theirs[j1][0]:theirs[j2 - 1][1]] if j1 < j2 else ""
            piece = re.sub(r"\b\w+\b", lambda m: back.get(m.group(0), m.group(0)), piece)
            if i1 < i2:
                s, e = spans[i1][0], spans[i2 - 1][1]
            else:  # an insertion before token i1 (or at the end)
                s = e = spans[i1][0] if i1 < len(spans) else len(mine.rstrip())
                piece = piece + " " if i1 < len(spans) and piece[-1:].isalnum() else piece
            new = mine[:s] + piece + mine[e:]
            if new != mine:
                found.append((max(i2 - i1, j2 - j1), abs(other - line0),
                              (f"line {line0 + 1} as its mirror, line {other + 1}: `{new.strip()}`", line0, line0 + 1, [new])))
    found.sort(key=lambda t: (t[0], t[1]))
    return [f for _, _, f in found][:MIRROR_EACH]


@operator("mirror_hunk", "operand", 2, "a line written as the mirror of one beside it (its names mapped one to one: "
          "vl/vr, lalive/ralive) but unlike it in one place takes the mirror's form there: "
          "(vl < xi) beside (vr <= xi) -> (vl <= xi)", scopes=("kernel", "host"))
def _mirror_hunk(src: Src, line0: int) -> list:
    def simple(ln: int) -> bool:
        stmt = _stmt_at(src, ln) if 0 <= ln < len(src.lines) else None
        return stmt is not None and stmt.end_lineno == stmt.lineno and src.lines[ln].isascii()

    if not simple(line0):
        return []
    fn = _function_of(src, line0)
    peers = [(ln, src.lines[ln]) for ln in range(line0 - MIRROR_SPAN, line0 + MIRROR_SPAN + 1)
             if ln != line0 and simple(ln) and _function_of(src, ln) is fn]
    return _mirror_edits(line0, src.lines[line0], peers)


_C_HEADER = re.compile(r"__global__|__device__|torch::Tensor|^\s*}")


@operator("cuda_mirror_hunk", "operand", 2, "mirror_hunk for CUDA C: a statement written as the mirror of one "
          "beside it takes its form where they differ: if (vl < x) beside if (vr <= x)", scopes=("cuda",))
def _c_mirror_hunk(src: Src, line0: int) -> list:
    def statement(ln: int) -> str | None:
        code = code_part(src.lines[ln]) if 0 <= ln < len(src.lines) and src.scope_of(ln) == "cuda" else None
        return code if code and code.strip().endswith(";") and code.isascii() else None

    mine = statement(line0)
    if mine is None or _C_HEADER.search(mine):
        return []
    peers = []
    for step in (-1, 1):  # within the same function: no header or closing brace crossed
        for ln in range(line0 + step, line0 + step * (MIRROR_SPAN + 1), step):
            if not 0 <= ln < len(src.lines) or src.scope_of(ln) != "cuda" or _C_HEADER.search(src.lines[ln]):
                break
            if (code := statement(ln)) is not None:
                peers.append((ln, code))
    return _mirror_edits(line0, mine, peers)
