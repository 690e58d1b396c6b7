"""Analog operators: a line that should have been written like its counterpart, or that left out a
value the kernel has at hand.

- a line computed unlike its axis analog: `src_y = oy * sy` beside `src_x = (ox + 0.5) * sx - 0.5`
  (the half-pixel offsets, an eps, a clamp kept on one axis only) -> rewritten as the analog with the
  axis names exchanged;
- a value the kernel computes and never uses, left out of a later value: `y = acc` -> `y = acc + b`, a
  carried state overwritten -> `h = dA * h + x`;
- an address index one off: `v_ptr + t` -> `v_ptr + t + 1` (the next step, the previous element).
"""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Kernel, Src, nodes_of, operator
from kagent.patterns.operators.flow import _dead_values
from kagent.patterns.operators.generic import _PTR, _replace, _role, _stmt_at

# one axis token and its partner: a whole `_`-separated part (`row_start`), or the last letter of a
# short part (`ox` -> `oy`, `sh` -> `sw`)
_WORDS = {"row": "col", "rows": "cols", "height": "width", "x": "y", "h": "w", "r": "c", "m": "n", "i": "j"}
_WORDS.update({v: k for k, v in list(_WORDS.items())})
_LETTERS = {"x": "y", "y": "x", "h": "w", "w": "h"}


def _partners(name: str) -> list[str]:
    """Names one axis token away from `name` (most specific first)."""
    parts = name.split("_")
    out = []
    for i, part in enumerate(parts):
        low = part.lower()
        for new in ([_WORDS[low]] if low in _WORDS else []) + (
                [part[:-1] + _LETTERS[part[-1]]] if 1 < len(part) <= 3 and part[-1] in _LETTERS else []):
            if low in _WORDS and part.isupper():
                new = new.upper()
            cand = "_".join([*parts[:i], new, *parts[i + 1:]])
            if cand != name and cand not in out:
                out.append(cand)
    return out


def _partner(name: str, known: set[str]) -> str | None:
    return next((p for p in _partners(name) if p in known), None)


def _assigns(k: Kernel) -> list[ast.Assign]:
    return [n for n in nodes_of(k.node, ast.Assign) if len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
            and n.lineno == n.end_lineno]


def _kernel_assign(src: Src, line0: int) -> tuple[Kernel | None, ast.Assign | None]:
    """The kernel at `line0` and the one-name assignment there (None where either is missing)."""
    stmt = _stmt_at(src, line0)
    one = isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)
    return src.kernel_at(line0), stmt if one else None


def _analogs(src: Src, line0: int) -> tuple[ast.Assign | None, list[tuple[ast.Assign, dict[str, str]]]]:
    """The kernel's one-name assignment at `line0`, and each assignment to its axis partner (`sx` / `sy`)
    with the axis names of its value mapped to their partners (`oy` -> `ox`; empty where none has one)."""
    k, stmt = _kernel_assign(src, line0)
    if k is None or stmt is None:
        return None, []
    target = stmt.targets[0].id
    return stmt, [(o, {n.id: p for n in nodes_of(o.value, ast.Name) if (p := _partner(n.id, k.names))})
                  for o in _assigns(k) if o is not stmt and _partner(o.targets[0].id, k.names) == target]


def _analog_edit(src: Src, stmt: ast.Assign, other: ast.Assign, new: str) -> tuple | None:
    try:
        if ast.dump(ast.parse(new, mode="eval").body) == ast.dump(stmt.value):
            return None
    except SyntaxError:
        return None
    return _replace(src, [(stmt.value, new)], f"`{stmt.targets[0].id}` computed like its analog "
                    f"`{other.targets[0].id}`: `{new}`")


@operator("sibling_line", "operand", 2, "a line computed unlike its axis analog: src_y = oy * sy beside "
          "src_x = (ox + 0.5) * sx - 0.5 -> src_y = (oy + 0.5) * sy - 0.5")
def _sibling_line(src: Src, line0: int) -> list:
    stmt, others = _analogs(src, line0)
    # the analog's value with every axis name exchanged (names without a partner kept)
    edits = [_analog_edit(src, stmt, other, _renamed(other.value, swaps)) for other, swaps in others if swaps]
    return [e for e in edits if e]


@operator("sibling_form", "operand", 2, "a line a term short of its axis analog, whose names have no axis "
          "partner: sx = u beside sy = v / w -> sx = u / w")
def _sibling_form(src: Src, line0: int) -> list:
    stmt, others = _analogs(src, line0)
    out = []
    for other, swaps in others:
        mine = {n.id for n in nodes_of(stmt.value, ast.Name)}
        theirs = {n.id for n in nodes_of(other.value, ast.Name)}
        # sibling_line's case, or a line not shorter than its analog (only the shorter borrows the form)
        if swaps or len(theirs) > 6 or len(list(ast.walk(stmt.value))) >= len(list(ast.walk(other.value))):
            continue
        # the analog's value with one of its own names replaced by one only this line reads
        for a in sorted(theirs - mine)[:3]:
            for b in sorted(mine - theirs)[:2]:
                if e := _analog_edit(src, stmt, other, _renamed(other.value, {a: b})):
                    out.append(e)
    return out


