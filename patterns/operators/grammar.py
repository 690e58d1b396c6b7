"""The grammar tier of the edit search: every small rewrite of a suspected line's expressions.

The named operators undo faults someone has seen. This tier does not know the fault: on each of
the most suspected lines it proposes every one-node rewrite from a small grammar, and the screen
(thousands of candidates a minute on the interpreter) finds the one that makes the kernel agree:

- a name read where another in scope was meant (`rows` for `cols`, `x` for `d` everywhere on the
  line, two names in each other's place); names the kernel defines but never reads, and look-alike
  names, first; on the host, a size read from the wrong place (`t.numel()` for `t.shape[0]`);
- a function wrapped around an operand (`abs`, `sqrt`, `exp`, `log`, a square, a negation,
  `1 - e`, a factor 2 or 1/2), or a call dropped (`f(e)` -> `e`), or exchanged for its sibling (`exp` <-> `log`);
- a line's value clamped (`tl.minimum(e, hi)`, `tl.maximum(e, 0.0)`) by a name in scope, 0 or 1:
  the missing half of a clamp, a scale capped at 1;
- a term added, subtracted, multiplied or divided by a name in scope, or by 1;
- a constant scaled, shifted by one, inverted, or exchanged for a known constant it resembles; on
  the host, a literal passed where the module's own attribute was meant (`1e-5` -> `self.eps`);
- a floor division that should round up (`n // BLOCK` -> `triton.cdiv(n, BLOCK)`, in a kernel
  `(n + BLOCK - 1) // BLOCK`);
- an operator exchanged (`+` <-> `-`, `*` <-> `/`, `e * 2` <-> `e ** 2`, `//` <-> `%`, `<` <-> `<=`; a comparison at
  every place it appears on the line at once), the operands of a non-commutative one swapped, a term dropped, or the grouping moved (`a * b + c` <-> `a * (b + c)`);
- a mask's conjunct copied onto another name (`(yy >= 0)` -> also `(xx >= 0)`);
- what the rest of the function says (structure.py): a condition another select tests, a parity of an index sum, a coefficient set exchanged whole for its sibling standard;
- lines written alike for other names (the lanes of an unrolled loop, an attack and a release
  coefficient): a rewrite of one made on all of them alike, and the numbers of one taken by another
  (`-1.0 / (attack_ms * sr)` beside `-1000.0 / (release_ms * sr)`).

- a load_inline kernel's CUDA C line: the same kinds over its tokens (cgrammar.py).

Every rewrite replaces the source text of one node on one line (exprs._swap), so two combine; a
rewrite made on parallel lines alike is one hunk over them.
Nothing here runs code; the screen judges, the full verifier decides.
"""

from __future__ import annotations

import ast
import difflib
import json
import math
import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from kagent.patterns.operators import cgrammar, structure, terms
from kagent.patterns.operators.base import Edit, Src, nodes_of, parent_map, parses
from kagent.patterns.operators.exprs import _swap
from kagent.patterns.operators.generic import _broadcast, _flip

FAMILY = "grammar"

# how likely each kind of rewrite is to be the fix, by judgement (dead names are the strongest evidence
# a source carries); WEIGHT below is this corrected by what each kind fixed in measured blind sets
PRIOR = {
    "dead_name": 1.0, "similar_name": 0.8, "name": 0.45, "all_name": 0.5, "regroup": 0.75, "constant": 0.6,
    "known_constant": 0.9, "wrap": 0.55, "helper_wrap": 0.6, "unwrap": 0.5, "sibling_call": 0.55, "op": 0.55, "operands": 0.5,
    "drop": 0.35, "extend_dead": 0.85, "extend": 0.3, "shift": 0.5, "conjunct": 0.6, "conjunct_any": 0.3, "stable_exp": 0.6,
    "clamp": 0.4, "all_op": 0.55, "attribute": 0.6, "ceil_div": 0.5, "exchange": 0.55, "size": 0.55,
    # terms.py: past one node
    "term_signs": 0.5, "factor": 0.35, "offset": 0.7, "similar_attribute": 0.8, "other_attribute": 0.45,
    "attribute_wrap": 0.5, "product_term": 0.3, "clamp01": 0.45, "divmod": 0.7,
    "distribute": 0.6, "arg_factor": 0.45, "derived_name": 0.5, "reduce_axis": 0.55, "constant_name": 0.45,
    "analog_number": 0.8, "transpose_offset": 0.7, "ratio_clip": 0.7, "attribute_factor": 0.5, "size_factor": 0.45, "fresh_name": 0.9,
    "extend_partner": 0.6, "extend_partner_once": 0.4, "accumulate": 0.6, "shift_width": 0.5,
    # structure.py: read past the line
    "borrowed_condition": 0.5, "index_sum": 0.5, "constant_family": 0.8,
}

# fixes per candidate each kind made on the faulty lines of blind sets already measured, written by
# benchmarks/grammar_priors.py: a wrap is the fix about once in a thousand wraps, a sibling call
# (exp <-> log) forty times as often; ordered by judgement alone, the lines' hundreds of wraps and
# added terms came before the few exchanges that fix
YIELD_TABLE = Path(__file__).resolve().parent.parent / "library" / "grammar_yield.json"


def calibrated(prior: dict[str, float], table: dict[str, list[int]], pseudo: float = 0.5) -> dict[str, float]:
    """Each kind's chance that one of its candidates is the fix: its measured fixes per candidate,
    shrunk towards what its prior weight says by `pseudo` fixes' worth (a kind seldom made keeps
    about its prior; a kind never measured has it), scaled so that the best kind weighs 1."""
    made = sum(m for m, _f in table.values())
    fixes = sum(f for _m, f in table.values())
    if not made or not fixes:
        return dict(prior)
    mean_rate, mean_prior = fixes / made, sum(prior.values()) / len(prior)
    rate = {}
    for kind, p in prior.items():
        m, f = table.get(kind, (0, 0))
        expect = mean_rate * p / mean_prior  # the prior's rate
        rate[kind] = (f + pseudo) / (m + pseudo / expect)
    top = max(rate.values())
    return {k: r / top for k, r in rate.items()}


def _load_yield() -> dict[str, list[int]]:
    try:
        return json.loads(YIELD_TABLE.read_text())["kinds"]
    except (OSError, ValueError, KeyError):
        return {}


WEIGHT = calibrated(PRIOR, _load_yield())

_KNOWN = {  # constants kernels spell out, and what they are mistaken for
    "1/sqrt(pi)": 1 / math.sqrt(math.pi), "1/sqrt(2pi)": 1 / math.sqrt(2 * math.pi), "sqrt(2/pi)": math.sqrt(2 / math.pi),
    "sqrt(2)": math.sqrt(2), "1/sqrt(2)": 1 / math.sqrt(2), "ln2": math.log(2), "1/ln2": 1 / math.log(2),
    "ln10": math.log(10), "pi": math.pi, "2pi": 2 * math.pi, "e": math.e, "sqrt(pi)": math.sqrt(math.pi),
    "2/sqrt(pi)": 2 / math.sqrt(math.pi),
}
_WRAPS = ("tl.abs(E)", "tl.sqrt(E)", "tl.exp(E)", "tl.log(E)", "E * E", "-E", "1.0 - E", "tl.sqrt(E) * E",
          "2.0 * E", "0.5 * E")
_SIBLING_CALLS = {"exp": ("log", "exp2", "sqrt"), "log": ("exp", "log2", "sqrt"), "exp2": ("exp",), "log2": ("log",),
                  "sqrt": ("rsqrt", "abs", "exp", "log"), "rsqrt": ("sqrt",), "abs": ("sqrt",), "maximum": ("minimum",),
                  "minimum": ("maximum",), "sum": ("max", "min", "cumsum"), "max": ("sum", "min"), "min": ("max", "sum"),
                  "sigmoid": ("exp",), "floor": ("ceil",), "ceil": ("floor",), "cumsum": ("cumprod", "sum")}
