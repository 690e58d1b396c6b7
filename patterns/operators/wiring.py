"""Wiring operators: a value read from the wrong place, or with a term of its address missing.

- a stride the kernel takes but never reads: the pointer expression that uses its siblings misses a
  `b * stride_b` term (a batch or head offset);
- an index pointer the kernel takes but never reads: an index used directly where it had to be looked
  up (`dst = i` for `dst = tl.load(index_ptr + i)`), or a looked-up index missing the offset an
  unread table holds (a field's start in a shared embedding: `+ tl.load(off_ptr + f)`);
- a line that reads along the other axis: every row-named index and mask on it (`r_idx`, `rmask`)
  where the column ones (`c_idx`, `cmask`) were meant, swapped together;
- a reduction missing a factor: `tl.sum(g)` for `tl.sum(y * g)` with `y` another loaded tile.
"""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Kernel, Src, nodes_of, operator
from kagent.patterns.operators.generic import _PTR, _replace, _role, _stmt_at, casts_at
from kagent.patterns.operators.values import _masked_loads

_STRIDE = re.compile(r"stride|^s[a-z]?_|_s[a-z]?$|^st_", re.I)


def _reads(k: Kernel) -> set[str]:
    return {n.id for n in nodes_of(k.node, ast.Name) if isinstance(n.ctx, ast.Load)}


def _unread(k: Kernel, pointers: bool) -> list[str]:
    """The kernel's runtime parameters it never reads: its pointers, or its strides."""
    reads = _reads(k)
    return [p for p in k.params if p not in reads and p not in k.constexpr
            and (bool(_PTR.search(p)) if pointers else bool(_STRIDE.search(p)) and not _PTR.search(p))]


def _program_scalars(k: Kernel) -> list[str]:
    """Scalar locals derived from program ids (and sizes): the candidates for a missing offset's index."""
    out: list[str] = []
    for n in sorted(nodes_of(k.node, ast.Assign), key=lambda n: n.lineno):
        if len(n.targets) != 1 or not isinstance(n.targets[0], ast.Name):
            continue
        calls = {ast.unparse(c.func) for c in nodes_of(n.value, ast.Call)}
        names = {x.id for x in nodes_of(n.value, ast.Name)} - {"tl"}
        if any(_PTR.search(x) for x in names) or any(True for _ in nodes_of(n.value, ast.Subscript)):
            continue  # an address or a tile, not an index
        if calls <= {"tl.program_id"} and ("tl.program_id" in calls or names & set(out)):
            out.append(n.targets[0].id)
    return out


def _prefix(name: str) -> str:
    return name.rsplit("_", 1)[0].lower() if "_" in name else name.lower()


def _suffix(name: str) -> str:
    return name.rsplit("_", 1)[-1].lower() if "_" in name else ""


@operator("missing_offset", "stride", 2, "a stride the kernel never reads: the address that uses its siblings "
          "misses its term (`x_ptr + s * sx_s` -> `x_ptr + b * sx_b + s * sx_s`)", global_=True)