def _renamed(value: ast.expr, names: dict[str, str]) -> str:
    return re.sub(r"\b\w+\b", lambda m: names.get(m.group(0), m.group(0)), ast.unparse(value))


def _data_dead(k: Kernel, line0: int) -> list[str]:
    """Values (not indices, masks or pointers) the kernel computes before `line0` and never reads."""
    defs = {t.id: n for n in _assigns(k) for t in n.targets}
    out = []
    for name, last in _dead_values(k.node.body).items():
        d = defs.get(name)
        if d is None or last > line0 or _PTR.search(name) or "mask" in name.lower():
            continue
        text = ast.unparse(d.value)
        if "program_id" in text or "arange" in text or _role(name, k) not in ("data", "fscalar", "scalar"):
            continue
        out.append(name)
    return out


@operator("dead_term", "operand", 3, "a value the kernel computes and never uses, left out of a later value: "
          "y = acc -> y = acc + b; a carried state overwritten: h = x -> h = dA * h + x; a stored value: "
          "tl.store(p, acc) -> tl.store(p, acc * s[:, None])")
def _dead_term(src: Src, line0: int) -> list:
    k, stmt = _kernel_assign(src, line0)
    store = _stmt_at(src, line0)
    if k is not None and stmt is None and isinstance(store, ast.Expr) and isinstance(store.value, ast.Call) \
            and ast.unparse(store.value.func) == "tl.store" and len(store.value.args) >= 2:
        value_node, v = store.value.args[1], "the stored value"  # a scale or bias left out of the store
    elif k is not None and stmt is not None:
        value_node, v = stmt.value, stmt.targets[0].id
    else:
        return []
    dead = _data_dead(k, line0)
    if stmt is None:  # a store: only a loaded value (a scale, a bias) it left out, whole
        loaded = {t.id for a in _assigns(k) if "tl.load(" in ast.unparse(a.value) for t in a.targets}
        dead = [d for d in dead if d in loaded]
    if not dead:
        return []
    value = ast.unparse(value_node)
    text = ast.unparse(k.node)
    # a state carried across a loop's iterations: assigned before, overwritten in the loop
    loops = [f for f in nodes_of(k.node, ast.For) if f.lineno <= value_node.lineno <= (f.end_lineno or f.lineno)]
    carried = stmt is not None and bool(loops) and any(a.lineno < loops[-1].lineno for a in _assigns(k)
                                                       if a.targets[0].id == v)
    out = []
    for d in dead[:3]:
        form = _broadcast_form(k, d, text)
        news = [f"{value} + {form}", f"({value}) * {form}"]
        if carried and v not in {n.id for n in nodes_of(value_node, ast.Name)}:
            news.append(f"{form} * {v} + {value}")
        for new in news:
            e = _replace(src, [(value_node, new)], f"the unused `{d}` put into `{v}`: `{new}`")
            if e:
                out.append(e)
        # a flag left out of a term: r + gamma * zj -> r + gamma * (1.0 - done) * zj
        for top in _product_tops(value_node) if stmt is not None else ():
            new = f"{ast.unparse(top)} * (1.0 - {form})"
            e = _replace(src, [(top, new)], f"the unused `{d}` as a factor `(1 - {d})` of `{ast.unparse(top)}`")
            if e:
                out.append(e)
    return out


def _product_tops(value: ast.expr) -> list[ast.expr]:
    """The outermost products inside an expression (not the expression itself)."""
    chains = [n for n in ast.walk(value) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Mult)]
    inner = {id(c.left) for c in chains} | {id(c.right) for c in chains}
    return [n for n in chains if id(n) not in inner and n is not value][:3]


def _broadcast_form(k: Kernel, name: str, text: str) -> str:
    """`name` as a 2-D tile would use it: broadcast like the index its load reads by (`b[:, None]` for a
    bias loaded at `co` where the tile uses `co[:, None]`), else as it is."""
    d = next((a for a in _assigns(k) if a.targets[0].id == name), None)
    if d is None or "None]" in ast.unparse(d.value) or not ast.unparse(d.value).startswith("tl.load("):
        return name  # already a tile, or not a loaded vector
    for idx in sorted({n.id for n in nodes_of(d.value, ast.Name)}):
        for form in ("[:, None]", "[None, :]"):
            if f"{idx}{form}" in text:
                return f"{name}{form}"
    return name


@operator("index_shift", "compare", 3, "an address index one off: v_ptr + t -> v_ptr + t + 1 (the next step, "
          "the previous element)")