_OPS: dict[type, tuple[type, ...]] = {
    ast.Add: (ast.Sub, ast.Mult), ast.Sub: (ast.Add,), ast.Mult: (ast.Div, ast.Add), ast.Div: (ast.Mult, ast.FloorDiv),
    ast.FloorDiv: (ast.Mod, ast.Div), ast.Mod: (ast.FloorDiv,), ast.LShift: (ast.RShift,), ast.RShift: (ast.LShift,),
    ast.BitAnd: (ast.BitOr,), ast.BitOr: (ast.BitAnd, ast.BitXor), ast.BitXor: (ast.BitOr,),
}
_CMP: dict[type, tuple[type, ...]] = {
    ast.Lt: (ast.LtE, ast.Gt), ast.LtE: (ast.Lt, ast.GtE, ast.Eq), ast.Gt: (ast.GtE, ast.Lt), ast.GtE: (ast.Gt, ast.LtE, ast.Eq),
    ast.Eq: (ast.NotEq,), ast.NotEq: (ast.Eq,),
}


@dataclass(frozen=True)
class Rewrite:
    kind: str
    description: str
    line: str  # the new text of the line

    @property
    def weight(self) -> float:
        return WEIGHT[self.kind]


@dataclass
class _Scope:
    names: list[str]  # readable at the line, in definition order
    dead: set[str]  # defined (or taken) but never read
    pointers: set[str]


def _scope(src: Src, line0: int) -> _Scope | None:
    k = src.kernel_at(line0)
    fn = _function_of(src, line0)
    if fn is None:
        return None
    params = [a.arg for a in fn.args.args if a.arg != "self"]
    names, defs = list(params), {}
    for n in ast.walk(fn):
        targets: list[ast.expr] = []
        if isinstance(n, (ast.Assign, ast.AugAssign, ast.AnnAssign)) and n.lineno - 1 < line0:
            targets = n.targets if isinstance(n, ast.Assign) else [n.target]
        elif isinstance(n, ast.For) and n.lineno - 1 <= line0:
            targets = [n.target]
        for t in targets:
            for x in nodes_of(t, ast.Name):
                if x.id not in names:
                    names.append(x.id)
                    defs[x.id] = n
    reads = {n.id for n in nodes_of(fn, ast.Name) if isinstance(n.ctx, ast.Load)}
    dead = {x for x in names if x not in reads}
    pointers = {p for p in params if "ptr" in p.lower()}
    for x, d in defs.items():  # a local built from a pointer (`p = x_ptr + offs`) is one
        value = getattr(d, "value", None)
        if value is not None and any(isinstance(m, ast.Name) and m.id in pointers for m in _add_leaves(value)):
            pointers.add(x)
    if k is not None:
        dead -= k.constexpr
    return _Scope(names, dead, pointers)


def _mask_names(src: Src, line0: int) -> set[str]:
    """The function's names that hold a comparison or a conjunction of them, and the constexprs."""
    fn = _function_of(src, line0)
    k = src.kernel_at(line0)
    out = set(k.constexpr) if k is not None else set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign) and _boolish(n.value):
            out |= {t.id for tgt in n.targets for t in nodes_of(tgt, ast.Name)}
    return out


def _value_names(src: Src, line0: int, sc: _Scope, text: str) -> list[str]:
    """The names in scope a value can be clamped by: not pointers, offsets, masks or constexprs
    (`tl.minimum(best, offs)` is never the missing half of a clamp)."""
    skip = set(sc.pointers) | terms._index_names(_function_of(src, line0)) | _mask_names(src, line0)
    return [s for s in sc.names if s not in skip and s != text]


def _add_leaves(e: ast.expr) -> Iterator[ast.expr]:
    if isinstance(e, ast.BinOp) and isinstance(e.op, (ast.Add, ast.Sub)):
        yield from _add_leaves(e.left)
        yield from _add_leaves(e.right)
    else:
        yield e


def _roots(stmt: ast.AST) -> list[ast.expr]:
    """The expressions a line computes (never an assignment's target, a call's function or `axis=`)."""
    if isinstance(stmt, (ast.Assign, ast.AugAssign, ast.AnnAssign, ast.Return)):
        return [stmt.value] if stmt.value is not None else []
    if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
        c = stmt.value
        grid = [c.func.slice] if isinstance(c.func, ast.Subscript) else []  # a launch's grid: `k[(n // B,)](...)`
        return [*grid, *c.args, *(kw.value for kw in c.keywords if kw.arg not in ("axis", "num_warps", "num_stages"))]
    if isinstance(stmt, (ast.If, ast.While)):
        return [stmt.test]
    if isinstance(stmt, ast.For):
        return [stmt.iter]
    return []


def _statement(src: Src, line0: int) -> ast.AST | None:
    s = src.statements_by_line.get(line0)
    if s is not None:
        return s
    for n in ast.walk(src.tree):
        if isinstance(n, (ast.If, ast.While, ast.For)) and n.lineno - 1 == line0:
            return n
    # a continuation line of a statement written over several (a launch's arguments): its nodes
    # on this line are edited, the rest of the statement is context
    spanning = [n for n in ast.walk(src.tree) if isinstance(n, (ast.Assign, ast.AugAssign, ast.Expr, ast.Return))
                and n.lineno - 1 < line0 <= (n.end_lineno or n.lineno) - 1]
    return min(spanning, key=lambda n: (n.end_lineno or n.lineno) - n.lineno, default=None)


_MODULES = {"tl", "triton", "torch", "math", "libdevice", "F", "nn", "np", "self"}


def _module_rooted(e: ast.expr) -> bool:
    while isinstance(e, ast.Attribute):
        e = e.value
    return isinstance(e, ast.Name) and e.id in _MODULES


def _editable(root: ast.expr) -> Iterator[ast.expr]:
    """The nodes of `root` a rewrite may replace: not a function's name or a module attribute
    (`tl.float32`, `self.eps`), not inside a subscript's index (`[:, None]`); a method's receiver
    (`cols` in `cols.to(...)`) may be."""
    skip: set[int] = set()
    for n in ast.walk(root):
        if isinstance(n, ast.Call):
            skip.update(id(kw.value) for kw in n.keywords if kw.arg in ("axis", "dtype", "eviction_policy"))
        elif isinstance(n, ast.Subscript):
            skip.update(id(x) for x in ast.walk(n.slice))
        elif isinstance(n, ast.Attribute):
            skip.add(id(n))
            if _module_rooted(n):
                skip.update(id(x) for x in ast.walk(n))
        elif isinstance(n, ast.Name) and n.id in _MODULES:
            skip.add(id(n))
    for n in ast.walk(root):
        if isinstance(n, ast.Call) and isinstance(n.func, ast.Name):
            skip.add(id(n.func))
    for n in ast.walk(root):
        if isinstance(n, ast.expr) and id(n) not in skip and n.lineno == n.end_lineno:
            yield n


_SCALAR_CALLS = {"float", "int", "min", "max", "abs", "round"}


def _scalar_formula(stmt: ast.AST) -> bool:
    """A host line that computes a Python number from numbers (`lower = self.final_lr * (1.0 - 1.0 /
    (self.gamma * t))`): arithmetic, no tensor, launch or method call (math functions and casts
    aside), no subscript."""
    if not isinstance(stmt, (ast.Assign, ast.AugAssign)):
        return False
    value = stmt.value
    arithmetic = False
    for n in ast.walk(value):
        if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow)):
            arithmetic = True
        elif isinstance(n, ast.Subscript):
            return False
        elif isinstance(n, ast.Call):
            f = n.func
            if not ((isinstance(f, ast.Name) and f.id in _SCALAR_CALLS)
                    or (isinstance(f, ast.Attribute) and isinstance(f.value, ast.Name) and f.value.id == "math")):
                return False
    return arithmetic