def _missing_offset(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        unused = _unread(k, pointers=False)
        if not unused:
            continue
        reads = _reads(k)
        strides = [p for p in k.params if p in reads and _STRIDE.search(p) and not _PTR.search(p)]
        scalars = _program_scalars(k)
        stmts = [n for n in sorted(nodes_of(k.node, ast.Assign, ast.Expr), key=lambda n: n.lineno)
                 if n.lineno == n.end_lineno]
        for p in unused:
            # the addresses that use the stride's siblings: same prefix first (`sx_s` for `sx_b`), any stride else
            same = [st for st in stmts if any(_prefix(x.id) == _prefix(p) for x in nodes_of(st, ast.Name) if x.id in strides)]
            for stmt in same or [st for st in stmts if {x.id for x in nodes_of(st, ast.Name)} & set(strides)]:
                names = {n.id for n in nodes_of(stmt, ast.Name)}
                for ptr in (n for n in nodes_of(stmt, ast.Name) if n.id in k.params and _PTR.search(n.id)):
                    # the index named like the stride's suffix first (`b` for `sx_b`), then the others
                    ranked = sorted((v for v in scalars if v not in names),
                                    key=lambda v: (v.lower() != _suffix(p), v))
                    for v in ranked[:3]:
                        e = _replace(src, [(ptr, f"{ptr.id} + {v} * {p}")], f"`{ptr.id}` + `{v} * {p}` (unused stride)")
                        if e:
                            out.append(e)
    return out


@operator("missing_gather", "stride", 2, "an index pointer the kernel never reads: the index used directly where it "
          "had to be looked up (`dst = i` -> `dst = tl.load(index_ptr + i)`)", global_=True)
def _missing_gather(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        unused = _unread(k, pointers=True)
        if not unused:
            continue
        for n in sorted(nodes_of(k.node, ast.Assign), key=lambda n: n.lineno):
            if len(n.targets) != 1 or not isinstance(n.targets[0], ast.Name) or n.lineno != n.end_lineno:
                continue
            v = n.value
            calls = {ast.unparse(c.func) for c in nodes_of(v, ast.Call)}
            if not calls <= {"tl.program_id", "tl.arange"} or not isinstance(v, (ast.Name, ast.BinOp, ast.Call)):
                continue
            if isinstance(v, ast.Call) and ast.unparse(v.func) != "tl.program_id":
                continue
            for p in unused:
                text = ast.unparse(v)
                e = _replace(src, [(v, f"tl.load({p} + {text if isinstance(v, (ast.Name, ast.Call)) else f'({text})'})")],
                             f"`{n.targets[0].id}` looked up in unused `{p}`")
                if e:
                    out.append(e)
    return out


@operator("gather_offset", "stride", 2, "an offset table the kernel never reads: a looked-up index missing its "
          "offset (`idx = tl.load(ids_ptr + r * F + f)` -> `... + tl.load(off_ptr + f)`)", global_=True)
def _gather_offset(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        unused = _unread(k, pointers=True)
        if not unused:
            continue
        addresses = [ast.unparse(c.args[0]) for c in nodes_of(k.node, ast.Call)
                     if ast.unparse(c.func) in ("tl.load", "tl.store", "tl.atomic_add") and c.args]
        for n in nodes_of(k.node, ast.Assign):
            v = n.value
            if not (len(n.targets) == 1 and isinstance(n.targets[0], ast.Name) and isinstance(v, ast.Call)
                    and ast.unparse(v.func) == "tl.load" and v.args and n.lineno == n.end_lineno):
                continue
            name = n.targets[0].id
            if not any(re.search(rf"\b{name}\b", a) for a in addresses):
                continue  # data, not an index into another tensor
            mask = next((kw for kw in v.keywords if kw.arg == "mask"), None)
            terms = dict.fromkeys(m.id for m in nodes_of(v.args[0], ast.Name)
                                  if not _PTR.search(m.id) and m.id not in k.constexpr)
            for p in unused:
                for t in terms:
                    for masked in ((False, True) if mask is not None else (False,)):
                        extra = f", mask={ast.unparse(mask.value)}, other=0" if masked else ""
                        e = _replace(src, [(v, f"{ast.unparse(v)} + tl.load({p} + {t}{extra})")],
                                     f"`{name}` offset by the unused `{p}` at `{t}`{' (masked)' if masked else ''}")
                        if e:
                            out.append(e)
    return out


_AXIS_PAIRS = (("row", "col"), ("rows", "cols"), ("r", "c"), ("m", "n"), ("i", "j"))


def _axis_partner(name: str, names: set[str]) -> str | None:
    """`c_idx` for `r_idx`, `cmask` for `rmask`, `offs_n` for `offs_m`: one axis token exchanged, when the
    kernel has that name."""
    for a, b in _AXIS_PAIRS:
        for x, y in ((a, b), (b, a)):
            for cand in (re.sub(rf"^{x}(?=_|[a-z]{{3,}})", y, name), re.sub(rf"_{x}$", f"_{y}", name),
                         re.sub(rf"^{x.upper()}(?=_)", y.upper(), name)):
                if cand != name and cand in names:
                    return cand
    return None


@operator("axis_names", "axis", 2, "a line that reads along the other axis: its row index and mask where the "
          "column ones were meant (`w_ptr + r_idx, mask=rmask` -> `w_ptr + c_idx, mask=cmask`)")
def _axis_names(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or stmt is None:
        return []
    known = k.names
    swaps: dict[str, str] = {}
    value_names = [n for n in nodes_of(stmt, ast.Name) if isinstance(n.ctx, ast.Load) and not _PTR.search(n.id)]
    for n in value_names:
        partner = _axis_partner(n.id, known)
        if partner:
            swaps[n.id] = partner
    if len(swaps) < 2:
        return []  # a single name is name_substitute's
    out = []
    e = _replace(src, [(n, swaps[n.id]) for n in value_names if n.id in swaps],
                 "the other axis: " + ", ".join(f"`{a}` -> `{b}`" for a, b in swaps.items()))
    if e:
        out.append(e)
    return out


@operator("reduce_factor", "operand", 3, "a reduction missing a factor: tl.sum(g) -> tl.sum(y * g), with y another "
          "loaded tile")
def _reduce_factor(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None or src.kernel_at(line0) is None:
        return []
    loaded = _masked_loads(src, line0)
    out = []
    for c in nodes_of(stmt, ast.Call):
        if ast.unparse(c.func) not in ("tl.sum", "tl.cumsum") or not c.args or not isinstance(c.args[0], ast.Name):
            continue
        x = c.args[0].id
        for y in [n for n in loaded if n != x][:4]:
            e = _replace(src, [(c.args[0], f"{y} * {x}")], f"`{ast.unparse(c)}` missing the factor `{y}`")
            if e:
                out.append(e)
    return out


def _sums(src: Src, line0: int) -> list[ast.Call]:
    stmt = _stmt_at(src, line0)
    if stmt is None or src.kernel_at(line0) is None:
        return []
    return [c for c in nodes_of(stmt, ast.Call) if ast.unparse(c.func) == "tl.sum" and c.args]


@operator("reduce_norm", "operand", 3, "a sum of squares that lost its norm's root: tl.sum(d * d) -> tl.sqrt(tl.sum(d * d))")
def _reduce_norm(src: Src, line0: int) -> list:
    out = []
    for c in _sums(src, line0):
        arg = c.args[0]
        if isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Mult) and ast.unparse(arg.left) == ast.unparse(arg.right):
            e = _replace(src, [(c, f"tl.sqrt({ast.unparse(c)})")], f"the root of `{ast.unparse(c)}` (a norm)")
            if e:
                out.append(e)
    return out


@operator("reduce_abs", "operand", 5, "a sum that lost its L1 norm's abs: tl.sum(w) -> tl.sum(tl.abs(w))")
def _reduce_abs(src: Src, line0: int) -> list:
    out = []
    for c in _sums(src, line0):
        arg = c.args[0]
        if isinstance(arg, (ast.Name, ast.Subscript)) or (isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Sub)):
            e = _replace(src, [(arg, f"tl.abs({ast.unparse(arg)})")], f"`{ast.unparse(arg)}` summed as absolute values")
            if e:
                out.append(e)
    return out


def _bounds(k: Kernel) -> dict[str, str]:
    """An index's extent: a loop variable's `range(N)` / `tl.static_range(N)`, or the size an index is
    compared with (`i < W`)."""
    out: dict[str, str] = {}
    for n in nodes_of(k.node, ast.For):
        if isinstance(n.target, ast.Name) and isinstance(n.iter, ast.Call) and len(n.iter.args) == 1 \
                and ast.unparse(n.iter.func) in ("range", "tl.static_range", "tl.range"):
            out.setdefault(n.target.id, ast.unparse(n.iter.args[0]))
    for n in nodes_of(k.node, ast.Compare):
        if isinstance(n.left, ast.Name) and len(n.ops) == 1 and isinstance(n.ops[0], ast.Lt):
            bound = n.comparators[0]
            if isinstance(bound, (ast.Name, ast.Constant)):
                out.setdefault(n.left.id, ast.unparse(bound))
    return out


@operator("flip_index", "stride", 4, "an index that runs the other way: i -> (N - 1 - i) (a flip, a rotation, "
          "a bit order)")
def _flip_index(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or stmt is None:
        return []
    bounds = _bounds(k)
    targets = {t.id for t in nodes_of(stmt, ast.Name) if isinstance(t.ctx, ast.Store)}
    compared = {id(x) for c in nodes_of(stmt, ast.Compare) for x in nodes_of(c, ast.Name)}  # a bound check stays
    out, seen = [], set()
    for n in nodes_of(stmt, ast.Name):
        if not isinstance(n.ctx, ast.Load) or n.id not in bounds or n.id in targets or n.id in seen or id(n) in compared:
            continue
        seen.add(n.id)
        same = [x for x in nodes_of(stmt, ast.Name) if x.id == n.id and isinstance(x.ctx, ast.Load) and id(x) not in compared]
        new = f"({bounds[n.id]} - 1 - {n.id})"
        e = _replace(src, [(x, new) for x in same], f"`{n.id}` reversed: {new}")
        if e:
            out.append(e)
    return out


def _mask_names(k: Kernel, mask: ast.expr) -> set[str]:
    """The names a mask is made of, through one local (`mask = (i < W) & (j < H)`)."""
    names = {n.id for n in nodes_of(mask, ast.Name)}
    if isinstance(mask, ast.Name):
        for n in nodes_of(k.node, ast.Assign):
            if any(isinstance(t, ast.Name) and t.id == mask.id for t in n.targets):
                names |= {x.id for x in nodes_of(n.value, ast.Name)}
    return names


@operator("mask_index", "stride", 2, "an address indexed by another index than its mask bounds: "
          "tl.load(w_ptr + rows, mask=cols < n) -> tl.load(w_ptr + cols, mask=cols < n)")
def _mask_index(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or stmt is None:
        return []
    out = []
    for c in nodes_of(stmt, ast.Call):
        if ast.unparse(c.func) not in ("tl.load", "tl.store") or not c.args:
            continue
        mask = next((kw.value for kw in c.keywords if kw.arg == "mask"), None)
        if mask is None:
            continue
        own = {mask.id} if isinstance(mask, ast.Name) else set()
        in_mask = {x for x in _mask_names(k, mask) - own if _role(x, k) == "index"}
        addr = [x for x in nodes_of(c.args[0], ast.Name) if _role(x.id, k) == "index"]
        stray = [x for x in addr if x.id not in in_mask]
        missing = sorted(in_mask - {x.id for x in addr})
        for x in stray[:2]:
            for alt in missing[:2]:
                e = _replace(src, [(x, alt)], f"address index `{x.id}` -> `{alt}` (what the mask bounds)")
                if e:
                    out.append(e)
    return out


@operator("count_from_index", "compare", 2, "a count made from a 0-based index without its +1: "
          "i.to(f32) -> (i + 1).to(f32)")
def _count_from_index(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    if k is None:
        return []
    out = []
    for c in casts_at(src, line0):
        x = c.func.value
        if "float" not in ast.unparse(c.args[0]):
            continue
        if isinstance(x, ast.Name) and _role(x.id, k) == "index":
            e = _replace(src, [(x, f"({x.id} + 1)")], f"`{x.id}` counted from 1")
        elif isinstance(x, ast.BinOp) and isinstance(x.op, (ast.Add, ast.Sub)) and isinstance(x.right, ast.Constant) \
                and x.right.value == 1 and isinstance(x.left, ast.Name):
            e = _replace(src, [(x, x.left.id)], f"`{ast.unparse(x)}` -> `{x.left.id}`")
        else:
            continue
        if e:
            out.append(e)
    return out
