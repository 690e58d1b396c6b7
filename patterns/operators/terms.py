"""Grammar rewrites that reach past one node: slips in how a line's terms, factors and the host's
scalars are put together.

- two terms of a sum with their signs exchanged (`a*d + b*c - c*b` written where `a*d - b*c + c*b`
  was meant: the operand order of a cross or Hamilton product);
- a term of a sum missing its factor: a kernel's scalar parameter (a temperature, a weight) that
  multiplies a term nested inside the line (`q - logp` for `q - tau * logp`);
- a line's value missing a term made of two scalar parameters (`- alpha * beta`);
- a scale applied to a whole sum where it belonged to one term (`(g + wd * p) / denom` for
  `g / denom + wd * p`; `(qk + bias) * scale` for `qk * scale + bias`);
- an exponent's or a logarithm's argument missing a scalar parameter's factor (`exp(-(cos - m))` for
  `exp(-alpha * (cos - m))`);
- a subexpression recomputed where the name that holds its finished value was meant (`idx // HW`
  for `c = g * cpg + idx // HW`; `s * x` for `z`, the margin-adjusted and masked `s * x`);
- an address's constant column offset copied from a sibling load (`+ 1` twice, `+ 3` never);
- a flat index split with two different divisors (`offs % W`, `offs // H`);
- on the host, a module attribute read where its sibling was meant (`self.beta1` for `self.beta2`)
  or used where its complement, inverse or negation was meant (`p` for `1 - p`, `1 / p`; `** power`
  for `** -power`).

Each yields (kind, node, new text, description) for grammar.rewrites, which swaps the node's text.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator

from kagent.patterns.operators.base import Src, nodes_of, parent_map

Proposal = tuple[str, ast.expr, str, str]


def _signed_terms(n: ast.expr, sign: int = 1) -> list[tuple[int, ast.expr]]:
    if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub)):
        right = -sign if isinstance(n.op, ast.Sub) else sign
        return _signed_terms(n.left, sign) + _signed_terms(n.right, right)
    if isinstance(n, ast.UnaryOp) and isinstance(n.op, ast.USub):
        return _signed_terms(n.operand, -sign)
    return [(sign, n)]


def _sum_text(terms: list[tuple[int, ast.expr]]) -> str:
    sign, first = terms[0]
    expr: ast.expr = first if sign > 0 else ast.UnaryOp(ast.USub(), first)
    for sign, t in terms[1:]:
        expr = ast.BinOp(expr, ast.Add() if sign > 0 else ast.Sub(), t)
    return ast.unparse(expr)


def _sum_tops(root: ast.expr) -> Iterator[ast.BinOp]:
    """The top node of each chain of `+` / `-` in `root` (a sum inside a longer sum is taken at its top)."""
    parents = parent_map(root)
    for n in ast.walk(root):
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Add, ast.Sub))):
            continue
        p = parents.get(id(n))
        if not (isinstance(p, ast.BinOp) and isinstance(p.op, (ast.Add, ast.Sub))):
            yield n


def sign_pairs(root: ast.expr) -> Iterator[Proposal]:
    """Every sum of three or more terms with two of its terms' signs flipped at once (one flip alone
    is the `op` rewrite's)."""
    for n in _sum_tops(root):
        terms = _signed_terms(n)
        if len(terms) < 3 or len(terms) > 8:
            continue
        for i in range(len(terms)):
            for j in range(i + 1, len(terms)):
                new = [(-s, t) if k in (i, j) else (s, t) for k, (s, t) in enumerate(terms)]
                text = _sum_text(new)
                yield "term_signs", n, f"({text})", f"signs of `{ast.unparse(terms[i][1])}` and `{ast.unparse(terms[j][1])}` flipped"


def _index_names(fn: ast.AST) -> set[str]:
    """Locals computed from program ids and aranges (offsets, rows, columns), followed through the
    assignments in order."""
    out: set[str] = set()
    for n in ast.walk(fn):
        if isinstance(n, ast.Assign):
            reads = {ast.unparse(c.func) for c in nodes_of(n.value, ast.Call)} | {m.id for m in nodes_of(n.value, ast.Name)}
            if reads & ({"tl.program_id", "tl.arange"} | out) and "tl.load" not in reads:  # data is not an index
                out |= {t.id for tgt in n.targets for t in nodes_of(tgt, ast.Name)}
    return out