def _boolish(n: ast.expr) -> bool:
    return isinstance(n, (ast.Compare, ast.BoolOp)) or (isinstance(n, ast.BinOp) and isinstance(n.op, (ast.BitAnd, ast.BitOr))
                                                         and (_boolish(n.left) or _boolish(n.right)))


def _pointerish(n: ast.expr, sc: _Scope) -> bool:
    return any(isinstance(m, ast.Name) and m.id in sc.pointers for m in _add_leaves(n))


_FRESH = ("new", "next", "upd", "updated", "out", "cur", "hat", "corr")


def _similar(a: str, b: str) -> bool:
    """Look-alike names: `rows` / `cols`, `incl` / `excl`, `n_rows` / `n_cols`, `yy` / `xx`."""
    return (difflib.SequenceMatcher(None, a, b).ratio() >= 0.5 or a.split("_")[-1] == b.split("_")[-1]
            or (len(a) == len(b) <= 3))


def _paren(text: str, node: ast.expr) -> str:
    return text if isinstance(node, (ast.Name, ast.Constant, ast.Call, ast.Attribute, ast.Subscript)) else f"({text})"


def _constants(node: ast.Constant, text: str) -> Iterator[tuple[str, str]]:
    v = node.value
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        return
    if isinstance(v, int):
        seg = text.lower()
        if seg.startswith("0x") and len(seg) > 3:  # a hex mask one nibble short or long
            yield "constant", seg + seg[-1]
            yield "constant", seg[:-1]
        for alt in {v + 1, v - 1, v * 2, v // 2 if v % 2 == 0 else v, 0, 1} - {v}:
            yield "constant", str(alt)
        return
    for name, c in _KNOWN.items():
        if v and math.isclose(abs(v), c, rel_tol=1e-5):
            for other_name, other in _KNOWN.items():
                if other_name != name:
                    yield "known_constant", repr(math.copysign(other, v))
            break
    # ... and a factor of a logarithm or exponential written for the wrong base (20 * ln(x) for
    # 20 * log10(x), a log2-domain scale used with exp)
    bases = (v / math.log(10), v * math.log(10), v / math.log(2), v * math.log(2))
    for alt in (v * 2, v / 2, -v, v + 1, v - 1, v + 0.5, v - 0.5, 0.0, 1.0, 1 / v if v else None, v * v, math.sqrt(v) if v > 0 else None,
                *bases):
        if alt is not None and alt != v and math.isfinite(alt):
            yield "constant", repr(alt)
    yield "constant", 'float("-inf")'  # a fill or initial value that must never win
    yield "constant", 'float("inf")'


def _unary_helpers(src: Src) -> list[str]:
    """The file's @triton.jit functions of one parameter that no launch calls: its own activations and
    element-wise maps (`_tanh`, `_sigmoid`, `_softplus`), which a line may have left out."""
    launched = {la.kernel for la in src.launches}
    return [name for name, k in src.kernels.items() if len(k.params) == 1 and name not in launched]


def rewrites(src: Src, line0: int) -> list[Rewrite]:
    """Every one-node rewrite of the expressions on `line0` (a kernel's or a host function's line)."""
    stmt = _statement(src, line0)
    sc = _scope(src, line0)
    if stmt is None or sc is None or not src.lines[line0].isascii():
        return []
    host = src.kernel_at(line0) is None
    scalar = host and _scalar_formula(stmt)
    helpers = [] if host else _unary_helpers(src)
    out: list[Rewrite] = []

    def add(kind: str, node: ast.expr, new: str, what: str) -> None:
        e = _swap(src, node, new, what)
        if e is None or e[1] != line0:
            return
        line = e[3][0]
        if new.startswith("(") and new.endswith(")"):  # parentheses the line does not need are left out
            bare = _swap(src, node, new[1:-1], what)
            if bare is not None and _same_code(bare[3][0], line):
                line = bare[3][0]
        out.append(Rewrite(kind, e[0], line))

    line_names = [n for n in nodes_of(stmt, ast.Name) if isinstance(n.ctx, ast.Load)]
    values = [] if host else _value_names(src, line0, sc, "")
    where_branches = {id(a) for c in nodes_of(stmt, ast.Call) if ast.unparse(c.func) == "tl.where" for a in c.args[1:]}
    for root in _roots(stmt):
        # a term joins an expression at its top (the root and its operands), not inside every leaf
        tops = {id(root)} | {id(x) for x in ast.iter_child_nodes(root) if isinstance(root, ast.BinOp)}
        for n in _editable(root):
            text = ast.unparse(n)
            if isinstance(n, ast.Name) and n.id in sc.names:
                ptr = n.id in sc.pointers
                for s in sc.names:
                    if s == n.id or (s in sc.pointers) != ptr:
                        continue
                    # `v` read where its update `v_new` (defined before the line) was meant: a stale value
                    fresh = s.startswith(n.id + "_") and s[len(n.id) + 1:] in _FRESH
                    kind = "dead_name" if s in sc.dead else "fresh_name" if fresh else "similar_name" if _similar(n.id, s) else "name"
                    add(kind, n, s, f"`{n.id}` -> `{s}`")
            elif isinstance(n, ast.Constant):
                for kind, alt in _constants(n, ast.get_source_segment(src.source, n) or text):
                    add(kind, n, alt, f"constant {text} -> {alt}")
                if not host and isinstance(n.value, float) and id(n) in where_branches:
                    # a fallback written as a literal where a value in scope was meant (`where(c, new, 0.0)`
                    # for `where(c, new, old)`)
                    for name in values[::-1][:8]:
                        add("constant_name", n, name, f"constant {text} -> `{name}`")
                if host and isinstance(n.value, (int, float)) and not isinstance(n.value, bool):
                    for attr in _attributes(src):
                        add("attribute", n, attr, f"constant {text} -> {attr}")
                    # a per-dimension constant missing its dimension: 0.5 * log(2 pi) -> 0.5 * D * log(2 pi)
                    if isinstance(n.value, float):
                        for size in _host_sizes(src, line0):
                            add("size_factor", n, f"{text} * {size}", f"constant {text} -> {text} * {size}")
                continue
            elif isinstance(n, ast.BinOp) and _pointerish(n, sc):  # an address: a term may go, nothing else
                for keep in (n.left, n.right):
                    if _pointerish(keep, sc):
                        add("drop", n, _paren(ast.unparse(keep), keep), f"`{text}` -> `{ast.unparse(keep)}`")
            elif isinstance(n, ast.BinOp):
                if isinstance(n.op, ast.FloorDiv):
                    a, b = ast.unparse(n.left), ast.unparse(n.right)
                    new = f"triton.cdiv({a}, {b})" if host else f"({_paren(a, n.left)} + {_paren(b, n.right)} - 1) // {_paren(b, n.right)}"
                    add("ceil_div", n, new if host else f"({new})", f"`{text}` -> `{new}`")
                for op in _OPS.get(type(n.op), ()):
                    new = ast.unparse(ast.BinOp(n.left, op(), n.right))
                    add("op", n, _paren(new, n), f"`{text}` -> `{new}`")
                if isinstance(n.op, (ast.LShift, ast.RShift)) and not isinstance(n.right, ast.Constant):
                    # a shift by a field's index where its bit offset was meant: `idx >> p` for `idx >> (2 * p)`
                    # (2-bit texel indices, nibbles, bytes)
                    amount = _paren(ast.unparse(n.right), n.right)
                    for new_amount in (f"(2 * {amount})", f"(4 * {amount})", f"(8 * {amount})", f"({amount} // 2)"):
                        new = f"{_paren(ast.unparse(n.left), n.left)} {'>>' if isinstance(n.op, ast.RShift) else '<<'} {new_amount}"
                        add("shift_width", n, f"({new})", f"`{text}` -> `{new}`")
                if _small_power(n):  # a square written as a doubling, or the reverse: 0.03 * 2 <-> 0.03 ** 2
                    op = ast.Pow if isinstance(n.op, ast.Mult) else ast.Mult
                    new = ast.unparse(ast.BinOp(n.left, op(), n.right))
                    add("op", n, _paren(new, n), f"`{text}` -> `{new}`")
                if isinstance(n.op, (ast.Sub, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)):
                    new = ast.unparse(ast.BinOp(n.right, n.op, n.left))
                    add("operands", n, f"({new})", f"`{text}` -> `{new}`")
                if not _boolish(n):
                    for keep in (n.left, n.right):
                        add("drop", n, _paren(ast.unparse(keep), keep), f"`{text}` -> `{ast.unparse(keep)}`")
                for new in _regroupings(n):
                    add("regroup", n, f"({new})", f"`{text}` -> `{new}`")
            elif isinstance(n, ast.Compare) and len(n.ops) == 1:
                for op in _CMP.get(type(n.ops[0]), ()):
                    new = ast.unparse(ast.Compare(n.left, [op()], n.comparators))
                    add("op", n, f"({new})", f"`{text}` -> `{new}`")
            elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and len(n.args) >= 1:
                fname = n.func.attr
                if fname in _SIBLING_CALLS and len(n.args) == 1:
                    add("unwrap", n, _paren(ast.unparse(n.args[0]), n.args[0]), f"`{text}` -> `{ast.unparse(n.args[0])}`")
                for alt in _SIBLING_CALLS.get(fname, ()):
                    new = text.replace(f".{fname}(", f".{alt}(", 1)
                    add("sibling_call", n, new, f"`{fname}` -> `{alt}`")
                    if {fname, alt} == {"max", "min"} and (fill := _flipped_fill(n)) is not None:
                        # the reduction's neutral fill goes with it: tl.max(where(c, x, -inf)) -> tl.min(where(c, x, inf))
                        add("sibling_call", n, fill.replace(f".{fname}(", f".{alt}(", 1),
                            f"`{fname}` -> `{alt}` with its masked fill")
                if fname in ("exp", "exp2") and len(n.args) == 1:  # an exponent the row's max was not taken from
                    arg = ast.unparse(n.args[0])
                    # or a running max / stabiliser the kernel keeps (mLSTM's m_new, an online softmax's m_i)
                    # or a value loaded for it and left unread (a segment's max from an earlier pass)
                    stab = [d for d in sc.names if (d in sc.dead or re.search(r"max|mx", d)) and d not in sc.pointers]
                    maxes = [m for m in dict.fromkeys(_running_maxes(src, line0) + stab[:3])
                             if not re.search(rf"\b{m}\b", arg)]
                    for m in (f"tl.max({arg}, axis=0)", f"tl.max({arg}, axis=1)[:, None]", *maxes):
                        add("stable_exp", n, f"tl.{fname}({arg} - {m})", f"`{text}` -> `tl.{fname}({arg} - {m})`")
            if host:  # a size read from the wrong place: `x.numel()` for `x.shape[0]`
                for alt in _sizes(n):
                    add("size", n, alt, f"`{text}` -> `{alt}`")
            if host and _in_shape(n, stmt):  # an output one element short or long: `(n_rows, n_cols - 1)`
                for op in ("+", "-"):
                    new = _fill(f"E {op} 1", n)
                    add("shift", n, f"({new})", f"`{text}` -> `{new}`")
            if scalar and not _boolish(n) and not isinstance(n, ast.Constant):
                # a host-side scalar formula (a bound, a bias correction): the plain wraps and shifts
                for w in (w for w in _WRAPS if "tl." not in w):
                    new = _fill(w, n)
                    add("wrap", n, f"({new})", f"`{text}` -> `{new}`")
                for op in ("+", "-"):
                    new = _fill(f"E {op} 1", n)
                    add("shift", n, f"({new})", f"`{text}` -> `{new}`")
                continue
            if host or _boolish(n) or _pointerish(n, sc) or isinstance(n, ast.Constant):
                if _boolish(n) and isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitAnd):
                    _conjuncts(n, sc, add)
                continue
            for w in _WRAPS:
                new = _fill(w, n)
                add("wrap", n, f"({new})", f"`{text}` -> `{new}`")
            for h in helpers:  # the file's own activation (`_tanh(c)` where `c` was written)
                if not (isinstance(n, ast.Call) and ast.unparse(n.func) == h):
                    add("helper_wrap", n, f"{h}({text})", f"`{text}` -> `{h}({text})`")
            for op in ("+", "-"):
                new = _fill(f"E {op} 1", n)
                add("shift", n, f"({new})", f"`{text}` -> `{new}`")
            if n is not root and isinstance(n, ast.Call) and ast.unparse(n.func) in ("tl.exp", "tl.exp2"):
                # an importance ratio truncated at 1 (Retrace's c = lambda * min(1, ratio), V-trace's rho-bar)
                new = f"tl.minimum({text}, 1.0)"
                add("ratio_clip", n, new, f"`{text}` -> `{new}`")
            if n is root:  # the value clamped to [0, 1] (a projection's parameter, a weight), or on one side
                new = f"tl.minimum(tl.maximum({text}, 0.0), 1.0)"
                add("clamp01", n, new, f"`{text}` -> `{new}`")
                # the common clamps first (a value kept non-negative, a scale capped at 1), then the names
                for bound in ["0.0", "1.0"] + _value_names(src, line0, sc, text):
                    for fn in ("minimum", "maximum"):
                        new = f"tl.{fn}({text}, {bound})"
                        add("clamp", n, new, f"`{text}` -> `{new}`")
            deep = [] if id(n) in tops or not isinstance(n, ast.Name) else [s for s in sc.dead if s in values]
            for s in sc.names if id(n) in tops else deep:  # a value never read: anywhere on the line
                if s in sc.pointers or (isinstance(n, ast.Name) and n.id == s):
                    continue
                kind = "extend_dead" if s in sc.dead else "extend"
                for op in ("+", "-", "*", "/"):
                    new = _fill(f"E {op} {s}", n)
                    add(kind, n, f"({new})", f"`{text}` -> `{new}`")
            if isinstance(n, ast.Name):  # a name met without the partner it has elsewhere: `k * v` for `(f + k) * v`
                for template, seen in _partner_forms(src, line0, n.id, sc):
                    new = _fill(template, n)
                    add("extend_partner" if seen > 1 else "extend_partner_once", n, f"({new})", f"`{text}` -> `{new}`")
    for root in _roots(stmt):
        found = list(terms.sign_pairs(root)) if not _pointerish(root, sc) else []
        if not (_boolish(root) or _pointerish(root, sc)):
            found += terms.scaled_terms(root)
        if not host and not (_boolish(root) or _pointerish(root, sc)):
            found += terms.missing_factors(src, line0, root, sc.pointers)
            found += terms.missing_products(src, line0, root)
            found += terms.scaled_arguments(src, line0, root)
        if not host and not _boolish(root):
            found += terms.derived_names(_function_of(src, line0), line0, root,
                                         [x for x in sc.names if x not in sc.pointers], _mask_names(src, line0))
        for kind, node, new, what in found:
            if not (_boolish(node) or _pointerish(node, sc)):
                add(kind, node, new, what)
    if host:
        for kind, node, new, what in terms.host_attributes(stmt, line0, _attributes(src), _similar):
            add(kind, node, new, what)
    if not host:
        for node, new, what in _reduce_axes(stmt):
            add("reduce_axis", node, new, what)
        for kind, node, new, what in structure.borrowed_conditions(_function_of(src, line0), stmt, line0, set(sc.names)):
            add(kind, node, new, what)
    _all_compares(src, stmt, line0, out)
    _exchanges(src, stmt, line0, sc, out)
    if not host:
        out.extend(_accumulations(src, stmt, line0, sc))
    # one name exchanged everywhere on the line (`x * x * x` -> `d * d * d`)
    counts: dict[str, int] = {}
    for n in line_names:
        counts[n.id] = counts.get(n.id, 0) + 1
    for name, c in counts.items():
        if c < 2 or name not in sc.names:
            continue
        for s in sc.names:
            if s != name and (s in sc.pointers) == (name in sc.pointers):
                new = _rename(src.lines[line0], stmt, name, s)
                if new is not None:
                    out.append(Rewrite("all_name", f"line {line0 + 1}: every `{name}` -> `{s}`", new))
    return out


