"""The grammar's rewrites of one CUDA C line (a load_inline kernel's source), token by token.

The same kinds as the Python grammar (grammar.py), so that the same measured weights order them: a
name read where another declared one was meant (`rows` for `cols`, one pointer for another), an
operator exchanged (`+` / `-`, `<` / `<=`, `*=` / `/=`), a literal moved (off by one, 0 <-> 1, its sign,
x2, /2), a math call for its sibling (`fminf` <-> `fmaxf`, `expf` <-> `exp2f`, `sqrtf` <-> `rsqrtf`), a call
unwrapped or a value wrapped (`fabsf`, `sqrtf`), a term dropped, two operands exchanged, an index shifted by
one, an assigned value clamped (at 0, at 1, at a declared scalar); and C's own: an accumulator declared
int or half (or float for double), an integer literal divided (`1 / (k - 1)`), an int product stored in
int64 (`static_cast<int64_t>(a) * b`).

Rewrites are text edits of one line; none is checked to compile: the screen's shared build answers
a variant the compiler rejects with its error (verifiers/extension_batch.py).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator

from kagent.patterns.operators.base import TEMPLATE_ARGS, Src

_TOKEN = re.compile(
    r"(?P<num>(?:\d+\.\d*|\.\d+)(?:[eE][-+]?\d+)?[fF]?|\d+[eE][-+]?\d+[fF]?|0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlLfF]*)"
    r"|(?P<id>[A-Za-z_]\w*)"
    r"|(?P<op><<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^]=|[-+*/%<>=!&|^~?:;,.()\[\]{}])"
)
_TYPES = r"(?:float|double|int|long|short|char|bool|unsigned|signed|size_t|int64_t|int32_t|int16_t|int8_t|uint64_t|" \
         r"uint32_t|uint8_t|half|__half|float2|float4|auto|scalar_t)"
_DECL = re.compile(rf"\b{_TYPES}\b(?:\s+{_TYPES}\b)*\s*(\*?)\s*(?:__restrict__\s+)?(?:const\s+)?([A-Za-z_]\w*)\s*(?=[=;,)\[])")
_KEYWORDS = {"if", "else", "for", "while", "return", "const", "unsigned", "signed", "sizeof", "static_cast", "auto",
             "float", "double", "int", "long", "short", "char", "bool", "void", "__global__", "__device__",
             "__shared__", "__restrict__", "__syncthreads", "threadIdx", "blockIdx", "blockDim", "gridDim", "true", "false", "break", "continue", "struct", "template", "typename", "inline", "__forceinline__"}
_SIBLINGS = {
    "fminf": ("fmaxf",), "fmaxf": ("fminf",), "fmin": ("fmax",), "fmax": ("fmin",), "min": ("max",), "max": ("min",),
    "expf": ("exp2f", "__expf", "logf", "expm1f"), "__expf": ("expf",), "exp2f": ("expf",), "expm1f": ("expf",),
    "logf": ("log2f", "log1pf", "expf", "__logf", "log10f"), "__logf": ("logf",), "log2f": ("logf", "log10f"),
    "log1pf": ("logf",), "log10f": ("logf", "log2f"), "log10": ("log", "log2"), "log2": ("log", "log10"),
    "sqrtf": ("rsqrtf", "fabsf"), "rsqrtf": ("sqrtf",), "floorf": ("ceilf", "roundf", "truncf"), "ceilf": ("floorf",),
    "roundf": ("floorf", "rintf"), "rintf": ("roundf",), "truncf": ("floorf",), "sinf": ("cosf",), "cosf": ("sinf",),
    "tanhf": ("tanf", "erff"), "erff": ("tanhf", "erfcf"), "erfcf": ("erff",), "exp": ("exp2", "log"), "log": ("log2", "log1p", "exp", "log10"), "sqrt": ("rsqrt",), "rsqrt": ("sqrt",),
    "floor": ("ceil",), "ceil": ("floor",), "atomicMax": ("atomicMin",), "atomicMin": ("atomicMax",),
    "__shfl_down_sync": ("__shfl_xor_sync",), "__shfl_xor_sync": ("__shfl_down_sync",),
}
_UNARY_MATH = {"fabsf", "fabs", "abs", "sqrtf", "sqrt", "expf", "exp", "logf", "log", "rsqrtf", "floorf", "ceilf",
               "roundf", "tanhf", "__expf", "__logf", "log1pf", "expm1f"}
_OPS = {"+": ("-",), "-": ("+",), "*": ("/",), "/": ("*", "%"), "%": ("/",), "<": ("<=", ">"), "<=": ("<", ">="),
        ">": (">=", "<"), ">=": (">", "<="), "==": ("!=",), "!=": ("==",), "&&": ("||",), "||": ("&&",),
        "+=": ("-=", "="), "-=": ("+=", "="), "*=": ("/=",), "/=": ("*=",), "<<": (">>",), ">>": ("<<",),
        "&": ("|",), "|": ("&", "^"), "^": ("|",), "=": ("+=",)}
_NONCOMMUTATIVE = {"-", "/", "%", "<", "<=", ">", ">=", "<<", ">>"}


class _Tok:
    __slots__ = ("kind", "text", "start", "end")

    def __init__(self, kind: str, text: str, start: int, end: int):
        self.kind, self.text, self.start, self.end = kind, text, start, end


def _tokens(code: str) -> list[_Tok]:
    return [_Tok(m.lastgroup or "", m.group(), m.start(), m.end()) for m in _TOKEN.finditer(code)]


def _cuda_text(src: Src, line0: int) -> tuple[str, int]:
    """The CUDA source holding `line0`, and the offset of that line in it."""
    ln = line0 + 1
    for first, last in src.cuda_ranges:
        if first <= ln <= last:
            before = "\n".join(src.lines[first - 1:line0])
            return "\n".join(src.lines[first - 1:last]), len(before) + (1 if before else 0)
    return "", 0


_INT_TYPES = re.compile(r"\b(?:int|long|short|char|bool|unsigned|size_t|u?int(?:8|16|32|64)_t)\b")


def _declared(text: str, upto: int) -> dict[str, str]:
    """The names declared in the CUDA source before offset `upto`, in order -> their class: "ptr" (a
    pointer or an array), "int" or "float" (what may stand for what)."""
    out: dict[str, str] = {}
    for m in _DECL.finditer(text[:upto]):
        name = m.group(2)
        if name in _KEYWORDS or name in out:
            continue
        if m.group(1) or text[m.end():m.end() + 1] == "[":
            out[name] = "ptr"
        else:
            out[name] = "int" if _INT_TYPES.search(m.group(0)) else "float"
    return out


def _visible(text: str, upto: int) -> str:
    """text[:upto] without the blocks closed before `upto`: what a line at `upto` can name (the globals,
    its own function's parameters and the declarations of the blocks it is in; not another
    function's locals, nor a closed loop's). A closed top-level block goes with its header (a kernel's
    parameters), an inner one with the rest of the line that opened it (`for (int i = 0; ...) {`)."""
    out: list[str] = []
    opened: list[int] = []  # len(out) where each open block's header starts
    top_end = 0  # len(out) after the last top-level `;` or `}`
    for ch in text[:upto]:
        if ch == "{":
            if opened:
                line_start = "".join(out).rfind("\n") + 1
                opened.append(line_start)
            else:
                opened.append(top_end)
        elif ch == "}" and opened:
            del out[opened.pop():]
            if not opened:
                top_end = len(out)
            continue
        out.append(ch)
        if ch == ";" and not opened:
            top_end = len(out)
    return "".join(out)


_PAIRS = {"(": ")", "[": "]", ")": "(", "]": "["}


def _match(toks: list[_Tok], i: int) -> int | None:
    """Index of the token that closes (or, from a closing one, opens) the bracket at toks[i]."""
    step = 1 if toks[i].text in "([" else -1
    depth = 0
    for j in range(i, len(toks) if step > 0 else -1, step):
        if toks[j].text == toks[i].text:
            depth += 1
        elif toks[j].text == _PAIRS[toks[i].text]:
            depth -= 1
            if depth == 0:
                return j
    return None


def _atom_after(toks: list[_Tok], i: int) -> int | None:
    """The last token index of the operand that starts at toks[i] (a name with its calls and indexing,
    a number, a parenthesised group), or None."""
    if i >= len(toks):
        return None
    t = toks[i]
    if t.kind == "num":
        return i
    if t.text == "(":
        end = _match(toks, i)
        if end is not None and end > i + 1 and all(tk.kind == "id" and tk.text in _CAST_TYPES or tk.text == "*"
                                                   for tk in toks[i + 1:end]):
            return _atom_after(toks, end + 1)  # a C cast: `(float)(n - 1)` is one operand
        return end
    if t.kind == "id" and t.text in ("static_cast", "reinterpret_cast") and i + 1 < len(toks) and toks[i + 1].text == "<":
        close = next((k for k in range(i + 2, min(len(toks), i + 8)) if toks[k].text == ">"), None)
        return None if close is None else _atom_after(toks, close + 1)
    if t.kind != "id" or t.text in _KEYWORDS - {"threadIdx", "blockIdx", "blockDim", "gridDim"}:
        return None
    j = i
    while j + 1 < len(toks) and toks[j + 1].text in ("(", "[", ".", "->"):
        if toks[j + 1].text in (".", "->"):
            if j + 2 < len(toks) and toks[j + 2].kind == "id":
                j += 2
                continue
            return None
        end = _match(toks, j + 1)
        if end is None:
            return None
        j = end
    return j


def _template_brackets(code: str, toks: list[_Tok]) -> set[int]:
    """Token indices of the `<` and `>` around C++ template arguments (`data_ptr<float>()`)."""
    at = {m.start(1) for m in TEMPLATE_ARGS.finditer(code)} | {m.end(1) - 1 for m in TEMPLATE_ARGS.finditer(code)}
    out = {i for i, t in enumerate(toks) if t.start in at and t.text in ("<", ">")}
    for m in re.finditer(r"<<<|>>>", code):  # a kernel launch's chevrons (tokens `<<` `<`, `>>` `>`)
        out |= {i for i, t in enumerate(toks) if m.start() <= t.start < m.end()}
    return out


def _cast_before(toks: list[_Tok], i0: int) -> int | None:
    """Where a cast that toks[i0] (an opening parenthesis) is the operand of starts: `static_cast<T>(x)`,
    `(float)(x)`; None if there is none."""
    if i0 >= 3 and toks[i0 - 1].text == ">":  # static_cast<int64_t>(r)
        for k in range(i0 - 2, max(-1, i0 - 8), -1):
            if toks[k].text == "<":
                return k - 1 if k > 0 and toks[k - 1].kind == "id" else None
        return None
    if i0 >= 3 and toks[i0 - 1].text == ")":  # (float)(x)
        k = _match(toks, i0 - 1)
        if k is not None and all(tk.kind == "id" and tk.text in _CAST_TYPES or tk.text == "*" for tk in toks[k + 1:i0 - 1]):
            return k
    return None


_CAST_TYPES = {"float", "double", "int", "long", "unsigned", "short", "char", "bool", "size_t", "int64_t", "int32_t",
               "uint32_t", "uint64_t", "uint8_t", "int8_t", "half", "__half"}


def _atom_before(toks: list[_Tok], j: int) -> int | None:
    """The first token index of the operand that ends at toks[j]."""
    i = j
    while i >= 0:
        t = toks[i]
        if t.text in (")", "]"):
            i0 = _match(toks, i)
            if i0 is None:
                return None
            cast = _cast_before(toks, i0) if t.text == ")" else None
            if cast is not None:
                return cast
            if i0 > 0 and (toks[i0 - 1].kind == "id" or toks[i0 - 1].text in (")", "]")) and \
                    toks[i0 - 1].text not in ("if", "for", "while", "return"):
                i = i0 - 1
                continue
            return i0
        if t.kind in ("id", "num"):
            if i > 1 and toks[i - 1].text in (".", "->"):
                i -= 2
                continue
            return i
        return None
    return None


def _similar(a: str, b: str) -> bool:
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.6 or a.rstrip("0123456789_") == b.rstrip("0123456789_")


def _literal_moves(text: str) -> Iterator[str]:
    suffix = text[len(text.rstrip("fFuUlL")):]
    body = text[: len(text) - len(suffix)] if suffix else text
    if body.lower().startswith("0x"):
        return
    try:
        v = float(body)
    except ValueError:
        return
    is_float = "." in body or "e" in body.lower() or suffix.lower() == "f"
    if not is_float:
        n = int(v)
        for m in (n + 1, n - 1, 0 if n else 1, 2 * n):
            if m >= 0 and m != n:
                yield f"{m}{suffix}"
        return

    def fmt(x: float) -> str:
        s = repr(float(x))
        return (s if "." in s or "e" in s else s + ".0") + suffix

    for x in (1.0 if v == 0 else 0.0, 2 * v, v / 2, 1.0 - v if 0 < v < 1 else None, 1.0 / v if v not in (0.0, 1.0) else None):
        if x is not None and x != v:
            yield fmt(x)


def rewrites(src: Src, line0: int) -> list[tuple[str, str, str]]:
    """(kind, description, new line) for every rewrite of the CUDA C line `line0`."""
    line = src.lines[line0]
    code = line.split("//")[0]
    stripped = code.strip()
    if (not stripped or stripped.startswith(("#", "__global__", "template", "}", "{")) or not line.isascii()
            or '"' in code or "\\" in code or re.match(r"(?:static\s+)?(?:inline\s+)?(?:__device__\s+)?\w[\w:<>]*\s+\w+\s*\([^;]*$", stripped)):
        return []
    toks = _tokens(code)
    text, at = _cuda_text(src, line0)
    seen_here = _visible(text, at + len(code))
    names = _declared(seen_here, len(seen_here))  # a declaration on this line counts (for its right side: no)
    own = {n for n in _declared(text[at:], len(code))}  # declared on this line: not yet readable on it
    names = {n: c for n, c in names.items() if n not in own}
    out: list[tuple[str, str, str]] = []
    seen: set[str] = {line}

    def put(kind: str, what: str, a: int, b: int, new: str) -> None:
        text = code[:a] + new + code[b:] + line[len(code):]
        if text not in seen:
            seen.add(text)
            out.append((kind, f"line {line0 + 1}: {what}", text))

    # a `for (init; cond; step) body;` line: the header's tokens are all read (its `=` stays), the body's
    # assignment is the line's
    head = _match(toks, 1) if len(toks) > 1 and toks[0].text == "for" and toks[1].text == "(" else None
    head = -1 if head is None else head
    assign = next((i for i, t in enumerate(toks) if i > head and t.text in ("=", "+=", "-=", "*=", "/=")), None)
    first_read = 0 if assign is None else assign + 1
    decl_at = bool(re.match(rf"\s*(?:const\s+)?{_TYPES}\b", code))
    brackets = _template_brackets(code, toks)
    for i, t in enumerate(toks):
        prev = toks[i - 1].text if i else ""
        nxt = toks[i + 1].text if i + 1 < len(toks) else ""
        if i in brackets or (i < head and t.text == "=") or (t.text == "*" and (
                nxt in (")", "__restrict__") or prev in _CAST_TYPES | {"void", "scalar_t", "const"})):
            continue  # `*` of a pointer type (`const float* __restrict__ b`, a cast)
        if t.text == "=" and i >= 2 and toks[i - 1].kind == "id" and toks[i - 2].text in _CAST_TYPES:
            continue  # a declaration's `=` (`{ float d = ...`)
        if t.kind == "id" and t.text in names and nxt != "(" and prev not in (".", "->"):  # not `threadIdx.x`
            for other, cls in names.items():
                if other != t.text and cls == names[t.text]:
                    put("similar_name" if _similar(t.text, other) else "name", f"`{t.text}` -> `{other}`",
                        t.start, t.end, other)
        if t.kind == "id" and nxt == "(" and t.text in _SIBLINGS:
            for other in _SIBLINGS[t.text]:
                put("sibling_call", f"{t.text}() -> {other}()", t.start, t.end, other)
        if t.kind == "id" and t.text == "fmodf" and nxt == "(":  # C's truncated remainder for a floored one
            end = _match(toks, i + 1)
            args = code[toks[i + 1].end:toks[end].start] if end is not None else ""
            if end is not None and args.count(",") == 1 and "(" not in args:
                a, b = (x.strip() for x in args.split(","))
                put("sibling_call", f"fmodf({a}, {b}) -> floored", t.start, toks[end].end,
                    f"{a} - floorf({a})" if b in ("1.0f", "1.f", "1") else f"{a} - {b} * floorf({a} / {b})")
        if t.kind == "id" and t.text in names and names[t.text] == "float" and i >= first_read and nxt != "(" \
                and prev not in (".", "->", "(") and nxt not in ("[", "="):  # a scale's square root (sigma * dt)
            put("wrap", f"`{t.text}` -> `sqrtf({t.text})`", t.start, t.end, f"sqrtf({t.text})")
        if t.kind == "id" and nxt == "(" and t.text in _UNARY_MATH:
            end = _match(toks, i + 1)
            if end is not None and "," not in code[toks[i + 1].end:toks[end].start]:
                put("unwrap", f"drop {t.text}()", t.start, toks[end].end, code[toks[i + 1].end:toks[end].start].strip())
        if t.kind == "num" and not (prev == "[" and nxt == "]" and decl_at):
            for new in _literal_moves(t.text):
                put("constant", f"{t.text} -> {new}", t.start, t.end, new)
            if nxt == "/" and t.text.isdigit() and not _INT_TYPES.match(stripped):  # 1 / (k - 1): an integer division
                put("constant", f"{t.text} -> {t.text}.0f", t.start, t.end, f"{t.text}.0f")
        if t.kind == "id" and t.text in names and names[t.text] == "int" and nxt == "*" and prev not in (".", "->", ")") \
                and re.search(r"\b(?:int64_t|long|size_t)\b", stripped):  # int * int overflows before the int64 store
            put("wrap", f"`{t.text}` -> `(int64_t){t.text}`", t.start, t.end, f"static_cast<int64_t>({t.text})")
        if t.kind == "op" and t.text in _OPS and (i < head or i >= first_read - (1 if t.text in ("=", "+=", "-=", "*=", "/=") else 0)):
            unary = t.text in ("-", "+", "*", "&") and (i == 0 or toks[i - 1].kind == "op" and toks[i - 1].text not in (")", "]"))
            if t.text == "=" and (decl_at or assign != i):
                continue
            if not unary:
                for other in _OPS[t.text]:
                    put("op", f"`{t.text}` -> `{other}`", t.start, t.end, other)
            if unary or i < first_read:
                continue
            lo, hi = _atom_before(toks, i - 1), _atom_after(toks, i + 1)
            if lo is None or hi is None:
                continue
            left, right = code[toks[lo].start:toks[i - 1].end], code[toks[i + 1].start:toks[hi].end]
            if i < head and any(tk.text in (";", "=") for tk in toks[lo:hi + 1]):
                continue  # an operand across the header's parts
            whole = lo >= first_read or i < head
            if t.text in ("+", "-", "*", "/") and whole:
                put("drop", f"drop `{t.text} {right}`", toks[i - 1].end, toks[hi].end, "")
                if t.text in ("+", "*"):
                    put("drop", f"drop `{left} {t.text}`", toks[lo].start, toks[i + 1].start, "")
            before = toks[lo - 1].text if lo > 0 else ""
            after = toks[hi + 1].text if hi + 1 < len(toks) else ""
            tight = {"*", "/", "%"}
            if t.text in _NONCOMMUTATIVE - {"<", "<=", ">", ">="} and whole and before not in tight | {"-"} \
                    and (t.text != "-" or after not in tight):  # the operands are whole (precedence)
                put("operands", f"`{left} {t.text} {right}` -> `{right} {t.text} {left}`", toks[lo].start, toks[hi].end,
                    f"{right} {t.text} {left}")
        if t.text == "[" and i > 0:
            end = _match(toks, i)
            if end is not None and end > i + 1:
                inner = code[toks[i + 1].start:toks[end].start]
                for d in (" + 1", " - 1"):
                    put("shift", f"index [{inner}{d}]", toks[i + 1].start, toks[end].start, f"{inner}{d}")
    # the value assigned: wrapped in fabsf, clamped
    semi = next((i for i in range(assign or 0, len(toks)) if toks[i].text == ";"), None)  # the assignment's own end
    integer = bool(_INT_TYPES.match(stripped)) or (assign is not None and names.get(toks[0].text) == "int")
    if assign is not None and semi is not None and semi > assign + 1 and toks[assign].text == "=" and not integer:
        a, b = toks[assign + 1].start, toks[semi - 1].end
        value = code[a:b]
        put("wrap", "fabsf of the value", a, b, f"fabsf({value})")
        put("wrap", "sqrtf of the value", a, b, f"sqrtf({value})")
        for lo, hi in (("0.0f", None), (None, "1.0f"), ("0.0f", "1.0f")):
            v = value if lo is None else f"fmaxf({value}, {lo})"
            v = v if hi is None else f"fminf({v}, {hi})"
            put("clamp", f"clamp the value to [{lo or '-inf'}, {hi or 'inf'}]", a, b, v)
        for s in [n for n, c in names.items() if c == "float" and n not in {tk.text for tk in toks[:assign]}][:6]:
            put("clamp", f"fminf(value, {s})", a, b, f"fminf({value}, {s})")
            put("clamp", f"fmaxf(value, {s})", a, b, f"fmaxf({value}, {s})")
    # the declared type: an accumulator started at a literal kept in int or half, float where double was meant
    m = re.match(r"\s*(?:const\s+)?(int|long|__half|half|float)\s+\w+\s*=\s*([^;]*);", code)
    if m and (m.group(1) == "float" or re.fullmatch(r"-?[\d.]+[fF]?", m.group(2).strip())):
        for other in {"int": ("float",), "long": ("float",), "__half": ("float",), "half": ("float",),
                      "float": ("double",)}[m.group(1)]:
            put("name", f"`{m.group(1)}` -> `{other}`", m.start(1), m.end(1), other)
    return out