def _scalar_params(src: Src, line0: int) -> list[str]:
    """The kernel's runtime scalar parameters that scale values: not pointers, not constexpr, not a
    stride, a size or a bound (a name compared against, or in an address)."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    index = _index_names(k.node)
    bounds: set[str] = set()
    for n in ast.walk(k.node):
        if isinstance(n, ast.Compare) and {m.id for m in nodes_of(n, ast.Name)} & index:  # a mask's bound
            bounds |= {m.id for m in nodes_of(n, ast.Name)}
        elif isinstance(n, ast.Call) and ast.unparse(n.func) in ("tl.load", "tl.store", "tl.atomic_add") and n.args:
            bounds |= {m.id for m in nodes_of(n.args[0], ast.Name)}
        elif isinstance(n, ast.Call) and ast.unparse(n.func) in ("range", "tl.range", "tl.static_range"):
            bounds |= {m.id for m in nodes_of(n, ast.Name)}
    return [p for p in k.params if p not in k.constexpr and "ptr" not in p.lower() and "stride" not in p.lower()
            and p not in bounds]


def missing_factors(src: Src, line0: int, root: ast.expr, pointers: set[str]) -> Iterator[Proposal]:
    """A name that is a term of a sum in the line multiplied by one of the kernel's scalar parameters
    (`g + diff` -> `g + b2 * diff`; the line's top itself scaled is grammar's `extend`)."""
    scalars = _scalar_params(src, line0)
    if not scalars:
        return
    parents = parent_map(root)
    for n in ast.walk(root):
        p = parents.get(id(n))
        if (not isinstance(n, ast.Name) or n.id in pointers or n.id in scalars
                or not (isinstance(p, ast.BinOp) and isinstance(p.op, (ast.Add, ast.Sub)))):
            continue
        for s in scalars:
            yield "factor", n, f"({s} * {n.id})", f"`{n.id}` -> `{s} * {n.id}`"


def missing_products(src: Src, line0: int, root: ast.expr) -> Iterator[Proposal]:
    """The line's value missing a term that is the product of two of the kernel's scalar parameters
    (`gamma * d + c` for `gamma * d + c - alpha * beta`: a constant that makes two branches meet)."""
    scalars = _scalar_params(src, line0)
    text = ast.unparse(root)
    for i, a in enumerate(scalars):
        for b in scalars[i + 1:]:
            for op in ("+", "-"):
                yield "product_term", root, f"{text} {op} {a} * {b}", f"`{text}` {op} `{a} * {b}`"


def scaled_terms(root: ast.expr) -> Iterator[Proposal]:
    """A product or quotient whose sum side (2-4 terms) should have been scaled in one term only: each
    term scaled alone, the others left as they are."""
    for n in ast.walk(root):
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Mult, ast.Div))):
            continue
        sides = [(n.left, n.right, True)] + ([(n.right, n.left, False)] if isinstance(n.op, ast.Mult) else [])
        for total, scale, left in sides:
            terms = _signed_terms(total) if isinstance(total, ast.BinOp) else []
            if not 2 <= len(terms) <= 4:
                continue
            for i, (sign, t) in enumerate(terms):
                one = ast.BinOp(t, n.op, scale) if left else ast.BinOp(scale, n.op, t)
                new = _sum_text([(s, one) if k == i else (s, x) for k, (s, x) in enumerate(terms)])
                yield "distribute", n, f"({new})", f"`{ast.unparse(n)}` -> `{new}`"
    yield from _absorbed_terms(root)


def _absorbed_terms(root: ast.expr) -> Iterator[Proposal]:
    """The reverse: a term of a sum (2-4 terms) that belonged inside one product's other factor
    (`acc * scale + bias` for `(acc + bias) * scale`; `gx + r * hh + b` for `gx + r * (hh + b)`)."""
    for n in _sum_tops(root):
        terms = _signed_terms(n)
        if not 2 <= len(terms) <= 4:
            continue
        for i, (si, t) in enumerate(terms):
            if not (isinstance(t, ast.BinOp) and isinstance(t.op, (ast.Mult, ast.Div))):
                continue
            factors = [(t.left, t.right, True)] + ([(t.right, t.left, False)] if isinstance(t.op, ast.Mult) else [])
            for inner, scale, left in factors:
                for j, (sj, other) in enumerate(terms):
                    if j == i:
                        continue
                    grown = ast.BinOp(inner, ast.Add() if sj == si else ast.Sub(), other)
                    prod = ast.BinOp(grown, t.op, scale) if left else ast.BinOp(scale, t.op, grown)
                    rest = [(s, prod) if k == i else (s, x) for k, (s, x) in enumerate(terms) if k != j]
                    new = _sum_text(rest)
                    yield "distribute", n, f"({new})", f"`{ast.unparse(t)}` takes in `{ast.unparse(other)}`: `{new}`"


_ARG_CALLS = ("tl.exp", "tl.exp2", "tl.log", "tl.log2", "tl.sigmoid", "tl.sin", "tl.cos")


def scaled_arguments(src: Src, line0: int, root: ast.expr) -> Iterator[Proposal]:
    """An exp / log / sigmoid argument multiplied by one of the kernel's scalar parameters it does
    not already read (a temperature, a scale, a sharpness)."""
    scalars = _scalar_params(src, line0)
    for n in ast.walk(root):
        if not (isinstance(n, ast.Call) and ast.unparse(n.func) in _ARG_CALLS and len(n.args) == 1):
            continue
        arg = n.args[0]
        inside = {m.id for m in nodes_of(arg, ast.Name)}
        neg = isinstance(arg, ast.UnaryOp) and isinstance(arg.op, ast.USub)
        body = ast.unparse(arg.operand if neg else arg)
        for s in scalars:
            if s in inside:
                continue
            new = f"{ast.unparse(n.func)}({'-' if neg else ''}{s} * ({body}))"
            yield "arg_factor", n, new, f"`{ast.unparse(n)}` -> `{new}`"


def derived_names(fn: ast.AST, line0: int, root: ast.expr, candidates: list[str],
                  skip: set[str]) -> Iterator[Proposal]:
    """A subexpression (an operation, not a lone name or a call's result) replaced by a name defined
    before the line whose value is computed from every name the subexpression reads: the finished
    value where its raw ingredients were recomputed."""
    reads: dict[str, set[str]] = {}  # name -> the names its definitions read, followed back
    for n in sorted((n for n in ast.walk(fn) if isinstance(n, ast.Assign) and n.lineno - 1 < line0),
                    key=lambda n: n.lineno):
        direct = {m.id for m in nodes_of(n.value, ast.Name)}
        full = set(direct)
        for d in direct:
            full |= reads.get(d, set())
        for t in n.targets:
            for x in nodes_of(t, ast.Name):
                reads[x.id] = reads.get(x.id, set()) | full
    for n in ast.walk(root):
        if not isinstance(n, ast.BinOp) or isinstance(n.op, (ast.BitAnd, ast.BitOr)):
            continue
        used = {m.id for m in nodes_of(n, ast.Name)}
        if not used:
            continue
        for name in [c for c in candidates if c in reads][::-1][:8]:  # the latest definitions first
            if name in skip or name in used or name not in reads or not used <= reads[name] | {name}:
                continue
            yield "derived_name", n, name, f"`{ast.unparse(n)}` -> `{name}`"


def _address_offsets(fn: ast.AST, pointers: set[str]) -> tuple[dict[str, set[int]], dict[tuple[str, int], int]]:
    """Pointer name -> the integer constants added to it in the function's loads and stores, and
    how many loads or stores add each."""
    out: dict[str, set[int]] = {}
    counts: dict[tuple[str, int], int] = {}
    for n in ast.walk(fn):
        if not (isinstance(n, ast.Call) and ast.unparse(n.func) in ("tl.load", "tl.store") and n.args):
            continue
        leaves = list(_add_leaves(n.args[0]))
        base = [x.id for x in leaves if isinstance(x, ast.Name) and x.id in pointers]
        consts = [x.value for x in leaves if isinstance(x, ast.Constant) and type(x.value) is int]
        if len(base) == 1:
            out.setdefault(base[0], set()).update(consts or [0])
            for c in consts or [0]:
                counts[(base[0], c)] = counts.get((base[0], c), 0) + 1
    return out, counts


def _add_leaves(e: ast.expr) -> Iterator[ast.expr]:
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        yield from _add_leaves(e.left)
        yield from _add_leaves(e.right)
    else:
        yield e


def column_offsets(src: Src, line0: int, stmt: ast.AST, pointers: set[str]) -> Iterator[Proposal]:
    """A load's constant offset that a sibling load of the same pointer also uses, exchanged for one
    no load uses (the columns 0..max+1): a copy-pasted column index. Every copy is suspect, so this
    runs on every line of a kernel (grammar_edits), not only the suspected ones."""
    k = src.kernel_at(line0)
    if k is None:
        return
    offsets, counts = _address_offsets(k.node, pointers)
    for n in ast.walk(stmt):
        if not (isinstance(n, ast.Call) and ast.unparse(n.func) in ("tl.load", "tl.store") and n.args):
            continue
        leaves = list(_add_leaves(n.args[0]))
        base = [x.id for x in leaves if isinstance(x, ast.Name) and x.id in pointers]
        if len(base) != 1:
            continue
        used = offsets.get(base[0], set())
        # a small matrix read element by element (a 3x3's offsets 0..8): an element of its transpose
        side = next((m for m in (2, 3, 4) if used and max(used) < m * m and max(used) >= m * (m - 1)), 0)
        for c in leaves:
            if not (isinstance(c, ast.Constant) and type(c.value) is int and c.lineno - 1 == line0):
                continue
            if side and 0 <= c.value < side * side and (t := (c.value % side) * side + c.value // side) != c.value:
                yield "transpose_offset", c, str(t), f"matrix element {c.value} -> {t} (its transpose, {side}x{side})"
            if counts.get((base[0], c.value), 0) > 1:
                for alt in range(0, max(used) + 2):
                    if alt not in used and alt not in (c.value, c.value + 1, c.value - 1, 0, 1, 2 * c.value):
                        yield "offset", c, str(alt), f"column offset {c.value} -> {alt} (no sibling load reads it)"


def divmod_divisors(src: Src, line0: int, stmt: ast.AST, pointers: set[str]) -> Iterator[Proposal]:
    """A flat index split into two coordinates with different divisors (`offs % W` and `offs // H`):
    either divisor made the other's. Runs on every kernel line, like column_offsets."""
    k = src.kernel_at(line0)
    if k is None:
        return
    splits: dict[str, dict[type, set[str]]] = {}
    for n in ast.walk(k.node):
        if isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Mod, ast.FloorDiv)) and isinstance(n.right, ast.Name):
            splits.setdefault(ast.unparse(n.left), {}).setdefault(type(n.op), set()).add(n.right.id)
    for n in ast.walk(stmt):
        if not (isinstance(n, ast.BinOp) and isinstance(n.op, (ast.Mod, ast.FloorDiv)) and isinstance(n.right, ast.Name)
                and n.lineno - 1 == line0):
            continue
        other = ast.FloorDiv if isinstance(n.op, ast.Mod) else ast.Mod
        for d in sorted(splits.get(ast.unparse(n.left), {}).get(other, set()) - {n.right.id}):
            yield "divmod", n.right, d, f"`{ast.unparse(n)}` divides by `{d}` like its sibling `{'%' if other is ast.Mod else '//'}`"