def _accumulations(src: Src, stmt: ast.AST, line0: int, sc: _Scope) -> list[Rewrite]:
    """`acc = e` where `acc += e` was meant (a carry or accumulator overwritten on each pass of a
    loop), and the reverse: only for a name the function holds before the line."""
    text = src.lines[line0]
    if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name):
        name, pattern, repl = stmt.targets[0].id, r"^(\s*)(\w+)\s*=(?!=)\s*", r"\1\2 += "
    elif isinstance(stmt, ast.AugAssign) and isinstance(stmt.op, ast.Add) and isinstance(stmt.target, ast.Name):
        name, pattern, repl = stmt.target.id, r"^(\s*)(\w+)\s*\+=\s*", r"\1\2 = "
    else:
        return []
    if name not in sc.names or stmt.lineno - 1 != line0 or (stmt.end_lineno or stmt.lineno) != stmt.lineno:
        return []
    new = re.sub(pattern, repl, text, count=1)
    if new == text or not new.strip().startswith(name):
        return []
    return [Rewrite("accumulate", f"line {line0 + 1}: `{text.strip()[:60]}` -> `{new.strip()[:60]}`", new)]


_REDUCE = {"tl.sum", "tl.max", "tl.min", "tl.argmax", "tl.argmin", "tl.cumsum", "tl.cumprod", "tl.xor_sum"}


