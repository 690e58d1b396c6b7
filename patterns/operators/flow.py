"""Loop and data-flow operators: what a value carries across a loop, and where a statement sits.

- a value carried between loop iterations that each iteration overwrites instead of combining
  (`best = tl.max(x)` for `best = tl.maximum(best, tl.max(x))`);
- an epilogue indented into the loop (a bias added once per K block): the loop's last statements
  moved after it;
- an index found inside one block of a loop (`tl.argmax` of the tile) without the block's start;
- integer arithmetic done before the cast to float (`(q - z).to(tl.float32)` wraps in uint8);
- a host-side cap that the kernel has no loop for (`min(next_power_of_2(n), 512)`);
- a value a loop reads and never advances, where the kernel takes a parameter it never reads
  (`bw = bw * kernel_mul` left out of a bandwidth ladder), and an accumulator a loop never adds to
  where the kernel takes a pointer it never reads (a linear term's `first += tl.load(lin_ptr + idx)`);
- an online softmax's accumulator left unrescaled when the running max moves, beside a sum that is;
- a kernel loop that stores through one of two buffer pointers and never swaps them (ping-pong).

Edits replace whole statements or the source text of AST nodes; the rest stays as written.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from kagent.patterns.operators.base import Src, nodes_of, operator
from kagent.patterns.operators.exprs import _unused
from kagent.patterns.operators.generic import _replace, _stmt_at, casts_at
from kagent.patterns.operators.terms import _index_names
from kagent.patterns.operators.wiring import _unread

# how a reduction's result is combined with the value carried from earlier blocks
_COMBINE = {"tl.max": "tl.maximum({a}, {b})", "tl.min": "tl.minimum({a}, {b})", "tl.sum": "{a} + {b}"}
_ALL_COMBINES = ("tl.maximum({a}, {b})", "tl.minimum({a}, {b})", "{a} + {b}", "{a} * {b}")


def _loops(src: Src, line0: int | None = None) -> Iterator[ast.For]:
    """The `for` loops of the kernels (those containing line `line0` when given)."""
    for k in src.kernels.values():
        for n in nodes_of(k.node, ast.For):
            if line0 is None or n.lineno - 1 < line0 < (n.end_lineno or n.lineno):
                yield n


def _assigned_before(fn_body: list[ast.stmt], loop: ast.For) -> set[str]:
    return {t.id for s in fn_body if s.lineno < loop.lineno for t in nodes_of(s, ast.Name)
            if isinstance(t.ctx, ast.Store)}


@operator("carry_combine", "init", 3, "a value carried across loop iterations combined, not overwritten: "
          "best = f(x) -> best = max(best, f(x))")
def _carry_combine(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1 or not isinstance(stmt.targets[0], ast.Name):
        return []
    name = stmt.targets[0].id
    loop = next((lp for lp in _loops(src, line0) if stmt in lp.body), None)
    k = src.kernel_at(line0)
    if loop is None or k is None or name not in _assigned_before(k.node.body, loop):
        return []
    if any(isinstance(x, ast.Name) and x.id == name for x in ast.walk(stmt.value)):
        return []  # it already reads what it carries
    rhs = ast.unparse(stmt.value)
    calls = [ast.unparse(c.func) for c in nodes_of(stmt.value, ast.Call)]
    first = [_COMBINE[c] for c in calls if c in _COMBINE][:1]
    out = []
    for form in dict.fromkeys([*first, *_ALL_COMBINES]):
        new = form.format(a=name, b=rhs)
        e = _replace(src, [(stmt.value, new)], f"`{name}` combined with its carried value: {new}")
        if e:
            out.append(e)
    return out


@operator("loop_epilogue", "order", 3, "an epilogue indented into a loop: its last statements moved after it",
          global_=True)
def _loop_epilogue(src: Src, line0: int) -> list:
    out = []
    for loop in _loops(src):
        body = loop.body
        target = {t.id for t in nodes_of(loop.target, ast.Name)}
        for j in range(1, min(3, len(body) - 1) + 1):
            tail = body[-j:]
            if any(isinstance(s, (ast.For, ast.While, ast.If)) for s in tail):
                break
            if any(isinstance(x, ast.Name) and x.id in target for s in tail for x in ast.walk(s)):
                break  # a statement of the loop's own step
            a, b = tail[0].lineno - 1, tail[-1].end_lineno or tail[-1].lineno
            indent = len(src.lines[loop.lineno - 1]) - len(src.lines[loop.lineno - 1].lstrip())
            inner = len(src.lines[a]) - len(src.lines[a].lstrip())
            moved = [ln[inner - indent:] if ln[:inner - indent].strip() == "" else ln for ln in src.lines[a:b]]
            out.append((f"lines {a + 1}-{b}: the loop's last {j} statement(s) after the loop", a, b, moved))
    return out


@operator("loop_update", "args", 2, "a value a loop reads but never advances, advanced by the parameter the "
          "kernel takes and never reads: bw = bw * kernel_mul restored", global_=True)
def _loop_update(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        unused = _unused(k)
        if not unused:
            continue
        for loop in nodes_of(k.node, ast.For):
            stored = {t.id for s in loop.body for t in nodes_of(s, ast.Name) if isinstance(t.ctx, ast.Store)}
            before = {t.id for a in nodes_of(k.node, ast.Assign) if a.lineno < loop.lineno
                      for tgt in a.targets for t in nodes_of(tgt, ast.Name)}
            read = [x.id for s in loop.body for x in nodes_of(s, ast.Name) if isinstance(x.ctx, ast.Load)]
            index = _index_names(k.node)  # an offset is not what a parameter scales
            for v in dict.fromkeys(r for r in read if r in before and r not in stored and r not in index):
                last = [s for s in loop.body if any(isinstance(x, ast.Name) and x.id == v for x in ast.walk(s))][-1]
                for p in unused:
                    for op in ("*", "+", "/", "-"):
                        out.append((f"line {last.end_lineno}: `{v}` advanced each iteration: {v} = {v} {op} {p}",
                                    *_after(src, last, f"{v} = {v} {op} {p}")))
    return out


@operator("online_rescale", "stable", 2, "an online softmax's accumulator not rescaled when the running max moves: "
          "acc += p @ v -> acc = acc * scale; acc += p @ v, beside l = l * scale + sum(p)", global_=True)
def _online_rescale(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        for loop in nodes_of(k.node, ast.For):
            body = [s for s in loop.body if isinstance(s, (ast.Assign, ast.AugAssign))]
            before = _assigned_before(k.node.body, loop)
            # the factors that rescale one value carried across iterations (`l_run = l_run * scale + ...`)
            factors = set()
            for a in body:
                if isinstance(a, ast.Assign) and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name) \
                        and a.targets[0].id in before:
                    carried = a.targets[0].id
                    for m in nodes_of(a.value, ast.BinOp):
                        if isinstance(m.op, ast.Mult) and isinstance(m.left, ast.Name) and m.left.id == carried \
                                and isinstance(m.right, ast.Name):
                            factors.add(m.right.id)
            rescaled = {ast.unparse(a.targets[0]) for a in body if isinstance(a, ast.Assign) and any(
                isinstance(n, ast.Name) and n.id in factors for n in ast.walk(a.value))}
            for a in body:
                if not (isinstance(a, ast.AugAssign) and isinstance(a.op, ast.Add) and isinstance(a.target, ast.Name)):
                    continue
                acc = a.target.id
                if acc in rescaled or acc in factors:
                    continue
                for f in sorted(factors):
                    a0 = a.lineno - 1
                    indent = src.lines[a0][:len(src.lines[a0]) - len(src.lines[a0].lstrip())]
                    out.append((f"line {a.lineno}: `{acc}` rescaled by `{f}` before it accumulates", a0, a0 + 1,
                                [f"{indent}{acc} = {acc} * {f}", src.lines[a0]]))
    return out


@operator("kernel_ping_pong", "args", 2, "a kernel loop that stores through one of two buffer pointers and never "
          "swaps them: `prev_ptr, cur_ptr = cur_ptr, prev_ptr` at the end of the loop's body", global_=True)
def _kernel_ping_pong(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        params = set(k.params)
        # locals that hold a buffer pointer: `cur_ptr = b_ptr`
        held = [a.targets[0].id for a in nodes_of(k.node, ast.Assign) if len(a.targets) == 1
                and isinstance(a.targets[0], ast.Name) and isinstance(a.value, ast.Name) and a.value.id in params
                and "ptr" in a.value.id.lower()]
        for loop in nodes_of(k.node, ast.For):
            stored = {t.id for s in loop.body for t in nodes_of(s, ast.Name) if isinstance(t.ctx, ast.Store)}
            read = {x.id for s in loop.body for x in nodes_of(s, ast.Name) if isinstance(x.ctx, ast.Load)}
            written = {x.id for c in nodes_of(loop, ast.Call) if ast.unparse(c.func) == "tl.store" and c.args
                       for x in nodes_of(c.args[0], ast.Name)}
            pair = [h for h in dict.fromkeys(held) if h in read and h not in stored and h not in params]
            if len(pair) != 2 or not set(pair) & written:
                continue
            a, b = pair
            out.append((f"line {loop.body[-1].end_lineno}: `{a}` and `{b}` swapped after each step",
                        *_after(src, loop.body[-1], f"{a}, {b} = {b}, {a}")))
    return out


def _after(src: Src, stmt: ast.stmt, text: str) -> tuple[int, int, list[str]]:
    """`text` as a new line after `stmt`, at its indentation: a hunk over the statement's own lines."""
    a, b = stmt.lineno - 1, stmt.end_lineno or stmt.lineno
    indent = src.lines[a][:len(src.lines[a]) - len(src.lines[a].lstrip())]
    return a, b, [*src.lines[a:b], f"{indent}{text}"]


