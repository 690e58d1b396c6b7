"""Launch operators: cdiv grids, missing grid axes, block sizes from the real extent, host-side
strides of the other dimension, program-id axis swaps, helper arguments that ModelNew drops."""

from __future__ import annotations

import ast
import re

from kagent.patterns.operators.base import Src, code_part, nodes_of, one_line, operator, sub_each
from kagent.patterns.operators.exprs import size_names

_FLOORDIV = re.compile(r"(\b[\w.\[\]()]+?)\s*//\s*(\w+)")


@operator("grid_cdiv", "grid", 1, "size a grid with triton.cdiv, not floor division", scopes=("host",))
def _grid_cdiv(src: Src, line0: int) -> list:
    text = src.lines[line0]
    if not re.search(r"\]\s*\(|\bgrid\b", text):
        return []
    return [one_line(f"line {line0 + 1}: floor division -> triton.cdiv", line0, new)
            for new in sub_each(_FLOORDIV, r"triton.cdiv(\1, \2)", text)]


def _pid_axes(node: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(node):
        if isinstance(n, ast.Call) and ast.unparse(n.func).endswith("program_id"):
            a = n.args[0] if n.args else next((k.value for k in n.keywords if k.arg == "axis"), None)
            if isinstance(a, ast.Constant) and isinstance(a.value, int):
                out.add(a.value)
    return out


def _extents(src: Src, launch) -> list[str]:
    """Host expressions for the kernel's extents, block-divided: cdiv(n, BLOCK) and n itself."""
    k = src.kernels[launch.kernel]
    sizes = [v for p in src.compared_params(k) if (v := src.host_value(launch, p))]
    blocks = [v for p in k.params if p in k.constexpr and (v := src.host_value(launch, p))]
    out = [f"triton.cdiv({s}, {b})" for s in sizes for b in blocks] + sizes
    return list(dict.fromkeys(out))


@operator("grid_axis", "grid", 2, "add the grid axis a kernel's program_id(k) expects", global_=True)
def _grid_axis(src: Src, line0: int) -> list:
    out = []
    for launch in src.launches:
        g = _grid_tuple(src, launch)
        axes = _pid_axes(src.kernels[launch.kernel].node)
        if g is None or not axes or max(axes) < len(g.elts):
            continue
        n = len(g.elts)
        seg = ast.get_source_segment(src.source, g)
        line0 = g.lineno - 1
        text = src.lines[line0]
        if seg is None or g.lineno != g.end_lineno or seg not in text:
            continue
        elts = [ast.unparse(e) for e in g.elts]
        # first the host's sizes the kernel is not passed (a batch it only counts by program id), then its extents
        passed = {ast.unparse(a) for a in [*launch.args, *launch.kwargs.values()]}
        host = [n for n in size_names(src, launch.line) if n not in passed]
        # last the sizes it is passed too: a channel axis whose extent the kernel also needs for its
        # addresses (`(b * C + c) * HW` with `c = program_id(1)`) is both
        also = [n for n in size_names(src, launch.line) if n in passed]
        sizes = list(dict.fromkeys([*host, *_extents(src, launch)[:6], *also]))
        # the block the kernel scales program_id(k) by names the axis: its extents first
        kern = src.kernels[launch.kernel]
        blocks = {src.host_value(launch, b) or b for b in re.findall(
            rf"tl\.program_id\(\s*(?:axis\s*=\s*)?{n}\s*\)\s*\*\s*(\w+)", ast.unparse(kern.node))}
        sizes.sort(key=lambda e: not any(re.search(rf"\b{re.escape(b)}\b", e) for b in blocks))
        for ext in sizes[:10]:
            new_grid = "(" + ", ".join([*elts, *([ext] * (max(axes) + 1 - n))]) + ")"
            out.append(one_line(f"line {line0 + 1}: grid {seg} -> {new_grid}", line0, text.replace(seg, new_grid, 1)))
    return out


def _grid_tuple(src: Src, launch) -> ast.Tuple | None:
    """The launch's grid as a tuple: written in the launch, or the tuple last assigned to its name."""
    g = launch.grid
    if isinstance(g, ast.Tuple):
        return g
    if not isinstance(g, ast.Name):
        return None
    found = None
    for n in ast.walk(src.tree):
        if (isinstance(n, ast.Assign) and n.lineno - 1 < launch.line and isinstance(n.value, ast.Tuple)
                and any(isinstance(t, ast.Name) and t.id == g.id for t in n.targets)):
            if found is None or n.lineno > found.lineno:
                found = n
    return found.value if found is not None else None  # type: ignore[return-value]


_INT_BLOCK = re.compile(r"^(\s*)(\w*(?:BLOCK|BLK|_B\b)\w*)\s*=\s*(\d+)\s*$", re.I)
_MIN_POW2 = re.compile(r"\bmin\(\s*\d+\s*,\s*(triton\.next_power_of_2\([^()]*(?:\([^()]*\))?[^()]*\))\s*\)")
_KW_INT = re.compile(r"\b(\w*(?:BLOCK|BLK|B[A-Z]?)\w*)\s*=\s*(\d+)\b")
_POW2_OF = re.compile(r"\btriton\.next_power_of_2\(([^()]*(?:\([^()]*\))?[^()]*)\)")


@operator("block_pow2", "block", 2, "size a block with triton.next_power_of_2 of the real extent", scopes=("host",))
def _block(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    out = []
    m = _MIN_POW2.search(code)
    if m:
        out.append(one_line(f"line {line0 + 1}: drop the cap on the block size", line0,
                            code[: m.start()] + m.group(1) + code[m.end():]))
    extents: list[str] = []
    for launch in src.launches:
        k = src.kernels[launch.kernel]
        extents += [v for p in src.compared_params(k) if (v := src.host_value(launch, p))]
    extents = list(dict.fromkeys(extents))[:4]
    # a block sized from the wrong extent: next_power_of_2(self.reg_max) where the kernel masks with
    # R = self.reg_max + 1 (the last bin never read)
    for mm in _POW2_OF.finditer(code):
        for e in extents:
            if e.replace(" ", "") != mm.group(1).replace(" ", ""):
                out.append(one_line(f"line {line0 + 1}: next_power_of_2({mm.group(1)}) -> next_power_of_2({e})", line0,
                                    code[: mm.start(1)] + e + code[mm.end(1):]))
        # a table of n + 1 entries (CTC's 2S + 1 states, a DP row, offsets) sized for n: exact until n
        # is a power of two
        if not re.search(r"\+\s*1\s*$", mm.group(1)):
            out.append(one_line(f"line {line0 + 1}: next_power_of_2({mm.group(1)} + 1)", line0,
                                code[: mm.end(1)] + " + 1" + code[mm.end(1):]))
    m2 = _INT_BLOCK.match(code)
    if m2:
        for e in extents:
            out.append(one_line(f"line {line0 + 1}: {m2.group(2)} = next_power_of_2({e})", line0,
                                f"{m2.group(1)}{m2.group(2)} = triton.next_power_of_2({e})"))
    elif any(launch.line == line0 for launch in src.launches):
        for mm in _KW_INT.finditer(code):
            for e in extents:
                out.append(one_line(f"line {line0 + 1}: {mm.group(1)}=next_power_of_2({e})", line0,
                                    code[: mm.start()] + f"{mm.group(1)}=triton.next_power_of_2({e})" + code[mm.end():]))
    return out


_STRIDE = re.compile(r"\.stride\((-?\d+)\)")


@operator("stride_dim", "stride", 2, "pass the stride of the other dimension", scopes=("host",))
def _stride(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)

    def alts(m: re.Match[str]) -> list[str]:
        cur = int(m.group(1))
        return [f".stride({d})" for d in (0, 1, -1, 2) if d != cur and not (cur == -1 and d == 1) and not (cur == 1 and d == -1)]

    out = []
    for m in _STRIDE.finditer(code):
        for a in alts(m):
            out.append(one_line(f"line {line0 + 1}: {m.group(0)} -> {a}", line0, code[: m.start()] + a + code[m.end():]))
    # the same dimension's stride of another tensor of the launch (`out.stride(0)` for `x.stride(0)`)
    launch = next((la for la in src.launches if la.line == line0), None)
    if launch is not None:
        tensors = list(dict.fromkeys(a.id for a in launch.args if isinstance(a, ast.Name)))
        for m in re.finditer(r"\b(\w+)\.stride\(", code):
            for t in tensors:
                if t != m.group(1):
                    out.append(one_line(f"line {line0 + 1}: {m.group(1)}.stride -> {t}.stride", line0,
                                        code[: m.start()] + t + code[m.start() + len(m.group(1)):]))
    return out


@operator("row_offset", "stride", 3, "add the missing row offset to a pointer", scopes=("kernel",))
def _row_offset(src: Src, line0: int) -> list:
    """`ptr + cols` in a kernel that has a row index and a row stride parameter: `ptr + row * stride + cols`;
    `tl.load(ptr)` of a bare pointer: `tl.load(ptr + row)`."""
    k = src.kernel_at(line0)
    if k is None:
        return []
    text = src.lines[line0]
    rows = [n.targets[0].id for n in ast.walk(k.node) if isinstance(n, ast.Assign) and isinstance(n.targets[0], ast.Name)
            and re.fullmatch(r"tl\.program_id\([^()]*\)(\.to\([\w.]+\))?", ast.unparse(n.value))]
    # and a block of rows: a name the kernel's other addresses multiply by a stride (`rows[:, None] * stride`)
    body = ast.unparse(k.node)
    rows += [r for r in dict.fromkeys(re.findall(r"\b(\w+)(?:\[[^\]]*\])?\s*\*\s*\w*stride\w*", body))
             if r not in rows and not r.endswith("_ptr")]
    reads = {n.id for n in ast.walk(k.node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    # stride parameters by name, then short ones nothing reads (`sx`, `s_x`: passed, so meant to be used)
    strides = [p for p in k.params if "stride" in p.lower() and p not in k.constexpr] + \
              [p for p in k.params if p not in reads and p not in k.constexpr and re.fullmatch(r"s_?[a-z]\w{0,3}", p)]
    strides = strides or src.compared_params(k)[:1]
    out = []
    # the loops around the line: a per-step scalar (a dimension's lengthscale) read from step 0 at every step
    loops = [f.target.id for f in ast.walk(k.node) if isinstance(f, ast.For) and isinstance(f.target, ast.Name)
             and f.lineno - 1 < line0 <= (f.end_lineno or f.lineno) - 1]
    # a bare pointer loaded or stored: a per-row scalar (a target, a scale) read from row 0 for every row
    for m in re.finditer(r"\btl\.(?:load|store)\(\s*(\w+_ptr)\s*(?=[,)])", text):
        for r in rows[:2] + [v for v in loops[::-1][:2] if v not in rows[:2]]:
            out.append(one_line(f"line {line0 + 1}: {m.group(1)} + {r}", line0,
                                text[: m.end(1)] + f" + {r}" + text[m.end(1):]))
    bounds = src.bounds(k)
    for m in re.finditer(r"\b(\w+_ptr)\s*\+\s*(?!\w+\s*\*)", text):
        if any(f"{r} *" in text[m.end():m.end() + 40] for r in rows):
            continue
        # a row as long as the extent of the index added (`mask_ptr + l`, `l < L`: rows of L), then the strides
        index = re.match(r"\w+", text[m.end():])
        pitch = bounds.get(index.group(0)) if index else None
        for r in rows[:2]:
            for s in list(dict.fromkeys([*([pitch] if pitch in k.params else []), *strides]))[:3]:
                out.append(one_line(f"line {line0 + 1}: {m.group(1)} + {r} * {s} + ...", line0,
                                    text[: m.end()] + f"{r} * {s} + " + text[m.end():]))
    return out


@operator("pid_swap", "pid", 2, "swap program_id axes 0 and 1 in a kernel", global_=True)
def _pid_swap(src: Src, line0: int) -> list:
    out = []
    for k in src.kernels.values():
        a, b = k.first, k.last
        body = src.lines[a:b]
        joined = "\n".join(body)
        if not (re.search(r"program_id\((axis\s*=\s*)?0\)", joined) and re.search(r"program_id\((axis\s*=\s*)?1\)", joined)):
            continue
        new = [re.sub(r"program_id\((axis\s*=\s*)?([01])\)", lambda m: f"program_id({m.group(1) or ''}{1 - int(m.group(2))})", ln)
               for ln in body]
        out.append((f"kernel {k.name}: program_id axes 0 and 1 swapped", a, b, new))
    return out


@operator("dropped_argument", "args", 1, "pass a helper's argument that the call leaves out and ModelNew holds",
          global_=True)
def _dropped(src: Src, line0: int) -> list:
    """A call of a module-level helper that leaves a parameter out (defaulted, or missing: a
    TypeError), where ModelNew sets `self.<param>` (or the module defines `<param>`): pass it."""
    helpers = {f.name: f for f in src.tree.body if isinstance(f, ast.FunctionDef) and f.name not in src.kernels}
    attrs: set[str] = set()
    for n in ast.walk(src.tree):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self" and isinstance(n.ctx, ast.Store):
            attrs.add(n.attr)
    module_names = {t.id for n in src.tree.body if isinstance(n, ast.Assign) for t in n.targets if isinstance(t, ast.Name)}
    out = []
    for n in ast.walk(src.tree):
        if not (isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in helpers):
            continue
        f = helpers[n.func.id]
        params = [a.arg for a in f.args.args]
        given = len(n.args)
        kw = {k.arg for k in n.keywords}
        line0_ = n.lineno - 1
        text = src.lines[line0_]
        seg = ast.get_source_segment(src.source, n)
        if seg is None or seg not in text:
            continue
        for i, p in enumerate(params):
            if i < given or p in kw or p == "self":
                continue
            for val in ([f"self.{p}"] if p in attrs else []) + ([p] if p in module_names else []):
                out.append(one_line(f"line {line0_ + 1}: {n.func.id}(...) gets {p}={val}", line0_,
                                    text.replace(seg, _with_keyword(n, seg, p, val), 1)))
    return out + _dropped_in_kernel(src)


def _dropped_in_kernel(src: Src) -> list:
    """A kernel calls a jit helper and leaves out a defaulted parameter while the kernel holds a value
    for it: a parameter (or local) of the same name (`_trust_ratio(wn, gn, eta)` in a kernel given
    weight_decay), what a sibling call passes, or a parameter never read (`_leaky_relu(acc)` in a kernel
    given NEG_SLOPE: the helper's 0.01 wins), the one whose name shares most with the helper's."""
    out = []
    for kern in src.kernels.values():
        read = {n.id for n in ast.walk(kern.node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
        unused = [p for p in kern.params if p not in read]
        calls = [n for n in ast.walk(kern.node) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)
                 and n.func.id in src.kernels and n.func.id != kern.name]
        for n in calls:
            helper = src.kernels[n.func.id]
            given, kw = len(n.args), {k.arg for k in n.keywords}
            missing = [p for i, p in enumerate(helper.params) if i >= given and p not in kw]
            seg = ast.get_source_segment(src.source, n)
            line0 = n.lineno - 1
            if not missing or seg is None or seg not in src.lines[line0]:
                continue
            for p in missing[:2]:
                # what the helper's other calls in this kernel pass for it (`_softcap(z, cap)` beside `_softcap(x)`)
                sibling = [v for v in (_passed(c, helper.params, p) for c in calls if c is not n and c.func.id == n.func.id)
                           if v is not None and all(x.id in kern.params or x.id in read for x in nodes_of(v, ast.Name))]
                same = [p] if p in kern.params or p in read else []
                vals = list(dict.fromkeys(same + [ast.unparse(v) for v in sibling] +
                                          sorted(unused, key=lambda u: -_shared_words(u, p))[:3]))
                for val in vals[:4]:
                    out.append(one_line(f"line {line0 + 1}: {n.func.id}(...) gets {p}={val}", line0,
                                        src.lines[line0].replace(seg, _with_keyword(n, seg, p, val), 1)))
    return out


def _passed(call: ast.Call, params: list[str], name: str) -> ast.expr | None:
    """The argument `call` passes for parameter `name` (positional or keyword), None when it leaves it out."""
    i = params.index(name)
    if i < len(call.args):
        return call.args[i]
    return next((k.value for k in call.keywords if k.arg == name), None)


def _with_keyword(call: ast.Call, seg: str, name: str, value: str) -> str:
    """The call's text `seg` with `name=value` passed last."""
    return seg[:-1] + (", " if (call.args or call.keywords) else "") + f"{name}={value})"


def _shared_words(a: str, b: str) -> int:
    """Words (split at `_`, case folded) two names share: NEG_SLOPE and negative_slope share `slope`."""
    return len(set(a.lower().split("_")) & set(b.lower().split("_")))


@operator("index_divmod", "stride", 2, "`//` <-> `%` in an index expression", scopes=("kernel", "cuda"))
def _divmod(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    if "tl.load(" in code or "tl.store(" in code:
        return []
    div = "/" if src.scope_of(line0) == "cuda" else "//"  # C's integer division is `/` (`//` starts a comment)
    out = [one_line(f"line {line0 + 1}: `{div}` -> `%`", line0, new) for new in sub_each(rf"\s{div}\s", " % ", code)]
    out += [one_line(f"line {line0 + 1}: `%` -> `{div}`", line0, new) for new in sub_each(r"(?<=[\w)\]])\s%\s", f" {div} ", code)]
    # the other operation by another extent (`offs % C` for `offs // L`: the tile/interleave slip)
    sizes = [p for p in _int_params(src, line0) if "stride" not in p.lower()][:5]
    for op, other in (("%", div), (div, "%")):
        for m in re.finditer(rf"(?<=[\w)\]])\s{op}\s(\w+)\b(?!\s*[(\[.])", code):
            for q in sizes:
                if q != m.group(1):
                    out.append(one_line(f"line {line0 + 1}: `{op} {m.group(1)}` -> `{other} {q}`", line0,
                                        code[: m.start()] + f" {other} {q}" + code[m.end():]))
    return out


def _int_params(src: Src, line0: int) -> list[str]:
    k = src.kernel_at(line0)
    if k is None:
        return []
    ptrs = {p for p in k.params if "ptr" in p.lower()}
    return [p for p in k.params if p not in k.constexpr and p not in ptrs and "eps" not in p.lower()]


_TERM = r"(\w+(?:\[[^\]]*\])?)"


@operator("index_stride_swap", "stride", 3, "move a stride to the other index term: a + b * S -> a * T + b",
          scopes=("kernel",))
def _stride_swap(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    k = src.kernel_at(line0)
    # a constexpr that is a size, not a tile width (POOL, KS), can be the stride too
    params = _int_params(src, line0) + [p for p in (k.constexpr if k else ()) if p in k.params
                                        and not re.match(r"(BLOCK|TILE|NUM_|num_|GROUP)", p)]
    params = [q for q in params if not re.search(r"scale|alpha|beta|gamma|temp", q, re.I)]
    out = []

    def index_terms(m: re.Match, *groups: int) -> bool:  # not a pointer, not `tl` of `tl.arange`
        return not any("ptr" in m.group(g).lower() for g in groups) and code[m.end():m.end() + 1] != "."

    for m in re.finditer(_TERM + r"\s*\+\s*" + _TERM + r"\s*\*\s*(\w+)\b", code):
        for q in params if index_terms(m, 1, 2) else ():
            new = f"{m.group(1)} * {q} + {m.group(2)}"
            out.append(one_line(f"line {line0 + 1}: {m.group(0)} -> {new}", line0, code[: m.start()] + new + code[m.end():]))
    for m in re.finditer(_TERM + r"\s*\*\s*(\w+)\s*\+\s*" + _TERM + r"(?!\s*\*)", code):
        for q in params if index_terms(m, 1, 3) else ():
            new = f"{m.group(1)} + {m.group(3)} * {q}"
            out.append(one_line(f"line {line0 + 1}: {m.group(0)} -> {new}", line0, code[: m.start()] + new + code[m.end():]))
    return out[:8]


@operator("unused_attribute", "args", 2, "use a ModelNew attribute that forward never reads", global_=True)
def _unused_attr(src: Src, line0: int) -> list:
    """ModelNew stores `self.x` (the reference uses it) but forward ignores it: scale a numeric
    host value by it, or pass it for a literal launch argument."""
    cls = next((n for n in src.tree.body if isinstance(n, ast.ClassDef) and n.name == "ModelNew"), None)
    if cls is None:
        return []
    stored, read = set(), set()
    for n in ast.walk(cls):
        if isinstance(n, ast.Attribute) and isinstance(n.value, ast.Name) and n.value.id == "self":
            (stored if isinstance(n.ctx, ast.Store) else read).add(n.attr)
    unused = sorted(stored - read)
    fwd = next((f for f in cls.body if isinstance(f, ast.FunctionDef) and f.name == "forward"), None)
    if not unused or fwd is None:
        return []
    out = []
    for i in range(fwd.lineno, fwd.end_lineno or fwd.lineno):
        code = code_part(src.lines[i])
        m = re.match(r"^(\s*\w+\s*=\s*)(.*\d.*?)\s*$", code)
        for attr in unused:
            if m and "torch." not in m.group(2) and "(" not in m.group(2):
                out.append(one_line(f"line {i + 1}: scaled by self.{attr}", i, f"{m.group(1)}self.{attr} * {m.group(2)}"))
            if any(launch.line == i for launch in src.launches):
                for new in sub_each(r"(?<=[(,]\s)(\d+\.\d*(?:e-?\d+)?)(?=\s*[,)])", f"self.{attr}", code, limit=3):
                    out.append(one_line(f"line {i + 1}: a literal launch argument -> self.{attr}", i, new))
    return out


# a kernel parameter named for a transform of another value: what the launch must pass for it
_NAMED_FORMS = ((re.compile(r"^(inv|rcp|recip|one_over)_?(\w+)$"), "1.0 / ({})"),
                (re.compile(r"^(\w+?)_?(inv|rcp|recip)$"), "1.0 / ({})"),
                (re.compile(r"^(sqrt|rsqrt)_?(\w+)$"), None),
                (re.compile(r"^neg_?(\w+)$"), "-({})"),
                (re.compile(r"^half_?(\w+)$"), "({}) / 2"),
                (re.compile(r"^(\w+?)_(sq|squared)$"), "({}) ** 2"))


def _named_form(param: str) -> tuple[str, str] | None:
    """(base name, form) for a parameter named for a transform of `base`: inv_gamma -> (gamma, 1/x)."""
    low = param.lower()
    for rx, form in _NAMED_FORMS:
        m = rx.match(low)
        if not m:
            continue
        if form is None:  # sqrt_x / rsqrt_x
            kind, base = m.group(1), m.group(2)
            return base, "({}) ** 0.5" if kind == "sqrt" else "({}) ** -0.5"
        base = m.group(2) if rx.pattern.startswith("^(inv") else m.group(1)
        return base, form
    return None


@operator("named_form", "args", 2, "a launch argument for a parameter named for a transform of another "
          "(inv_gamma, rsqrt_d, neg_slope) given that value untransformed: gamma -> 1.0 / (gamma)",
          scopes=("host",), global_=True)
def _named_form_arg(src: Src, line0: int) -> list:
    out = []
    for launch in src.launches:
        k = src.kernels[launch.kernel]
        for p in k.params:
            named = _named_form(p)
            arg = src.launch_arg(launch, p)
            if named is None or arg is None or arg.lineno != arg.end_lineno:
                continue
            base, form = named
            text = ast.unparse(arg)
            # the value passed is the base's own (the base parameter gets the same text, or the text names it)
            sibling = src.host_value(launch, base) if base in k.params else None
            if text != sibling and not text.lower().replace(".", "_").endswith(base):
                continue
            if any(mark in text for mark in ("/", "**", "sqrt")) or text.startswith("-"):
                continue  # already a transform: not the untransformed value
            new = form.format(text)
            line = src.lines[arg.lineno - 1]
            seg = line[arg.col_offset:arg.end_col_offset]
            if seg != ast.get_source_segment(src.source, arg):
                continue
            out.append((f"line {arg.lineno}: {p} gets `{new}`", arg.lineno - 1, arg.lineno,
                        [line[:arg.col_offset] + new + line[arg.end_col_offset:]]))
    return out


@operator("stride_order", "stride", 1, "a tensor's strides passed in descending dimension order where the "
          "kernel's parameters run in ascending order: t.stride(1), t.stride(0) -> t.stride(0), t.stride(1)",
          global_=True)
def _stride_order(src: Src, line0: int) -> list:
    """Evidence in the text: honest code that reads a transpose passes its strides so on purpose, and the
    screen tells the two apart; one edit per reversed pair."""
    out = []
    for call in nodes_of(src.tree, ast.Call):
        args = call.args
        for a, b in zip(args, args[1:]):
            ma, mb = (re.fullmatch(r"(\w+(?:\.\w+)*)\.stride\((\d+)\)", ast.unparse(x)) for x in (a, b))
            if not (ma and mb) or ma.group(1) != mb.group(1) or int(ma.group(2)) <= int(mb.group(2)):
                continue
            if a.lineno != b.lineno or a.lineno != a.end_lineno:
                continue
            line0 = a.lineno - 1
            text = src.lines[line0]
            new = text[:a.col_offset] + ast.unparse(b) + text[a.end_col_offset:b.col_offset] + ast.unparse(a) \
                + text[b.end_col_offset:]
            if text.isascii():
                out.append(one_line(f"line {line0 + 1}: strides in ascending order: {ast.unparse(b)}, {ast.unparse(a)}",
                                    line0, new))
    return out


def _pointer_args(src: Src, launch) -> list[str]:
    """The launch's plain-name arguments bound to the kernel's pointer parameters (`*_ptr`, or a
    parameter the kernel loads from or stores to)."""
    k = src.kernels[launch.kernel]
    memory = set()  # the base of each address: the leftmost leaf of `base + offsets`
    for c in nodes_of(k.node, ast.Call):
        if ast.unparse(c.func) in ("tl.load", "tl.store") and c.args:
            base = c.args[0]
            while isinstance(base, ast.BinOp) and isinstance(base.op, ast.Add):
                base = base.left
            if isinstance(base, ast.Name):
                memory.add(base.id)
    return [a.id for p, a in zip(k.params, launch.args)
            if isinstance(a, ast.Name) and ("ptr" in p.lower() or p in memory)]


@operator("ping_pong", "args", 2, "a host loop that launches a step kernel over (src, dst) and never hands the "
          "result on: `src = dst` (or the two swapped) at the end of the loop's body", global_=True)
def _ping_pong(src: Src, line0: int) -> list:
    out = []
    launches = src.launches
    for loop in nodes_of(src.tree, ast.For):
        if src.kernel_at(loop.lineno - 1) is not None:
            continue
        inside = [la for la in launches if loop.lineno <= la.line + 1 <= (loop.end_lineno or loop.lineno)]
        if len(inside) != 1:
            continue
        assigned = {t.id for n in loop.body for s in ast.walk(n) if isinstance(s, (ast.Assign, ast.AugAssign))
                    for tgt in (s.targets if isinstance(s, ast.Assign) else [s.target]) for t in nodes_of(tgt, ast.Name)}
        args = _pointer_args(src, inside[0])
        last = loop.body[-1]
        end = last.end_lineno or last.lineno
        indent = src.lines[last.lineno - 1][: len(src.lines[last.lineno - 1]) - len(src.lines[last.lineno - 1].lstrip())]
        for a in args:
            if a in assigned:
                continue  # already handed on
            for b in args:
                if b == a:
                    continue
                for new in (f"{a} = {b}", f"{a}, {b} = {b}, {a}"):
                    out.append((f"line {end + 1}: `{new}` after each step of the loop", end, end,
                                [indent + new]))
    return out[:8]


_PARAM_SUFFIX = re.compile(r"(?:_ptr|_p|_in|_out|_buf|_t)$")


def _stem(name: str) -> str:
    return _PARAM_SUFFIX.sub("", name.lower())


def _named_for(arg: str, param: str) -> bool:
    """The argument's name is the parameter's (`mean` for `mean_ptr`, `x` for `x_ptr`)."""
    a, p = _stem(arg), _stem(param)
    return bool(a) and (a == p or (len(a) >= 3 and len(p) >= 3 and (a.endswith("_" + p) or p.endswith("_" + a))))


@operator("launch_name_swap", "args", 1, "two launch arguments each named for the other's parameter: "
          "k[grid](x, var, mean) for k(x_ptr, mean_ptr, var_ptr) -> k[grid](x, mean, var)", scopes=("host",),
          global_=True)
def _launch_name_swap(src: Src, line0: int) -> list:
    out = []
    for launch in src.launches:
        params = src.kernels[launch.kernel].params
        named = [(p, a) for p in params if isinstance(a := src.launch_arg(launch, p), ast.Name)]
        for i, (p, a) in enumerate(named):
            for q, b in named[i + 1:]:
                if a.id == b.id or not (_named_for(a.id, q) and _named_for(b.id, p)) or _named_for(a.id, p):
                    continue
                if a.lineno != b.lineno:
                    continue
                line = src.lines[a.lineno - 1]
                first, second = sorted((a, b), key=lambda n: n.col_offset)
                new = (line[:first.col_offset] + second.id + line[first.end_col_offset:second.col_offset] + first.id
                       + line[second.end_col_offset:])
                out.append((f"line {a.lineno}: {a.id} and {b.id} exchanged (each named for the other's parameter)",
                            a.lineno - 1, a.lineno, [new]))
    return out