def _axis_kw(call: ast.Call) -> ast.keyword | None:
    kw = next((kw for kw in call.keywords if kw.arg == "axis"), None)
    ok = kw is not None and isinstance(kw.value, ast.Constant) and kw.value.value in (0, 1)
    return kw if ok else None


def _flipped_fill(call: ast.Call) -> str | None:
    """`call` (a max / min reduction over `tl.where(c, x, -inf)`) with the fill's sign flipped."""
    arg = call.args[0]
    if not (isinstance(arg, ast.Call) and ast.unparse(arg.func) == "tl.where" and len(arg.args) == 3):
        return None
    fill = ast.unparse(arg.args[2])
    flips = {'float("-inf")': 'float("inf")', "float('-inf')": 'float("inf")', 'float("inf")': 'float("-inf")',
             "float('inf')": 'float("-inf")', "-1e30": "1e30", "1e30": "-1e30", "-1e+30": "1e30", "1e+30": "-1e30"}
    if fill not in flips:
        return None
    copy = ast.parse(ast.unparse(call), mode="eval").body
    copy.args[0].args[2] = ast.parse(flips[fill], mode="eval").body
    return ast.unparse(copy)


def _reduce_axes(stmt: ast.AST) -> Iterator[tuple[ast.expr, str, str]]:
    """One reduction of a 2-D tile along its other axis (`axis=` is never a rewrite's node): alone, and
    with the broadcast applied to its result on the line flipped (`tl.maximum(tl.sum(p, axis=0), eps)[None, :]`
    -> `tl.maximum(tl.sum(p, axis=1), eps)[:, None]`)."""
    parents = parent_map(stmt)
    for call in nodes_of(stmt, ast.Call):
        kw = _axis_kw(call)
        if kw is None or ast.unparse(call.func) not in _REDUCE:
            continue
        other = 1 - kw.value.value
        what = f"`{ast.unparse(call)}` along axis {other}"
        flipped = ast.parse(ast.unparse(call), mode="eval").body
        next(k for k in flipped.keywords if k.arg == "axis").value = ast.Constant(other)
        yield call, ast.unparse(flipped), what
        node, sub = call, parents.get(id(call))
        while isinstance(sub, (ast.Call, ast.BinOp, ast.UnaryOp)) and ast.unparse(getattr(sub, "func", sub)) not in _REDUCE:
            node, sub = sub, parents.get(id(sub))  # through element-wise wrappers
        if isinstance(sub, ast.Subscript) and sub.value is node and _broadcast(sub):
            copy = ast.parse(ast.unparse(sub), mode="eval").body  # the same walk order as `sub`
            at = [id(n) for n in ast.walk(sub)].index(id(kw.value))
            list(ast.walk(copy))[at].value = other
            yield sub, _flip(copy), f"{what}, its broadcast flipped"


_ALLOCS = {"empty", "zeros", "ones", "full", "new_empty", "new_zeros", "new_full", "randn", "reshape", "view"}


def _in_shape(n: ast.expr, stmt: ast.AST) -> bool:
    """`n` is a size (a name, a shape's entry or arithmetic; not a literal) in a tensor allocation's
    shape on the host."""
    if not isinstance(n, (ast.Name, ast.BinOp, ast.Subscript)):
        return False
    for c in nodes_of(stmt, ast.Call):
        if not (isinstance(c.func, ast.Attribute) and c.func.attr in _ALLOCS):
            continue
        sizes = c.args[:1] if c.func.attr in ("full", "new_full") else c.args  # full's second is the fill
        for a in sizes:
            if any(e is n for e in (a.elts if isinstance(a, (ast.Tuple, ast.List)) else [a])):
                return True
    return False


def _sizes(n: ast.expr) -> list[str]:
    """Other sizes of the same tensor: `t.numel()` <-> `t.shape[0]`, `t.shape[-1]`, `t.shape[1]`."""
    if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "numel" and not n.args:
        t = ast.unparse(n.func.value)
        return [f"{t}.shape[0]", f"{t}.shape[-1]"]
    if (isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute) and n.value.attr == "shape"
            and isinstance(n.slice, (ast.Constant, ast.UnaryOp))):
        t, i = ast.unparse(n.value.value), ast.unparse(n.slice)
        return [f"{t}.numel()", *(f"{t}.shape[{j}]" for j in ("0", "1", "-1") if j != i)]
    return []


def _exchanges(src: Src, stmt: ast.AST, line0: int, sc: _Scope, out: list[Rewrite], names_too: bool = True) -> None:
    """Two names of the line exchanged (`j * C + cs` -> `cs * C + j`): an index's two terms in each
    other's place, which no single rename reaches. `names_too=False`: attributes and sizes only."""
    text = src.lines[line0]
    names = [n for n in nodes_of(stmt, ast.Name) if isinstance(n.ctx, ast.Load) and n.lineno - 1 == line0
             and n.id in sc.names and n.id not in sc.pointers] if names_too else []
    # and two module attributes (a clip range's bounds passed as 1 - self.eps_high, 1 + self.eps_low)
    attrs = [n for n in nodes_of(stmt, ast.Attribute) if isinstance(n.ctx, ast.Load) and n.lineno - 1 == line0
             and n.end_lineno == n.lineno and isinstance(n.value, ast.Name) and n.value.id == "self"]
    # and two sizes or strides read on the line (`t.stride(1), t.stride(0)` passed in each other's place)
    sizes = [n for n in nodes_of(stmt, ast.Call, ast.Subscript) if n.lineno - 1 == line0 and n.end_lineno == n.lineno and (
        (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr in ("stride", "size"))
        or (isinstance(n, ast.Subscript) and isinstance(n.value, ast.Attribute) and n.value.attr == "shape"))]
    for group, key in ((names, lambda n: n.id), (attrs, ast.unparse), (sizes, ast.unparse)):
        ids = list(dict.fromkeys(key(n) for n in group))
        for i, a in enumerate(ids):
            for b in ids[i + 1:]:
                new = text
                for n in sorted(group, key=lambda x: -x.col_offset):
                    if key(n) in (a, b):
                        new = new[:n.col_offset] + (b if key(n) == a else a) + new[n.end_col_offset:]
                out.append(Rewrite("exchange", f"line {line0 + 1}: exchange `{a}` and `{b}`", new))
    if names_too:
        _local_exchanges(text, stmt, line0, names, out)