@operator("missing_accumulate", "init", 2, "an accumulator a loop never adds to, where the kernel takes a pointer it "
          "never reads: first += tl.load(lin_ptr + idx, mask=mr, other=0.0) restored", global_=True)
def _missing_accumulate(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        read = {n.id for n in nodes_of(k.node, ast.Name) if isinstance(n.ctx, ast.Load)}
        unused = _unread(k, pointers=True)
        if not unused:
            continue
        for loop in nodes_of(k.node, ast.For):
            stored = {t.id for s in loop.body for t in nodes_of(s, ast.Name) if isinstance(t.ctx, ast.Store)}
            zeros = [a.targets[0].id for a in nodes_of(k.node, ast.Assign) if a.lineno < loop.lineno
                     and len(a.targets) == 1 and isinstance(a.targets[0], ast.Name)
                     and re.match(r"tl\.(zeros|full)\(", ast.unparse(a.value))]
            accs = [z for z in dict.fromkeys(zeros) if z not in stored and z in read]
            loads = [c for c in nodes_of(loop, ast.Call) if ast.unparse(c.func) == "tl.load" and c.args]
            addresses = " ".join(ast.unparse(c.args[0]) for c in loads)
            # what the loop indexes with: its counter, and what it computes that an address reads
            index = [t.id for t in nodes_of(loop.target, ast.Name)]
            index += [n for n in dict.fromkeys(stored) if re.search(rf"\b{n}\b", addresses)]
            masks = [None, *dict.fromkeys(ast.unparse(kw.value) for c in loads for kw in c.keywords if kw.arg == "mask")]
            for acc in accs:
                for p in unused:
                    for i in dict.fromkeys(index):
                        for m in masks:
                            line = f"{acc} += tl.load({p} + {i}" + (f", mask={m}, other=0.0)" if m else ")")
                            out.append((f"line {loop.body[-1].end_lineno}: `{acc}` accumulates the unread `{p}`: {line}",
                                        *_after(src, loop.body[-1], line)))
    return out


_ARG_REDUCE = ("tl.argmax", "tl.argmin")


@operator("block_index_offset", "stride", 2, "an index found within one block of a loop without the block's "
          "start: tl.argmax(x) -> tl.argmax(x) + start")
def _block_index_offset(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    loop = next((lp for lp in _loops(src, line0) if stmt in lp.body), None)
    if stmt is None or loop is None or not isinstance(loop.target, ast.Name):
        return []
    start = loop.target.id
    out = []
    for c in nodes_of(stmt, ast.Call):
        if ast.unparse(c.func) in _ARG_REDUCE and start not in {x.id for x in nodes_of(c, ast.Name)}:
            e = _replace(src, [(c, f"({ast.unparse(c)} + {start})")], f"`{ast.unparse(c.func)}` + the block start `{start}`")
            if e:
                out.append(e)
    return out


def _sum_terms(e: ast.expr) -> list[ast.expr]:
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Add):
        return _sum_terms(e.left) + _sum_terms(e.right)
    return [e]


def _factors(e: ast.expr) -> list[ast.expr]:
    if isinstance(e, ast.BinOp) and isinstance(e.op, ast.Mult):
        return _factors(e.left) + _factors(e.right)
    return [e]


@operator("loop_invariant_load", "stride", 2, "a load in a loop that reads the same place every pass, where a "
          "sibling load steps with the loop: b_ptr + cols -> b_ptr + l * D + cols (beside w_ptr + l * D * D + ...)")
def _loop_invariant_load(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    loop = next((lp for lp in _loops(src, line0) if stmt in lp.body), None)
    if stmt is None or loop is None or not isinstance(loop.target, ast.Name):
        return []
    v = loop.target.id
    # the loop's stepping terms: `l * D * D` of a sibling's pointer, and each with one factor fewer (a
    # tensor of one dimension less: the bias beside the weight)
    steps: list[str] = []
    for c in (c for s in loop.body for c in nodes_of(s, ast.Call)):
        if ast.unparse(c.func) != "tl.load" or not c.args:
            continue
        for t in _sum_terms(c.args[0]):
            fs = _factors(t)
            if len(fs) < 2 or not any(isinstance(f, ast.Name) and f.id == v for f in fs):
                continue
            variants = [fs] + [fs[:i] + fs[i + 1:] for i, f in enumerate(fs) if not (isinstance(f, ast.Name) and f.id == v)]
            for var in variants:
                text = " * ".join(ast.unparse(f) if not isinstance(f, ast.BinOp) else f"({ast.unparse(f)})" for f in var)
                if text not in steps and text != v:
                    steps.append(text)
    out = []
    for c in nodes_of(stmt, ast.Call):
        if ast.unparse(c.func) != "tl.load" or not c.args or v in {x.id for x in nodes_of(c.args[0], ast.Name)}:
            continue
        ptr = c.args[0]
        terms = _sum_terms(ptr)
        for step in steps[:4]:
            new = " + ".join([ast.unparse(terms[0]), step, *(ast.unparse(t) for t in terms[1:])])
            e = _replace(src, [(ptr, new)], f"the load steps with the loop: `{ast.unparse(ptr)}` -> `{new}`")
            if e:
                out.append(e)
    return out


_WRAPS = (ast.Add, ast.Sub, ast.Mult)


@operator("cast_first", "dtype", 3, "cast the operands, not the result: (q - z).to(f32) -> q.to(f32) - z.to(f32)")
def _cast_first(src: Src, line0: int) -> list:
    out = []
    for c in casts_at(src, line0):
        dt = ast.unparse(c.args[0])
        if isinstance(c.func.value, ast.BinOp) and isinstance(c.func.value.op, ast.FloorDiv) and "float" in dt:
            # an integer quotient cast to float: `(i // n).to(f32)` meant `i.to(f32) / n`
            q = c.func.value
            left = ast.unparse(q.left)
            left = f"{left}.to({dt})" if isinstance(q.left, (ast.Name, ast.Call, ast.Attribute)) else f"({left}).to({dt})"
            right = ast.unparse(q.right)
            e = _replace(src, [(c, f"({left} / {right if isinstance(q.right, (ast.Name, ast.Constant)) else f'({right})'})")],
                         f"cast to {dt} before dividing (`//` floors)")
            if e:
                out.append(e)
            continue
        if not (isinstance(c.func.value, ast.BinOp) and isinstance(c.func.value.op, _WRAPS)):
            continue
        op = c.func.value
        sym = {ast.Add: "+", ast.Sub: "-", ast.Mult: "*"}[type(op.op)]

        def cast(x: ast.expr) -> str:
            if isinstance(x, ast.Subscript):  # z[None, :] -> z.to(dt)[None, :]
                return f"{ast.unparse(x.value)}.to({dt})[{ast.unparse(x.slice)}]"
            t = ast.unparse(x)
            return f"{t}.to({dt})" if isinstance(x, (ast.Name, ast.Call, ast.Attribute)) else f"({t}).to({dt})"

        e = _replace(src, [(c, f"({cast(op.left)} {sym} {cast(op.right)})")], f"the operands cast to {dt} first")
        if e:
            out.append(e)
    return out


@operator("drop_cap", "block", 2, "a host-side cap with no loop behind it: min(next_power_of_2(n), 512) -> "
          "next_power_of_2(n)", scopes=("host",))
def _drop_cap(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    if stmt is None:
        return []
    out = []
    for c in nodes_of(stmt, ast.Call):
        if not (isinstance(c.func, ast.Name) and c.func.id in ("min", "max") and len(c.args) == 2):
            continue
        consts = [a for a in c.args if isinstance(a, ast.Constant)]
        if len(consts) != 1:
            continue
        keep = next(a for a in c.args if not isinstance(a, ast.Constant))
        e = _replace(src, [(c, ast.unparse(keep))], f"drop the cap `{ast.unparse(c)}`")
        if e:
            out.append(e)
    return out


def _dead_values(body: list[ast.stmt]) -> dict[str, int]:
    """Names a kernel computes but never reads outside their own updates (`cnt += valid`), with the
    line after which they hold their final value."""
    stores: dict[str, int] = {}
    reads: set[str] = set()
    for s in ast.walk(ast.Module(body=body, type_ignores=[])):
        if not isinstance(s, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            continue
        targets = s.targets if isinstance(s, ast.Assign) else [s.target]
        own = {t.id for t in targets if isinstance(t, ast.Name)}
        for t in own:
            stores[t] = max(stores.get(t, 0), s.end_lineno or s.lineno)
        reads |= {x.id for x in nodes_of(s.value, ast.Name) if x.id not in own} if s.value else set()
    for s in ast.walk(ast.Module(body=body, type_ignores=[])):
        if isinstance(s, ast.stmt) and not isinstance(s, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            # reads in calls (tl.store), loop headers, conditions
            for x in (s.value if isinstance(s, ast.Expr) else getattr(s, "iter", None) or getattr(s, "test", None),):
                if isinstance(x, ast.AST):
                    reads |= {n.id for n in nodes_of(x, ast.Name)}
    return {n: ln for n, ln in stores.items() if n not in reads}


@operator("dead_pick", "operand", 2, "an index picked and never used, its condition repeated where the pick "
          "was meant: i1 = tl.min(tl.where(x == m1, cols, BLOCK)) ... tl.where(x == m1, -inf, x) -> "
          "tl.where(cols == i1, -inf, x) (only the first of tied maxima removed)")
def _dead_pick(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or not isinstance(stmt, (ast.Assign, ast.Expr)) or stmt.lineno != stmt.end_lineno:
        return []
    out = []
    for name, last in _dead_values(k.node.body).items():
        if stmt.lineno <= last:
            continue
        for d in (a for a in nodes_of(k.node, ast.Assign) if any(getattr(t, "id", None) == name for t in a.targets)):
            for w in nodes_of(d.value, ast.Call):
                if ast.unparse(w.func) != "tl.where" or len(w.args) != 3 or not isinstance(w.args[1], ast.Name):
                    continue
                cond = ast.unparse(w.args[0])
                for c in (n for n in nodes_of(stmt, ast.Compare) if ast.unparse(n) == cond):
                    e = _replace(src, [(c, f"{w.args[1].id} == {name}")],
                                 f"`{cond}` -> the position `{name}` picked with it")
                    if e:
                        out.append(e)
    return out


@operator("dead_value", "operand", 3, "a value the kernel computes and never uses, put where a stand-in was "
          "written: acc / (KS * KS) -> acc / cnt")
def _dead_value(src: Src, line0: int) -> list:
    k = src.kernel_at(line0)
    stmt = _stmt_at(src, line0)
    if k is None or not isinstance(stmt, (ast.Assign, ast.AugAssign, ast.Expr)):
        return []
    out = []
    strides = [p for p in _unused(k) if "stride" in p.lower()]
    for name, last in _dead_values(k.node.body).items():
        if stmt.lineno <= last or name.endswith("_ptr"):
            continue
        # an index computed but left out of an offset, whose stride the kernel takes and never reads
        if isinstance(stmt, ast.Assign) and any("stride" in x.id for x in nodes_of(stmt.value, ast.Name)):
            for p in strides:
                e = _replace(src, [(stmt.value, f"{name} * {p} + {ast.unparse(stmt.value)}")],
                             f"the unused `{name}` times the unused `{p}` added to the offset")
                if e:
                    out.append(e)
        defs = [a for a in nodes_of(k.node, ast.Assign) if any(getattr(t, "id", None) == name for t in a.targets)]
        if any("program_id" in ast.unparse(a.value) or "arange" in ast.unparse(a.value) for a in defs):
            continue  # an index is not a stand-in for data
        values = [stmt.value]
        if isinstance(stmt.value, ast.Call):  # tl.store(ptr, value, ...): the stored value, not the address
            values = stmt.value.args[1:2] if ast.unparse(stmt.value.func) == "tl.store" else []
        for node in (n for v in values for n in ast.walk(v)):
            # the operands of arithmetic: what a stand-in expression would be
            if not isinstance(node, ast.BinOp):
                continue
            for side in (node.left, node.right):
                names = {x.id for x in nodes_of(side, ast.Name)}
                if isinstance(side, ast.Constant) or name in names or any(n.endswith("_ptr") for n in names):
                    continue
                e = _replace(src, [(side, name)], f"`{ast.unparse(side)}` -> the unused `{name}`")
                if e:
                    out.append(e)
    return out


def _sentinel_inits(k_body: list[ast.stmt], loop: ast.For) -> dict[str, str]:
    """Names set before `loop` to a negative constant fill (`idx = tl.full([B], -1, ...)`): a "not
    found yet" sentinel, with the test that it still holds."""
    out = {}
    for s in k_body:
        if s.lineno >= loop.lineno or not (isinstance(s, ast.Assign) and len(s.targets) == 1
                                           and isinstance(s.targets[0], ast.Name) and isinstance(s.value, ast.Call)):
            continue
        call = s.value
        if ast.unparse(call.func) == "tl.full" and len(call.args) >= 2:
            v = call.args[1]
            if isinstance(v, ast.UnaryOp) and isinstance(v.op, ast.USub) and isinstance(v.operand, ast.Constant):
                out[s.targets[0].id] = f"{s.targets[0].id} < 0"
    return out


@operator("first_latch", "mask", 2, "a loop that records where a condition first holds, recording it every time "
          "it holds: new = hit -> new = (idx < 0) & hit, idx started at -1 (the first alarm, not the last)")
def _first_latch(src: Src, line0: int) -> list:
    stmt = _stmt_at(src, line0)
    k = src.kernel_at(line0)
    if k is None or not (isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(stmt.targets[0], ast.Name)):
        return []
    loop = next((lp for lp in _loops(src, line0) if stmt in lp.body), None)
    if loop is None:
        return []
    cond = stmt.targets[0].id
    sentinels = _sentinel_inits(k.node.body, loop)
    # the sentinel names the condition updates in the loop: v = tl.where(cond, ..., v)
    latched = []
    for a in loop.body:
        if a.lineno > stmt.lineno and isinstance(a, ast.Assign) and len(a.targets) == 1 \
                and isinstance(a.targets[0], ast.Name) and a.targets[0].id in sentinels:
            w = a.value
            if isinstance(w, ast.Call) and ast.unparse(w.func) == "tl.where" and len(w.args) == 3 \
                    and ast.unparse(w.args[0]) == cond and ast.unparse(w.args[2]) == a.targets[0].id:
                latched.append(a.targets[0].id)
    if not latched or any(x.id in latched for x in nodes_of(stmt.value, ast.Name)):
        return []
    test = sentinels[latched[0]]
    e = _replace(src, [(stmt.value, f"({test}) & ({ast.unparse(stmt.value)})")],
                 f"`{cond}` only while `{latched[0]}` holds its sentinel (the first time, not every time)")
    return [e] if e else []