def host_attributes(stmt: ast.AST, line0: int, attributes: list[str], similar) -> Iterator[Proposal]:
    """`self.a` on a host line: another numeric attribute in its place, or its complement or inverse."""
    for n in nodes_of(stmt, ast.Attribute):
        text = ast.unparse(n)
        if text not in attributes or n.lineno - 1 != line0 or not isinstance(n.ctx, ast.Load):
            continue
        for other in attributes:
            if other != text:
                kind = "similar_attribute" if similar(n.attr, other.split(".", 1)[1]) else "other_attribute"
                yield kind, n, other, f"`{text}` -> `{other}`"
                # scaled by another (decoupled weight decay: 1 - lr * wd, not 1 - wd)
                yield "attribute_factor", n, f"({other} * {text})", f"`{text}` -> `{other} * {text}`"
        # its complement, inverse or negation; or a unit left unconverted (percent, milli-)
        # or a kernel size where its radius was meant (R = self.kernel_size // 2)
        for wrap in (f"(1.0 - {text})", f"(1.0 / {text})", f"(-{text})", f"({text} / 100.0)",
                     f"({text} / 1000.0)", f"({text} * 1000.0)", f"({text} // 2)"):
            yield "attribute_wrap", n, wrap, f"`{text}` -> `{wrap[1:-1]}`"