def _local_exchanges(text: str, stmt: ast.AST, line0: int, names: list[ast.Name], out: list[Rewrite]) -> None:
    """Two names exchanged inside one term of the line only (`p * r + q * s` -> `p * s + q * r` where
    `p * r` stands beside it too): a cross term written with its partners' places swapped."""
    made = {r.line for r in out}
    value = getattr(stmt, "value", None)
    for node in nodes_of(stmt, ast.BinOp):
        if node is value or node.lineno - 1 != line0 or node.end_lineno != node.lineno:
            continue
        inside = [n for n in names if node.col_offset <= n.col_offset and n.end_col_offset <= node.end_col_offset]
        ids = list(dict.fromkeys(n.id for n in inside))
        for i, a in enumerate(ids):  # where a and b occur in it alone, the whole line's exchange made it: skipped
            for b in ids[i + 1:]:
                new = text
                for n in sorted(inside, key=lambda x: -x.col_offset):
                    if n.id in (a, b):
                        new = new[:n.col_offset] + (b if n.id == a else a) + new[n.end_col_offset:]
                if new not in made:
                    made.add(new)
                    out.append(Rewrite("exchange", f"line {line0 + 1}: exchange `{a}` and `{b}` in "
                                                   f"`{ast.unparse(node)}`", new))


def _running_maxes(src: Src, line0: int) -> list[str]:
    """Names a kernel assigns from tl.maximum / tl.max before or on `line0`'s loop body: stabilisers."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    out = []
    for n in ast.walk(k.node):
        if (isinstance(n, ast.Assign) and len(n.targets) == 1 and isinstance(n.targets[0], ast.Name)
                and isinstance(n.value, ast.Call) and ast.unparse(n.value.func) in ("tl.maximum", "tl.max")
                and n.targets[0].id not in out):
            out.append(n.targets[0].id)
    return out[:3]


def _host_sizes(src: Src, line0: int) -> list[str]:
    """Names a host function assigns from a tensor's sizes before `line0` (`D = y.shape[-1]`)."""
    fn = _function_of(src, line0)
    out: list[str] = []
    for n in ast.walk(fn) if fn is not None else ():
        if isinstance(n, ast.Assign) and n.lineno - 1 < line0 and re.search(r"\.shape\b|\.size\(|\.numel\(", ast.unparse(n.value)):
            for t in n.targets:
                out += [x.id for x in nodes_of(t, ast.Name) if x.id not in out]
    return out[:6]


def _attributes(src: Src) -> list[str]:
    """`self.x` attributes the module sets from a constructor argument or a number (`self.eps = eps`)."""
    out: list[str] = []
    for n in ast.walk(src.tree):
        if not isinstance(n, ast.Assign):
            continue
        pairs = [(t, n.value) for t in n.targets]
        for target in n.targets:  # `self.a, self.b = a, b`
            if isinstance(target, ast.Tuple) and isinstance(n.value, ast.Tuple) and len(target.elts) == len(n.value.elts):
                pairs += list(zip(target.elts, n.value.elts))
        for t, v in pairs:
            if (isinstance(v, (ast.Name, ast.Constant)) and isinstance(t, ast.Attribute)
                    and isinstance(t.value, ast.Name) and t.value.id == "self" and f"self.{t.attr}" not in out):
                out.append(f"self.{t.attr}")
    return out


def _all_compares(src: Src, stmt: ast.AST, line0: int, out: list[Rewrite]) -> None:
    """A comparison written the same wrong way at every place on the line (`(a > 0) != (b > 0)` ->
    `(a >= 0) != (b >= 0)`): one fault, two sites, neither half better on its own."""
    text = src.lines[line0]
    sites: dict[type, list[ast.Compare]] = {}
    for n in nodes_of(stmt, ast.Compare):
        if len(n.ops) == 1 and n.lineno - 1 == line0 and n.end_lineno == n.lineno:
            sites.setdefault(type(n.ops[0]), []).append(n)
    for op, nodes in sites.items():
        if len(nodes) < 2:
            continue
        for alt in _CMP.get(op, ()):
            new = text
            for n in sorted(nodes, key=lambda x: -x.col_offset):
                seg = ast.unparse(ast.Compare(n.left, [alt()], n.comparators))
                new = new[:n.col_offset] + seg + new[n.end_col_offset:]
            out.append(Rewrite("all_op", f"line {line0 + 1}: every `{ast.unparse(nodes[0]).split()[1]}` -> "
                               f"`{seg.split()[1]}`", new))


class _Fill(ast.NodeTransformer):
    def __init__(self, node: ast.expr):
        self.node = node

    def visit_Name(self, name: ast.Name) -> ast.expr:
        return self.node if name.id == "E" else name


def _fill(template: str, node: ast.expr) -> str:
    """`template` with its `E` standing for `node`, parenthesised only where it must be."""
    return ast.unparse(_Fill(node).visit(ast.parse(template, mode="eval")).body)


def _same_code(a: str, b: str) -> bool:
    try:
        return ast.dump(ast.parse(a.strip())) == ast.dump(ast.parse(b.strip()))
    except SyntaxError:
        return False


def _rename(text: str, stmt: ast.AST, old: str, new: str) -> str | None:
    cols = sorted((n.col_offset, n.end_col_offset) for n in nodes_of(stmt, ast.Name)
                  if n.id == old and isinstance(n.ctx, ast.Load) and n.lineno == stmt.lineno)
    for a, b in reversed(cols):
        text = text[:a] + new + text[b:]
    return text if cols else None


def _regroupings(n: ast.BinOp) -> Iterator[str]:
    """`(a op1 b) op2 c` <-> `a op1 (b op2 c)`: the grouping of three terms moved."""
    if isinstance(n.left, ast.BinOp):
        a, b, c = n.left.left, n.left.right, n.right
        yield ast.unparse(ast.BinOp(a, n.left.op, ast.BinOp(b, n.op, c)))
    if isinstance(n.right, ast.BinOp):
        a, b, c = n.left, n.right.left, n.right.right
        yield ast.unparse(ast.BinOp(ast.BinOp(a, n.op, b), n.right.op, c))


def _small_power(n: ast.BinOp) -> bool:
    """`e * 2`, `e * 3`, `e ** 2`, `e ** 3`: where a power and a product are one keystroke apart."""
    return isinstance(n.op, (ast.Mult, ast.Pow)) and isinstance(n.right, ast.Constant) \
        and type(n.right.value) is int and n.right.value in (2, 3)


def _conjuncts(n: ast.BinOp, sc: _Scope, add) -> None:
    """A mask missing a condition its siblings have: a conjunct copied with one name exchanged."""
    parts: list[ast.expr] = []

    def flat(e: ast.expr) -> None:
        if isinstance(e, ast.BinOp) and isinstance(e.op, ast.BitAnd):
            flat(e.left)
            flat(e.right)
        else:
            parts.append(e)

    flat(n)
    have = {ast.unparse(p) for p in parts}
    text = ast.unparse(n)
    for p in parts:
        for m in {x.id for x in nodes_of(p, ast.Name)}:
            for s in sc.names:
                if s == m or s in sc.pointers:
                    continue
                new = ast.unparse(_Renamer(m, s).visit(ast.parse(ast.unparse(p), mode="eval")).body)
                if new not in have:
                    add("conjunct" if _similar(m, s) else "conjunct_any", n, f"({text} & ({new}))",
                        f"mask `{text}` & `{new}`")


class _Renamer(ast.NodeTransformer):
    def __init__(self, old: str, new: str):
        self.old, self.new = old, new

    def visit_Name(self, node: ast.Name) -> ast.Name:
        return ast.Name(self.new, node.ctx) if node.id == self.old else node


_PARTNER_OPS = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*", ast.Div: "/"}