def _index_shift(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    out = []
    calls = [c for c in nodes_of(src.tree, ast.Call) if c.lineno - 1 == line0 and c.args
             and re.fullmatch(r"tl\.(load|store|atomic_\w+)", ast.unparse(c.func))]
    loops = {f.target.id for f in nodes_of(k.node, ast.For) if isinstance(f.target, ast.Name)}
    tiles = {a.targets[0].id for a in _assigns(k) if "arange" in ast.unparse(a.value)}  # offsets, not one index
    for call in calls:
        seen: set[str] = set()
        out += _mask_implied_shift(src, call, tiles)
        for n in nodes_of(call.args[0], ast.Name):
            # a scalar index (a loop counter, a step, a position) added into the address, not a tile of offsets
            if n.id in seen or _PTR.search(n.id) or "stride" in n.id.lower() or n.id in k.constexpr:
                continue
            role = _role(n.id, k)
            if n.id not in loops and role != "index" and (role != "scalar" or n.id in k.params):
                continue
            if n.id in tiles:
                continue
            seen.add(n.id)
            for delta in ("+ 1", "- 1"):
                e = _replace(src, [(n, f"({n.id} {delta})")], f"`{n.id}` -> `{n.id} {delta}` in the address")
                if e:
                    out.append(e)
    return out[:4]


def _mask_implied_shift(src: Src, call: ast.Call, tiles: set[str]) -> list:
    """A tile of offsets whose access mask starts at c (`offs >= 1`, `offs > 0`) while the address reads it
    unshifted: the element the mask keeps from reading before the start is `offs - c` (a DP row read one
    behind, a sequence padded by one)."""
    mask = next((kw.value for kw in call.keywords if kw.arg == "mask"), None)
    if mask is None:
        return []
    out = []
    for term in _conjuncts(mask):
        name = _bounded_name(term)
        if name not in tiles or not isinstance(term.comparators[0], ast.Constant):
            continue
        start = term.comparators[0].value + (1 if isinstance(term.ops[0], ast.Gt) else 0)
        if not isinstance(term.ops[0], (ast.Gt, ast.GtE)) or not isinstance(start, int) or start < 1:
            continue
        uses = [n for n in nodes_of(call.args[0], ast.Name) if n.id == name]
        shifted = any(isinstance(b.op, ast.Sub) and isinstance(b.right, ast.Constant)
                      and any(n.id == name for n in nodes_of(b.left, ast.Name)) for b in nodes_of(call.args[0], ast.BinOp))
        if len(uses) == 1 and not shifted:
            e = _replace(src, [(uses[0], f"({name} - {start})")], f"`{name}` -> `{name} - {start}` in the address "
                         f"(its mask starts at {start})")
            out += [e] if e else []
    return out


def _conjuncts(node: ast.expr) -> list[ast.expr]:
    """The terms of an `a & b & c` chain (the node itself where it is not one)."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.BitAnd):
        return _conjuncts(node.left) + _conjuncts(node.right)
    return [node]


def _bounded_name(term: ast.expr) -> str | None:
    """`x` of a one-sided bound `x < E`, `x >= 0`, `x[:, None] < E` (None otherwise)."""
    if not (isinstance(term, ast.Compare) and len(term.ops) == 1):
        return None
    left = term.left.value if isinstance(term.left, ast.Subscript) else term.left
    return left.id if isinstance(left, ast.Name) else None


def _names_blanked(node: ast.expr) -> tuple[str, list[str]]:
    """The expression's shape with every name blanked, and its names in order."""
    names = [n.id for n in ast.walk(node) if isinstance(n, ast.Name)]
    copy = ast.parse(ast.unparse(node), mode="eval").body
    for n in ast.walk(copy):
        if isinstance(n, ast.Name):
            n.id = "_"
    return ast.dump(copy), names


def _structural_analog(k: Kernel, name: str, known: set[str]) -> str | None:
    """The name assigned like `name` on the other axis: the same expression with axis names exchanged
    (`row` -> `col`) and short look-alikes (`dr` -> `dc`), as `cc = col + (dc - 1)` for
    `rr = row + (dr - 1)`; else `name`'s own axis partner."""
    if (p := _partner(name, known)) is not None:
        return p
    mine = [a for a in _assigns(k) if a.targets[0].id == name]
    if len(mine) != 1:
        return None
    shape, names = _names_blanked(mine[0].value)
    found = set()
    for other in _assigns(k):
        if other.targets[0].id == name or _names_blanked(other.value)[0] != shape:
            continue
        pairs = {(a, b) for a, b in zip(names, _names_blanked(other.value)[1]) if a != b}
        if pairs and any(_partner(a, known) == b for a, b in pairs) and all(
                _partner(a, known) == b or (len(a) == len(b) <= 3 and a[:-1] == b[:-1]) for a, b in pairs):
            found.add(other.targets[0].id)
    return found.pop() if len(found) == 1 else None


@operator("analog_bound", "mask", 2, "a bounds conjunction that checks one axis only: ok = (rr >= 0) & (rr < H) "
          "-> ... & (cc >= 0) & (cc < W), cc assigned like rr on the other axis")
def _analog_bound(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or stmt is None:
        return []
    known = k.names
    chains = [n for n in nodes_of(stmt, ast.BinOp) if isinstance(n.op, ast.BitAnd) and n.lineno - 1 == line0]
    inner = {id(c.left) for c in chains} | {id(c.right) for c in chains}
    out = []
    for chain in (c for c in chains if id(c) not in inner):
        terms = _conjuncts(chain)
        bounded = [(t, x) for t in terms if (x := _bounded_name(t))]
        if len(bounded) != len(terms):
            continue
        names = {x for _, x in bounded}
        for x in sorted(names):
            y = _structural_analog(k, x, known)
            if y is None or y in names:
                continue
            mirrored = []
            for t, tx in bounded:
                if tx != x:
                    continue
                text = re.sub(rf"\b{x}\b", y, ast.unparse(t), count=1)
                text = re.sub(r"\b\w+\b", lambda m: m.group(0) if m.group(0) in (x, y)
                              else (_partner(m.group(0), known) or m.group(0)), text)
                mirrored.append(f"({text})")
            new = f"{ast.unparse(chain)} & {' & '.join(mirrored)}"
            e = _replace(src, [(chain, new)], f"bound `{y}` too, like its analog `{x}`: `{' & '.join(mirrored)}`")
            if e:
                out.append(e)
    return out


_MASKISH = re.compile(r"mask|keep|valid|\bok\b", re.I)


def _words(name: str) -> set[str]:
    return {w for w in re.split(r"_|\d", name.lower()) if w}


@operator("dead_condition", "mask", 3, "a value the kernel computes and never uses (or a parameter it never "
          "reads), left out of a condition: can_skip = is_label & (s >= 3) -> ... & (lab != lab_prev2)")
def _dead_condition(src: Src, line0: int) -> list:
    k, stmt = _kernel_assign(src, line0)
    if k is None or stmt is None:
        return []
    value = stmt.value
    boolish = isinstance(value, ast.Compare) or (isinstance(value, ast.BinOp) and isinstance(value.op, (ast.BitAnd, ast.BitOr))) \
        or (isinstance(value, ast.Name) and _MASKISH.search(f"{stmt.targets[0].id} {value.id}"))
    if not boolish:
        return []
    dead = [d for d, last in _dead_values(k.node.body).items() if last < stmt.lineno and not _PTR.search(d)]
    read = {n.id for n in nodes_of(k.node, ast.Name) if isinstance(n.ctx, ast.Load)}
    dead += [p for p in k.params if p not in read and p not in k.constexpr and not _PTR.search(p) and "stride" not in p]
    known = [a.targets[0].id for a in _assigns(k) if a.lineno < stmt.lineno] + list(k.params)
    out = []
    for d in dead[:3]:
        # the name it is a variant of: the one sharing most words with it (`lab` for `lab_prev2`)
        peers = sorted((n for n in dict.fromkeys(known) if n != d and _words(n) & _words(d) and n not in dead
                        and not _PTR.search(n)),
                       key=lambda n: (-len(_words(n) & _words(d)), len(n)))
        for peer in peers[:1]:
            for op in ("!=", "=="):
                new = f"{ast.unparse(value)} & ({peer} {op} {d})"
                e = _replace(src, [(value, new)], f"the unused `{d}` in the condition: `& ({peer} {op} {d})`")
                if e:
                    out.append(e)
    return out


def _square_pairs(k: Kernel) -> list[tuple[str, str]]:
    """(row index, column index) pairs of a 2-D tile over one square index space: both bounded by the
    same extent (`rows < N`, `cols < N`), one broadcast down (`rows[:, None]`), one across (`cols[None, :]`);
    or one index broadcast both ways."""
    text = ast.unparse(k.node)
    bound: dict[str, set[str]] = {}
    for n in nodes_of(k.node, ast.Compare):
        if len(n.ops) == 1 and isinstance(n.ops[0], ast.Lt) and isinstance(n.left, ast.Name):
            bound.setdefault(n.left.id, set()).add(ast.unparse(n.comparators[0]))
    # an index's own mask (`cmask = cols < N`) broadcast like it counts for it
    masks = {a.targets[0].id: {x.id for x in nodes_of(a.value, ast.Name)} for a in _assigns(k)
             if isinstance(a.value, ast.Compare)}

    def broadcast(x: str, form: str) -> bool:
        return f"{x}{form}" in text or any(x in names and f"{m}{form}" in text for m, names in masks.items())

    down = [x for x in bound if broadcast(x, "[:, None]")]
    across = [x for x in bound if broadcast(x, "[None, :]")]
    # one index broadcast both ways (a D x D covariance over `d`): its own diagonal
    selves = [(x, x) for x in bound if f"{x}[:, None]" in text and f"{x}[None, :]" in text]
    return [(r, c) for r in down for c in across if r != c and bound[r] & bound[c]] + selves


@operator("pair_mask", "mask", 3, "a 2-D mask over one square index space missing its diagonal or "
          "triangle: keep = cmask[None, :] -> ... & (cols[None, :] != rows[:, None]) (self-exclusion, causality)")
def _pair_mask(src: Src, line0: int) -> list:
    k, stmt = _kernel_assign(src, line0)
    if k is None or stmt is None:
        return []
    conds: list[ast.expr] = []  # the mask assigned, or the condition of a tl.where on the line
    if isinstance(stmt.value, ast.Compare) or (isinstance(stmt.value, ast.BinOp) and isinstance(stmt.value.op, ast.BitAnd)) \
            or re.search(r"mask|keep|valid|ok$", stmt.targets[0].id):
        conds.append(stmt.value)
    conds += [c.args[0] for c in nodes_of(stmt.value, ast.Call) if ast.unparse(c.func) == "tl.where" and len(c.args) == 3]
    out = []
    for cond in conds:
        text = ast.unparse(cond)
        if cond is stmt.value and "[None, :]" not in text and "[:, None]" not in text:
            continue
        for r, c in _square_pairs(k):
            if re.search(rf"\b{c}\[None, :\]\s*[!<>=]=?\s*{r}\[:, None\]|\b{r}\[:, None\]\s*[!<>=]=?\s*{c}\[None, :\]", text):
                continue  # already compared
            for op in ("!=", "<=", "<", ">=", ">"):
                new = f"{text} & ({c}[None, :] {op} {r}[:, None])"
                e = _replace(src, [(cond, new)], f"`& ({c}[None, :] {op} {r}[:, None])` added to `{text}`")
                if e:
                    out.append(e)
    return out


@operator("sibling_call", "operand", 2, "a call written unlike its axis analog: _reflect(oy + dy - 2, H) beside "
          "_reflect(2 * ox + dx - 2, W) -> _reflect(2 * oy + dy - 2, H)")
def _sibling_call(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    known = k.names
    calls = [c for c in nodes_of(k.node, ast.Call) if c.lineno == c.end_lineno and c.args]
    out = []
    for mine in (c for c in calls if c.lineno - 1 == line0):
        fname = ast.unparse(mine.func)
        mine_names = {n.id for n in nodes_of(mine, ast.Name)}
        for other in calls:
            if other is mine or ast.unparse(other.func) != fname:
                continue
            func_names = {n.id for n in nodes_of(other.func, ast.Name)}
            swaps = {n.id: p for n in nodes_of(other, ast.Name) if n.id not in func_names and (p := _partner(n.id, known))}
            # the analog is on the other axis: this call reads the names the swaps lead to; a lone x <-> y
            # exchange is two variables that happen to be named x and y, not two axes
            if not swaps or not set(swaps.values()) & mine_names or len(set(swaps) | set(swaps.values())) <= 2:
                continue
            new = re.sub(r"\b\w+\b", lambda m: swaps.get(m.group(0), m.group(0)), ast.unparse(other))
            try:
                if ast.dump(ast.parse(new, mode="eval").body) == ast.dump(mine):
                    continue
            except SyntaxError:
                continue
            e = _replace(src, [(mine, new)], f"`{ast.unparse(mine)}` written like its analog `{ast.unparse(other)}`: `{new}`")
            if e:
                out.append(e)
    return out


@operator("scan_copy", "scan", 2, "a name holding an inclusive scan read where the exclusive one was meant: "
          "starts = ends (ends = tl.cumsum(v)) -> starts = ends - v", scopes=("kernel",))
def _scan_copy(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = src.statements_by_line.get(line0)
    if k is None or not isinstance(stmt, ast.Assign):
        return []
    scans = {}  # name -> the scanned operand, for `name = tl.cumsum(v, ...)`
    for a in ast.walk(k.node):
        if (isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
                and isinstance(a.value, ast.Call) and ast.unparse(a.value.func) in ("tl.cumsum", "tl.cumprod")
                and a.value.args and a.lineno - 1 < line0):
            op = "-" if ast.unparse(a.value.func) == "tl.cumsum" else "/"
            scans[a.targets[0].id] = (ast.unparse(a.value.args[0]), op)
    out = []
    for n in nodes_of(stmt.value, ast.Name):
        if n.id in scans:
            operand, op = scans[n.id]
            e = _replace(src, [(n, f"({n.id} {op} {operand})")], f"`{n.id}` -> `{n.id} {op} {operand}` (exclusive)")
            if e:
                out.append(e)
    return out


def _single_difference(a: ast.AST, b: ast.AST) -> list[tuple[ast.AST, ast.AST]] | None:
    """The pairs of nodes where two trees differ, outermost first; None when more than one differs."""
    if type(a) is not type(b):
        return [(a, b)]
    if isinstance(a, ast.Name):
        return [] if a.id == b.id else [(a, b)]  # type: ignore[attr-defined]
    if isinstance(a, ast.Constant):
        return [] if a.value == b.value else [(a, b)]  # type: ignore[attr-defined]
    fa = [v for k, v in ast.iter_fields(a) if k not in ("ctx", "type_comment")]
    fb = [v for k, v in ast.iter_fields(b) if k not in ("ctx", "type_comment")]
    out: list[tuple[ast.AST, ast.AST]] = []
    for x, y in zip(fa, fb):
        if isinstance(x, list) and isinstance(y, list):
            if len(x) != len(y):
                return [(a, b)]
            pairs = list(zip(x, y))
        else:
            pairs = [(x, y)]
        for u, v in pairs:
            if isinstance(u, ast.AST) and isinstance(v, ast.AST):
                d = _single_difference(u, v)
                if d is None:
                    return None
                out += d
            elif u != v:
                return [(a, b)]
        if len(out) > 1:
            return None
    return out


def _terms(e: ast.expr) -> list[ast.expr]:
    """The terms of a sum written left to right (`a + b + c` is `(a + b) + c`)."""
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return [*_terms(e.left), e.right]
    return [e]


def _address(call: ast.Call) -> tuple[str, list[ast.expr]] | None:
    """(base pointer, offset terms) of a tl.load / tl.store address written `ptr + t1 + t2 ...`."""
    if not call.args or ast.unparse(call.func) not in ("tl.load", "tl.store", "tl.atomic_add"):
        return None
    terms = _terms(call.args[0])
    if len(terms) > 1 and isinstance(terms[0], ast.Name):
        return terms[0].id, terms[1:]
    return None


@operator("analog_address", "stride", 2, "an address written unlike its sibling's, a term short: "
          "k_ptr + offs_n[:, None] * st beside v_ptr + (start + offs_n)[:, None] * st -> (start + offs_n)",
          scopes=("kernel",))
def _analog_address(src: Src, line0: int) -> list:
    """Two accesses of one kernel with the same offset terms but one node, where the other's node holds
    this one's inside it (a sequence start, a batch offset, a row block added): written like the other."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    calls = [(c, a) for c in nodes_of(k.node, ast.Call) if (a := _address(c))]
    out, made = [], set()
    for mine, (ptr, terms) in calls:
        if mine.lineno - 1 != line0:
            continue
        for other, (optr, oterms) in calls:
            if other is mine or optr == ptr or len(terms) != len(oterms):
                continue
            diffs = [_single_difference(a, b) for a, b in zip(terms, oterms)]
            if any(d is None for d in diffs) or sum(len(d) for d in diffs) != 1:  # type: ignore[arg-type]
                continue
            ours, theirs = next(d[0] for d in diffs if d)  # type: ignore[index]
            inside = any(ast.dump(n) == ast.dump(ours) for n in ast.walk(theirs) if n is not theirs)
            if not inside or not isinstance(ours, ast.expr):
                continue
            new = ast.unparse(theirs)
            new = f"({new})" if isinstance(theirs, ast.BinOp) else new
            e = _replace(src, [(ours, new)], f"`{ast.unparse(ours)}` written like {optr}'s address: `{new}`")
            if e and tuple(e[3]) not in made:
                made.add(tuple(e[3]))
                out.append(e)
    return out


def _load_address(a: ast.Assign) -> tuple[str, list[str]] | None:
    """(base pointer, offset terms as text) of `x = tl.load(ptr + t1 + ...)`."""
    call = a.value
    if not isinstance(call, ast.Call) or not (parts := _address(call)):
        return None
    return parts[0], [ast.unparse(t) for t in parts[1]]


@operator("twin_address", "stride", 2, "two loads of one pointer at the same address into a numbered pair "
          "(k1, k2) where another pair differs by a term: k2's address gets it (q2 = q_ptr + ... + D beside q1)",
          scopes=("kernel",))
def _twin_address(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                         and isinstance(stmt.targets[0], ast.Name)) or not (mine := _load_address(stmt)):
        return []
    loads = [(a, parts) for a in _assigns(k) if (parts := _load_address(a))]
    name = stmt.targets[0].id

    def paired(x: str, y: str) -> bool:  # k1 / k2: one character apart, a digit
        return len(x) == len(y) and sum(c != d for c, d in zip(x, y)) == 1 and x != y and (
            any(c.isdigit() for c in x) and any(c.isdigit() for c in y))

    if not any(a is not stmt and paired(a.targets[0].id, name) and parts == mine for a, parts in loads):
        return []
    extra: list[str] = []  # the terms a numbered pair's second load adds to its first's
    for a, (ptr, terms) in loads:
        for b, (optr, oterms) in loads:
            if ptr == optr and paired(a.targets[0].id, b.targets[0].id) and a.lineno < b.lineno \
                    and all(t in oterms for t in terms):
                extra += [t for t in oterms if t not in terms and t not in extra]
    out = []
    for t in extra[:3]:
        new = f"{ast.unparse(stmt.value.args[0])} + {t}"
        if e := _replace(src, [(stmt.value.args[0], new)], f"`{name}`'s address + `{t}`, as its pair's sibling"):
            out.append(e)
    return out


@operator("dead_partner", "operand", 2, "a value computed and never used, the partner of a name the line reads: "
          "gscore from m1 where m2 = the second best -> m1 + m2; store h_xy where h_yx -> tl.maximum(h_xy, h_yx)")
def _dead_partner(src: Src, line0: int) -> list:
    """A kernel computes two values alike (the two best scores, the two directed distances) and the line
    reads one: the dead one is combined with it where it is read (sum, max, min, product), in assignments
    and in a store's value."""
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or stmt is None or not isinstance(stmt, (ast.Assign, ast.Expr)):
        return []
    value = stmt.value
    if isinstance(stmt, ast.Expr):  # tl.store(ptr, value, ...)
        if not (isinstance(value, ast.Call) and ast.unparse(value.func) == "tl.store" and len(value.args) >= 2):
            return []
        value = value.args[1]
    dead = _data_dead(k, line0)
    defs = {t.id: a for a in _assigns(k) for t in a.targets}
    out = []
    for d in dead[:3]:
        made = ast.unparse(defs[d].value) if d in defs else ""
        combos = ["{a} + {b}", "tl.maximum({a}, {b})", "tl.minimum({a}, {b})", "{a} * {b}"]
        if "tl.min(" in made or "minimum" in made:
            combos.insert(0, combos.pop(2))
        elif "tl.max(" in made or "maximum" in made:
            combos.insert(0, combos.pop(1))
        for n in nodes_of(value, ast.Name):
            if n.id == d or n.id[:1] != d[:1] or abs(len(n.id) - len(d)) > 2:  # m1 / m2, h_xy / h_yx
                continue
            for c in combos:
                new = c.format(a=n.id, b=d)
                e = _replace(src, [(n, f"({new})" if "+" in new or "*" in new else new)],
                             f"the unused `{d}` with its partner `{n.id}`: `{new}`")
                if e:
                    out.append(e)
    return out


@operator("branch_guard", "eps", 1, "a guard one branch's denominator has and the other's lacks: "
          "tl.where(c, d / (a + b), d / (2 - a - b + eps)) -> d / (a + b + eps)", scopes=("kernel",))
def _branch_guard(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None:
        return []
    out = []
    for c in nodes_of(stmt, ast.Call):
        if ast.unparse(c.func) != "tl.where" or len(c.args) != 3 or c.lineno - 1 != line0:
            continue
        a, b = c.args[1], c.args[2]
        for mine, theirs in ((a, b), (b, a)):
            if not (isinstance(mine, ast.BinOp) and isinstance(mine.op, ast.Div)
                    and isinstance(theirs, ast.BinOp) and isinstance(theirs.op, ast.Div)):
                continue
            guard = theirs.right
            if not (isinstance(guard, ast.BinOp) and isinstance(guard.op, ast.Add) and isinstance(guard.right, ast.Name)):
                continue
            g = guard.right.id
            if g in {n.id for n in nodes_of(mine.right, ast.Name)}:
                continue
            r, line = mine.right, src.lines[line0]
            bare = line[r.col_offset - 1:r.col_offset] == "(" and line[r.end_col_offset:r.end_col_offset + 1] == ")"
            new = f"{ast.unparse(r)} + {g}" if bare else f"({ast.unparse(r)} + {g})"
            e = _replace(src, [(r, new)], f"the other branch's `+ {g}` in `{ast.unparse(mine)}`")
            if e:
                out.append(e)
    return out


@operator("safe_max", "stable", 1, "a running max copied for an exponent without its guard for rows with no "
          "element yet: m_safe = m_new -> tl.where(m_new == float('-inf'), 0.0, m_new)", scopes=("kernel",))
def _safe_max(src: Src, line0: int) -> list:
    k, stmt = _kernel_assign(src, line0)
    if k is None or stmt is None or not isinstance(stmt.value, ast.Name):
        return []
    m = stmt.value.id
    maxed = any(isinstance(a.value, ast.Call) and ast.unparse(a.value.func) in ("tl.maximum", "tl.max")
                for a in _assigns(k) if a.targets[0].id == m)
    carried = sum(a.targets[0].id == stmt.targets[0].id for a in _assigns(k)) > 1  # `m = m_new`: the state
    if not maxed or carried:
        return []
    new = f'tl.where({m} == float("-inf"), 0.0, {m})'
    e = _replace(src, [(stmt.value, new)], f"`{m}` guarded for a row with no element yet (-inf - -inf = NaN)")
    return [e] if e else []


@operator("source_value", "operand", 3, "a derived value read where its source was meant: the weights of a "
          "routing taken from the biased scores used to choose (`biased` -> `scores`, biased = scores + bias)")
def _source_value(src: Src, line0: int) -> list:
    k, stmt = _kernel_assign(src, line0)
    if k is None or stmt is None:
        return []
    defs: dict[str, list[ast.Assign]] = {}
    for a in _assigns(k):
        defs.setdefault(a.targets[0].id, []).append(a)
    reads: dict[str, int] = {}
    for n in nodes_of(k.node, ast.Name):
        if isinstance(n.ctx, ast.Load):
            reads[n.id] = reads.get(n.id, 0) + 1
    out = []
    for n in nodes_of(stmt.value, ast.Name):
        d = defs.get(n.id, [])
        # one definition before this line, read elsewhere too (the derivation still has a use)
        if len(d) != 1 or d[0].lineno >= stmt.lineno or reads.get(n.id, 0) < 2 or _role(n.id, k) != "data":
            continue
        if re.match(r"tl\.(sum|max|min|argmax|argmin|reduce|cumsum|cumprod|dot)\b", ast.unparse(d[0].value)):
            continue  # a reduction's input is not a stand-in for its result
        sources = sorted({m.id for m in nodes_of(d[0].value, ast.Name) if m.id != n.id and _role(m.id, k) == "data"
                          and "mask" not in m.id.lower() and not _PTR.search(m.id)})
        for s in sources[:2]:
            e = _replace(src, [(n, s)], f"`{n.id}` -> `{s}`, its source ({n.id} = {ast.unparse(d[0].value)[:60]})")
            if e:
                out.append(e)
    return out[:4]


@operator("unused_load", "operand", 2, "a pointer parameter the kernel never reads, loaded like its sibling and "
          "added where the sibling's value ends up: z = alpha -> z = alpha + tl.load(end_ptr + offs, ...) beside "
          "alpha = tl.load(start_ptr + offs, ...) + ...", global_=True)
def _unused_load(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        read = {n.id for n in nodes_of(k.node, ast.Name) if isinstance(n.ctx, ast.Load)}
        unused = [p for p in k.params if _PTR.search(p) and p not in read]
        if not unused:
            continue
        # a sibling: a one-line assignment that adds a load of another pointer parameter read by no other
        # load with the same offsets (start_ptr + offs_j beside an unused end_ptr)
        sibs = [(a, c) for a in _assigns(k) for c in nodes_of(a.value, ast.Call) if (parts := _address(c))
                and parts[0] in k.params and isinstance(a.value, ast.BinOp) and isinstance(a.value.op, ast.Add)]
        loops = [f for f in nodes_of(k.node, ast.For)]
        for p in unused:
            for a, call in sibs[:2]:
                load = ast.unparse(call).replace(_address(call)[0], p, 1)
                name = a.targets[0].id
                # where the sibling's value ends up: assignments after it, outside loops, that read it
                later = [b for b in _assigns(k) if b.lineno > a.lineno and any(
                    n.id == name for n in nodes_of(b.value, ast.Name))
                    and not any(f.lineno <= b.lineno <= (f.end_lineno or f.lineno) for f in loops)]
                for b in later[:2]:
                    new = f"{ast.unparse(b.value)} + {load}"
                    if e := _replace(src, [(b.value, new)], f"`{b.targets[0].id}` + the unused `{p}`, loaded like "
                                     f"`{_address(call)[0]}`"):
                        out.append(e)
    return out


@operator("carried_pair", "operand", 2, "after a loop, one of two values the loop carries and combines read alone: "
          "the loop reads `alpha + blank_prev`, the epilogue `alpha` -> `alpha + blank_prev` (the last step's term)",
          scopes=("kernel",))
def _carried_pair(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or stmt is None or not isinstance(stmt, (ast.Assign, ast.Expr)):
        return []
    loops = [f for f in nodes_of(k.node, ast.For) if (f.end_lineno or f.lineno) < stmt.lineno]
    if not loops:
        return []
    loop = max(loops, key=lambda f: f.end_lineno or f.lineno)  # the loop just before the line
    carried = {t.id for a in nodes_of(loop, ast.Assign) for t in a.targets if isinstance(t, ast.Name)}
    pairs = [b for b in nodes_of(loop, ast.BinOp) if isinstance(b.op, (ast.Add, ast.Sub, ast.Mult))
             and isinstance(b.left, ast.Name) and isinstance(b.right, ast.Name)
             and {b.left.id, b.right.id} <= carried and b.left.id != b.right.id]
    out = []
    for n in nodes_of(stmt.value, ast.Name):
        for b in pairs:
            if n.id == b.left.id and not any(m.id == b.right.id for m in nodes_of(stmt.value, ast.Name)):
                new = f"({ast.unparse(b)})"
                if (e := _replace(src, [(n, new)], f"`{n.id}` -> `{new}` as the loop combines them")) and e not in out:
                    out.append(e)
    return out[:3]