def _partner_forms(src: Src, line0: int, name: str, sc: _Scope, most: int = 8) -> list[tuple[str, int]]:
    """(template, times written) for `E op s` / `s op E` where the function combines the value name `s`
    by `op` with some other operand (`left - gap` where `up - gap` is written, `y / f` beside `cpn / f`):
    a term the line lost is most often one the kernel writes elsewhere. The `most` written most often;
    a name's own square is a wrap, not a partner."""
    fn = _function_of(src, line0)
    if fn is None or name in sc.pointers:
        return []
    key = ("partners", id(fn))
    forms = src.cache.get(key)
    if forms is None:
        written: dict[tuple[str, str], int] = {}
        for b in ast.walk(fn):
            sym = _PARTNER_OPS.get(type(b.op)) if isinstance(b, ast.BinOp) else None
            if sym is None:
                continue
            for side, operand in (("right", b.right), ("left", b.left)):
                # a name, or a name broadcast (`m[:, None]`: a row's max against its [rows, cols] tile)
                base = operand if isinstance(operand, ast.Name) else operand.value if (
                    isinstance(operand, ast.Subscript) and isinstance(operand.value, ast.Name)
                    and "None" in ast.unparse(operand.slice)) else None
                if isinstance(base, ast.Name):
                    text = ast.unparse(operand)
                    t = f"E {sym} {text}" if side == "right" or sym in "+*" else f"{text} {sym} E"
                    written[(t, base.id)] = written.get((t, base.id), 0) + 1
        forms = sorted(written.items(), key=lambda kv: -kv[1])
        src.cache[key] = forms
    # a value takes a value for partner, an index an index (`lanes * stride` is no term of a price)
    values = set(_value_names(src, line0, sc, ""))
    return [(t, n) for (t, s), n in forms if s != name and s in sc.names and s not in sc.pointers
            and (s in values) == (name in values)][:most]


def _function_of(src: Src, line0: int) -> ast.AST | None:
    k = src.kernel_at(line0)
    return k.node if k is not None else next((f for f in src.host_functions
                                              if f.lineno <= line0 + 1 <= (f.end_lineno or f.lineno)), None)


def _with_definitions(src: Src, lines: list[tuple[int, float]], top: int = 3) -> list[tuple[int, float]]:
    """The suspected lines, and after each of the `top` first the lines that define what it reads
    (a load's mask, a store's offsets): a fault is often one step up the data flow from where it
    shows."""
    score = dict(lines)
    # lines tied with the last of the `top` come too: four stores of one packed output score alike, and
    # which three made the cut was the order they were written in
    cut = lines[top - 1][1] if len(lines) >= top else None
    frontier = [t for i, t in enumerate(lines) if i < top or t[1] == cut]
    for factor in (0.9, 0.8):  # two steps up: `t` feeds `dx`, which feeds the store's value
        step = {}
        for line0, s in frontier:
            stmt = _statement(src, line0)
            if stmt is None:
                continue
            reads = {n.id for r in _roots(stmt) for n in nodes_of(r, ast.Name)}
            for n in ast.walk(src.tree):
                if (isinstance(n, (ast.Assign, ast.AugAssign)) and n.lineno - 1 < line0
                        and _function_of(src, n.lineno - 1) is _function_of(src, line0)
                        and {t.id for t in nodes_of(n, ast.Name) if isinstance(t.ctx, ast.Store)} & reads):
                    step[n.lineno - 1] = max(step.get(n.lineno - 1, 0.0), factor * s)
            # a kernel parameter: where the host computes it, as suspect as the line that reads it (the value
            # arrives unchanged; localization ranks host lines below every kernel line)
            for host_line in _param_sources(src, line0, reads):
                step[host_line] = max(step.get(host_line, 0.0), s)
        for line0, s in step.items():
            score.setdefault(line0, s)
        frontier = sorted(step.items(), key=lambda t: -t[1])
    return sorted(score.items(), key=lambda t: -t[1])


def _param_sources(src: Src, line0: int, reads: set[str]) -> list[int]:
    """For a kernel line that reads kernel parameters: the host lines that compute what the launches pass
    for them (`scale = T ** -0.5` for a kernel's `* scale`), or the launch line where the value is an
    expression made there (`1.0 / self.gamma`)."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    out: list[int] = []
    for launch in (la for la in src.launches if la.kernel == k.name):
        # constexprs too (a window's radius R), but not the tile shapes, whose edits are block_pow2's
        for p in reads & set(k.params) - {c for c in k.constexpr if re.match(r"(?i)block|num_|bs_|tile", c)}:
            arg = src.launch_arg(launch, p)
            if arg is None:
                continue
            if not isinstance(arg, ast.Name):
                out.append(arg.lineno - 1)
                continue
            fn = _function_of(src, launch.line)
            defs = [n for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign)) and n.lineno - 1 < launch.line
                    and arg.id in {t.id for t in nodes_of(n, ast.Name) if isinstance(t.ctx, ast.Store)}] if fn else []
            if defs:
                out.append(max(defs, key=lambda n: n.lineno).lineno - 1)
    return sorted(set(out))


def _line_edit(kind: str, description: str, line0: int, line: str) -> Edit:
    """A rewrite of one line as a combinable hunk."""
    return Edit(operator=f"grammar_{kind}", family=FAMILY, description=description, start=line0, stop=line0 + 1,
                lines=(line,), cost=3)


def _launch_scalar_lines(src: Src, limit: int = 6) -> list[int]:
    """The host lines (0-based) that compute the scalars a kernel launch passes, following what they
    read back through the function (`low = math.floor(...)`; `float(low)` is passed): a host-side
    fault is there, and localization ranks host lines below the kernel's."""
    out: list[int] = []
    for fn in src.host_functions:
        launches = [n for n in ast.walk(fn) if isinstance(n, ast.Call) and isinstance(n.func, ast.Subscript)
                    and isinstance(n.func.value, ast.Name) and n.func.value.id in src.kernels]
        want = {m.id for c in launches for a in c.args for m in nodes_of(a, ast.Name)}
        # a scalar computed in the launch itself (`self.amount / 100.0`, `8 - self.bits`)
        out += [a.lineno - 1 for c in launches for a in [*c.args, *(k.value for k in c.keywords)]
                if isinstance(a, (ast.Attribute, ast.BinOp, ast.UnaryOp)) and a.lineno - 1 not in out]
        defs = [n for n in ast.walk(fn) if isinstance(n, (ast.Assign, ast.AugAssign))]
        for _ in range(3):  # three steps back along the data flow
            for d in defs:
                targets = {t.id for t in nodes_of(d, ast.Name) if isinstance(t.ctx, ast.Store)}
                value = d.value
                # a scalar: not an allocation, a view or a contiguous copy of a tensor
                if targets & want and not any(isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                                              and c.func.attr in _ALLOCS | {"contiguous", "empty_like", "zeros_like"}
                                              for c in nodes_of(value, ast.Call)):
                    if d.lineno - 1 not in out:
                        out.append(d.lineno - 1)
                    want |= {m.id for m in nodes_of(value, ast.Name)}
    return sorted(set(out))[:limit]


def _global_rewrites(src: Src, lines: list[tuple[int, float]]) -> list[tuple[float, int, Edit]]:
    """terms.column_offsets, terms.divmod_divisors and structure's index-sum parities and coefficient
    sets on every kernel line (each is rare, and suspect wherever it is), and the exchanges of a launch's
    attributes."""
    score = dict(lines)
    top = max(score.values() or [1.0]) or 1.0
    out = []
    indices: dict[str, set[str]] = {}  # per kernel: its index names, masks left out (one walk each)
    for line0 in range(len(src.lines)):
        k = src.kernel_at(line0)
        stmt, sc = (_statement(src, line0), _scope(src, line0)) if k else (None, None)
        if stmt is None or sc is None or not src.lines[line0].isascii():
            continue
        if k.name not in indices:
            indices[k.name] = terms._index_names(k.node) - _mask_names(src, line0)
        index = indices[k.name]
        for kind, node, new, what in [*terms.column_offsets(src, line0, stmt, sc.pointers),
                                      *terms.divmod_divisors(src, line0, stmt, sc.pointers),
                                      *structure.index_sums(stmt, index, sc.names),
                                      *structure.constant_families(stmt)]:
            e = _swap(src, node, new, what)
            if e is not None and e[1] == line0:
                prio = WEIGHT[kind] * (0.5 + 0.5 * score.get(line0, 0.5 * top) / top)
                out.append((round(prio, 4), line0, _line_edit(kind, e[0], line0, e[3][0])))
    # two module attributes or sizes a launch passes in each other's place (`self.p0, self.r`): few, and
    # a launch line ranks below every kernel line however wrong its arguments are
    for launch in src.launches:
        stmt, sc = _statement(src, launch.line), _scope(src, launch.line)
        if stmt is None or sc is None:
            continue
        for line0 in range(stmt.lineno - 1, stmt.end_lineno or stmt.lineno):
            found: list[Rewrite] = []
            _exchanges(src, stmt, line0, sc, found, names_too=False)
            prio = WEIGHT["exchange"] * (0.5 + 0.5 * max(score.get(line0, 0.0), 0.6 * top) / top)
            out += [(round(prio, 4), line0, _line_edit(r.kind, r.description, line0, r.line)) for r in found]
    return out


_TOKENS = re.compile(r"\w+|[^\w\s]")


def _parallel_lines(src: Src, line0: int) -> list[tuple[int, dict[str, str]]]:
    """The lines of line0's function written like it for other names or numbers (`a1 = x1` beside
    `a0 = x0`, the lanes of an unrolled loop): (line, line0's token -> that line's)."""
    toks0 = _TOKENS.findall(src.lines[line0])
    fn = _function_of(src, line0)
    out = []
    for other, text in enumerate(src.lines):
        toks = _TOKENS.findall(text)
        if other == line0 or len(toks) != len(toks0) or _function_of(src, other) is not fn:
            continue
        mapping: dict[str, str] = {}
        for a, b in zip(toks0, toks):
            if a != b and (not (a[0].isalnum() or a[0] == "_") or not (b[0].isalnum() or b[0] == "_")
                           or mapping.setdefault(a, b) != b):
                break
        else:
            if mapping and len(set(mapping.values())) == len(mapping) and not set(mapping) & {"tl", "triton", "self"}:
                out.append((other, mapping))
    return out


def _group_edits(src: Src, raw: list[tuple[float, int, Edit]], top: int = 400) -> list[tuple[float, int, Edit]]:
    """The best rewrites of a line with parallel lines made on all of them alike (every lane's
    `a_i = x_i` missing its `tl.abs`): a fault copied to each lane moves the error only when all
    are fixed."""
    groups: dict[int, list[tuple[int, dict[str, str]]]] = {}
    out = []
    for prio, line0, e in raw[:top]:
        if e.stop != e.start + 1:
            continue
        peers = groups.setdefault(line0, _parallel_lines(src, line0) if src.kernel_at(line0) else [])
        if not peers:
            continue
        old, new = src.lines[line0], e.lines[0]
        if any(_TOKENS.findall(old).count(k) != _TOKENS.findall(new).count(k) for m in (dict(peers[0][1]),)
               for k in m if k[0].isdigit()):
            continue  # the rewrite added or took a number the lanes differ by: no one analog
        lo, hi = min([line0] + [o for o, _ in peers]), max([line0] + [o for o, _ in peers])
        lines = list(src.lines[lo:hi + 1])
        lines[line0 - lo] = new
        for other, mapping in peers:
            lines[other - lo] = re.sub(r"\b\w+\b", lambda m, mp=mapping: mp.get(m.group(0), m.group(0)), new)
        what = f"{e.description} (and alike on lines {', '.join(str(o + 1) for o, _ in peers)})"
        out.append((round(prio * 0.9, 4), line0, Edit(operator=e.operator, family=FAMILY, description=what,
                                                      start=lo, stop=hi + 1, lines=tuple(lines), cost=3)))
    return out


def _analog_numbers(src: Src, lines: list[tuple[int, float]]) -> list[tuple[float, int, Edit]]:
    """A line whose numbers differ from its parallel line's (`att = exp(-1.0 / (attack_ms * sr))`
    beside `rel = exp(-1000.0 / (release_ms * sr))`): each takes the other's, on every kernel and
    host line (a constant copied and half edited is suspect wherever it is)."""
    score = dict(lines)
    top = max(score.values() or [1.0]) or 1.0
    out = []
    for line0 in range(len(src.lines)):
        if src.scope_of(line0) not in ("kernel", "host") or not src.lines[line0].isascii():
            continue
        for other, mapping in _parallel_lines(src, line0):
            numbers = {a: b for a, b in mapping.items() if a[0].isdigit()}
            if not numbers:
                continue
            text = src.lines[line0]
            new = re.sub(r"\b\w+\b", lambda m: numbers.get(m.group(0), m.group(0)), text)
            if new == text or not src.lines[other].isascii():
                continue
            what = f"line {line0 + 1}: the numbers of its analog, line {other + 1}: `{new.strip()}`"
            prio = WEIGHT["analog_number"] * (0.5 + 0.5 * score.get(line0, 0.5 * top) / top)
            out.append((round(prio, 4), line0, _line_edit("analog_number", what, line0, new)))
    return out


def grammar_edits(source: str, sites: list[tuple[int, float]], *, max_lines: int = 10, limit: int = 2000,
                  skip: set[str] | None = None, start: int = 0) -> list[tuple[float, Edit, str]]:
    """(priority, edit, new source) for the rewrites of the `max_lines` most suspected lines of a
    kernel or a host function (past the `start` most suspected: a later tier), best first; sources
    in `skip` (already screened) are left out."""
    try:
        src = Src(source)
    except SyntaxError:
        return []
    lines = [(ln - 1, s) for ln, s in sites if 0 <= ln - 1 < len(src.lines)
             and src.scope_of(ln - 1) in ("kernel", "host", "cuda")][start:start + max_lines]
    lines = _with_definitions(src, lines)
    top = max([s for _, s in lines] or [1.0]) or 1.0
    have = {ln for ln, _ in lines}
    if start == 0:
        lines += [(ln, 0.6 * top) for ln in _launch_scalar_lines(src) if ln not in have]
    raw: list[tuple[float, int, Edit]] = []
    for rank, (line0, score) in enumerate(lines):
        seen: dict[str, int] = {}
        if src.scope_of(line0) == "cuda":  # a load_inline kernel's C line: its tokens, not Python's AST
            made = [Rewrite(kind, what, text) for kind, what, text in cgrammar.rewrites(src, line0)]
        else:
            made = rewrites(src, line0)
        for r in made:
            # the k-th rewrite of one kind on one line weighs less: a line's dozens of wraps do not
            # push every other kind of every other line past the limit
            seen[r.kind] = seen.get(r.kind, 0) + 1
            prio = r.weight * (0.5 + 0.5 * score / top) / (1.0 + 0.05 * rank) / (1.0 + 0.02 * (seen[r.kind] - 1))
            raw.append((round(prio, 4), line0, _line_edit(r.kind, r.description, line0, r.line)))
    raw += _global_rewrites(src, lines) + _analog_numbers(src, lines)
    raw.sort(key=lambda t: (-t[0], t[1]))
    raw += _group_edits(src, raw)
    raw.sort(key=lambda t: (-t[0], t[1]))
    out: list[tuple[float, Edit, str]] = []
    made = set(skip or ()) | {source}
    for prio, _l, e in raw:
        new = e.apply(source)
        if new in made or not parses(new):
            continue
        made.add(new)
        out.append((prio, e, new))
        if len(out) >= limit:
            break
    return out
