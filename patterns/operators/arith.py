"""Arithmetic operators: sign flips, sqrt / rsqrt / reciprocal swaps, eps placement, numerically
stable rewrites (tanh, softplus, log-sum-exp), atomic accumulation, inclusive / exclusive scans."""

from __future__ import annotations

import re

from kagent.patterns.operators.base import Src, call_span, code_part, one_line, operator, sub_each

_BIN = re.compile(r"(?<=[\w)\]])\s([+-])\s(?=[\w(.-])")
_NEG_CALL = re.compile(r"\b(tl\.exp2?|tl\.sigmoid|expf|__expf|exp)\(\s*-\s*")
_POS_CALL = re.compile(r"\b(tl\.exp2?|tl\.sigmoid|expf|__expf)\(\s*(?!-)")


def _is_math(code: str) -> bool:
    """A value line, not an index or mask line (flipping offsets is left to the stride operators)."""
    if re.search(r"\btl\.(arange|program_id)\(|\bmask\s*=\s*[^,]*[<>]|range\(", code):
        return False
    return bool(re.search(r"[+-]", code))


@operator("sign_flip", "sign", 2, "flip one `+` / `-` of a value expression, or the sign of an exp argument",
          scopes=("kernel", "cuda"))
def _sign(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    if not _is_math(code) or code.strip().startswith(("for ", "if ")):
        return []
    value = code
    if "tl.store(" in code or "tl.atomic" in code:  # only the stored value, not the pointer
        m = re.search(r"tl\.(store|atomic_\w+)\(", code)
        assert m is not None
        first_comma = code.find(",", m.end())
        if first_comma < 0:
            return []
        head, value = code[: first_comma + 1], code[first_comma + 1:]
    else:
        head = ""
    # pointer arithmetic (the first argument of tl.load) is left to the stride operators
    ptr_spans = []
    for m in re.finditer(r"\btl\.load\(", value):
        end = value.find(",", m.end())
        ptr_spans.append((m.end(), end if end > 0 else len(value)))

    def flip(m: re.Match[str]) -> str | None:
        if any(a <= m.start() < b for a, b in ptr_spans):
            return None
        return " - " if m.group(1) == "+" else " + "

    out = []
    for new in sub_each(_BIN, flip, value, limit=8):
        out.append(one_line(f"line {line0 + 1}: flip a sign", line0, head + new))
    for new in sub_each(_NEG_CALL, r"\1(", value):
        out.append(one_line(f"line {line0 + 1}: drop a negation inside exp", line0, head + new))
    for new in sub_each(_POS_CALL, r"\1(-", value):
        out.append(one_line(f"line {line0 + 1}: negate an exp argument", line0, head + new))
    return out


@operator("sqrt_swap", "sqrt", 1, "sqrt <-> rsqrt, 1/sqrt -> rsqrt, a/b <-> a*b", scopes=("kernel", "cuda"))
def _sqrt(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    out = []
    for new in sub_each(r"\btl\.sqrt\(", "tl.rsqrt(", code):
        out.append(one_line(f"line {line0 + 1}: tl.sqrt -> tl.rsqrt", line0, new))
    for new in sub_each(r"\btl\.rsqrt\(", "tl.sqrt(", code):
        out.append(one_line(f"line {line0 + 1}: tl.rsqrt -> tl.sqrt", line0, new))
    for new in sub_each(r"(?<!r)\bsqrtf\(", "rsqrtf(", code):
        out.append(one_line(f"line {line0 + 1}: sqrtf -> rsqrtf", line0, new))
    for new in sub_each(r"\brsqrtf\(", "sqrtf(", code):
        out.append(one_line(f"line {line0 + 1}: rsqrtf -> sqrtf", line0, new))
    for new in sub_each(r"\b1(?:\.0?)?f?\s*/\s*tl\.sqrt\(", "tl.rsqrt(", code):
        out.append(one_line(f"line {line0 + 1}: 1/tl.sqrt -> tl.rsqrt", line0, new))
    for new in sub_each(r"(?<=[\w)])\s*/\s*(?=[\w(])", " * ", code, limit=3):
        out.append(one_line(f"line {line0 + 1}: a / b -> a * b", line0, new))
    for new in sub_each(r"(?<=[\w)])\s*\*\s*(?=(\w*(rstd|inv|rcp|scale|norm)\w*)\b)", " / ", code, limit=3):
        out.append(one_line(f"line {line0 + 1}: a * b -> a / b", line0, new))
    return out


_ROOT = re.compile(r"\b(tl\.r?sqrt|r?sqrtf|tl\.math\.r?sqrt|libdevice\.r?sqrt)\(")


@operator("eps_inside", "eps", 1, "move eps inside the (r)sqrt, or add it where it is missing", scopes=("kernel", "cuda"))
def _eps(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    k = src.kernel_at(line0)
    eps_names = [p for p in (k.params if k else []) if "eps" in p.lower()] or \
        sorted(set(re.findall(r"\b\w*eps\w*\b", src.source)))[:1]
    out = []
    for m in _ROOT.finditer(code):
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        inner = code[m.end():end - 1]
        after = re.match(r"\s*\+\s*(\w*eps\w*)\b", code[end:])
        if after:  # sqrt(v) + eps -> sqrt(v + eps)
            new = code[: m.end()] + inner + f" + {after.group(1)})" + code[end + after.end():]
            out.append(one_line(f"line {line0 + 1}: eps moved inside {m.group(1)}", line0, new))
        # (sqrt(v) + eps) wrapped in parentheses: the same with the closing paren after eps
        elif "eps" not in inner:
            for e in eps_names:
                new = code[: m.end()] + inner + f" + {e})" + code[end:]
                out.append(one_line(f"line {line0 + 1}: add {e} inside {m.group(1)}", line0, new))
        inside = re.fullmatch(r"(.+?)\s*\+\s*(\w*eps\w*)\s*", inner)
        if inside and m.group(1).endswith("sqrt") and "rsqrt" not in m.group(1):
            # sqrt(v + eps) -> (sqrt(v) + eps): eps added to the standard deviation, not the variance
            new = code[: m.start()] + f"({code[m.start():m.end()]}{inside.group(1)}) + {inside.group(2)})" + code[end:]
            out.append(one_line(f"line {line0 + 1}: eps moved outside {m.group(1)}", line0, new))
        m2 = re.search(r"\s*\+\s*(\w*eps\w*)\s*\*\s*\1", inner)
        if m2:  # eps * eps inside
            new_inner = inner[: m2.start()] + f" + {m2.group(1)}" + inner[m2.end():]
            out.append(one_line(f"line {line0 + 1}: eps (not eps^2) inside {m.group(1)}", line0,
                                code[: m.end()] + new_inner + code[end - 1:]))
    return out


_TANH_LINE = re.compile(r"^(\s*)(\w+\s*=|return\b)\s*\((\w+)\s*-\s*1(?:\.0*)?\)\s*/\s*\((\w+)\s*\+\s*1(?:\.0*)?\)\s*$")
_EXP2X = re.compile(r"^(\s*)(\w+)\s*=\s*tl\.exp\(\s*2(?:\.0*)?\s*\*\s*(\w+)\s*\)\s*$")
_SOFTPLUS = re.compile(r"\btl\.log\(\s*1(?:\.0*)?\s*\+\s*tl\.exp\(\s*(\w+)\s*\)\s*\)")
_LSE = re.compile(r"\btl\.log\(\s*tl\.sum\(\s*tl\.exp\(\s*(\w+)\s*\)\s*,\s*(axis\s*=\s*)?(\d+)\s*\)\s*\)")


_SUM_EXP = re.compile(r"^(\s*)(\w+)\s*=\s*tl\.sum\(\s*tl\.exp\(\s*(\w+)\s*\)\s*,\s*(?:axis\s*=\s*)?(\d+)\s*\)\s*$")


def _split_lse(lines: list[str]) -> list:
    """`s = tl.sum(tl.exp(x), axis=0)` ... `tl.log(s)`: subtract the max first, add it back after the log."""
    out = []
    for i, ln in enumerate(lines):
        m = _SUM_EXP.match(code_part(ln))
        if not m:
            continue
        ind, s_name, x, axis = m.groups()
        mx = f"{x}_max"
        for j in range(i + 1, min(i + 12, len(lines))):
            if re.search(rf"\btl\.log\(\s*{s_name}\s*\)", lines[j]):
                new = [f"{ind}{mx} = tl.max({x}, axis={axis})",
                       f"{ind}{s_name} = tl.sum(tl.exp({x} - {mx}), axis={axis})", *lines[i + 1:j],
                       re.sub(rf"\btl\.log\(\s*{s_name}\s*\)", f"({mx} + tl.log({s_name}))", lines[j])]
                out.append((f"lines {i + 1}-{j + 1}: log-sum-exp with the max subtracted", i, j + 1, new))
                break
    return out


@operator("stable_math", "stable", 2, "numerically stable tanh, softplus and log-sum-exp", global_=True)
def _stable(src: Src, line0: int) -> list:
    out = _split_lse(src.lines)
    lines = src.lines
    exps = {}
    for i, ln in enumerate(lines):
        m = _EXP2X.match(code_part(ln))
        if m:
            exps[m.group(2)] = (i, m.group(1), m.group(3))
        t = _TANH_LINE.match(code_part(ln))
        if t and t.group(3) == t.group(4) and t.group(3) in exps:
            j, ind, x = exps[t.group(3)]
            e = t.group(3)
            new = list(lines[j:i + 1])
            new[0] = f"{ind}{e} = tl.exp(-2.0 * tl.abs({x}))"
            new[-1] = f"{t.group(1)}{t.group(2)} tl.where({x} >= 0, (1.0 - {e}) / (1.0 + {e}), ({e} - 1.0) / (1.0 + {e}))"
            out.append((f"lines {j + 1}-{i + 1}: tanh via exp(-2|x|)", j, i + 1, new))
        code = code_part(ln)
        for new in sub_each(_SOFTPLUS, lambda m: f"(tl.maximum({m.group(1)}, 0.0) + tl.log(1.0 + tl.exp(-tl.abs({m.group(1)}))))", code):
            out.append(one_line(f"line {i + 1}: softplus as max(x,0) + log(1+exp(-|x|))", i, new))
        for new in sub_each(_LSE, lambda m: (f"(tl.max({m.group(1)}, axis={m.group(3)}) + tl.log(tl.sum(tl.exp({m.group(1)} - "
                                             f"tl.max({m.group(1)}, axis={m.group(3)})), axis={m.group(3)})))"), code):
            out.append(one_line(f"line {i + 1}: log-sum-exp with the max subtracted", i, new))
        for m in re.finditer(r"\((tl\.exp\(\s*2(?:\.0*)?\s*\*\s*(\w+)\s*\))\s*-\s*1(?:\.0*)?\)\s*/\s*\(\1\s*\+\s*1(?:\.0*)?\)", code):
            x = m.group(2)
            rep = (f"tl.where({x} >= 0, (1.0 - tl.exp(-2.0 * tl.abs({x}))) / (1.0 + tl.exp(-2.0 * tl.abs({x}))), "
                   f"(tl.exp(-2.0 * tl.abs({x})) - 1.0) / (1.0 + tl.exp(-2.0 * tl.abs({x}))))")
            out.append(one_line(f"line {i + 1}: tanh via exp(-2|x|)", i, code[: m.start()] + rep + code[m.end():]))
    return out


@operator("atomic_store", "atomic", 2, "accumulate a split reduction with tl.atomic_add (output zeroed)", global_=True)
def _atomic(src: Src, line0: int) -> list:
    out = []
    stores = [i for i, ln in enumerate(src.lines) if "tl.store(" in ln and src.scope_of(i) == "kernel"]
    allocs = [i for i, ln in enumerate(src.lines) if src.scope_of(i) == "host" and re.search(r"\btorch\.empty(_like)?\(", ln)]
    for s in stores:
        new_store = src.lines[s].replace("tl.store(", "tl.atomic_add(", 1)
        out.append(one_line(f"line {s + 1}: tl.store -> tl.atomic_add", s, new_store))
        for a in allocs:
            lo, hi = min(s, a), max(s, a)
            block = list(src.lines[lo:hi + 1])
            block[s - lo] = new_store
            block[a - lo] = re.sub(r"\btorch\.empty(_like)?\(", lambda m: f"torch.zeros{m.group(1) or ''}(", block[a - lo])
            out.append((f"line {s + 1}: tl.atomic_add, and line {a + 1} allocates zeros", lo, hi + 1, block))
    return out


_CUMSUM_MINUS = re.compile(r"\b(tl\.cumsum\(\s*(\w+)\s*(?:,[^()]*)?\))\s*-\s*(\w+)\b")
_CUMSUM = re.compile(r"\b(tl\.cumsum\(\s*(\w+)\s*(?:,[^()]*)?\))")


@operator("scan_inclusive", "scan", 1, "inclusive <-> exclusive scan", scopes=("kernel",))
def _scan(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    out = []
    for new in sub_each(_CUMSUM_MINUS, lambda m: m.group(1) if m.group(2) == m.group(3) else None, code):
        out.append(one_line(f"line {line0 + 1}: exclusive -> inclusive scan", line0, new))
    if not out:
        for new in sub_each(_CUMSUM, lambda m: f"({m.group(1)} - {m.group(2)})", code):
            out.append(one_line(f"line {line0 + 1}: inclusive -> exclusive scan", line0, new))
        for new in sub_each(r"\breverse\s*=\s*True", "reverse=False", code):
            out.append(one_line(f"line {line0 + 1}: forward scan", line0, new))
    return out


_LOG2E = "1.4426950408889634"
_HAS_LOG2E = re.compile(r"1\.44269|log2e|LOG2E|log2_e|LOG2_E|RCP_LN2|rcp_ln2")


@operator("exp_base", "sqrt", 2, "exp2 without the log2(e) factor, or exp given an argument already scaled by it",
          scopes=("kernel",))
def _exp_base(src: Src, line0: int) -> list:
    code = code_part(src.lines[line0])
    out = []
    for m in re.finditer(r"\btl\.(exp2|exp|math\.exp2|math\.exp)\(", code):
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        arg = code[m.end():end - 1]
        base2 = m.group(1).endswith("exp2")
        if base2 and not _HAS_LOG2E.search(arg):
            for new, what in ((f"tl.exp2(({arg}) * {_LOG2E})", "exp2 of x * log2(e)"), (f"tl.exp({arg})", "exp2 -> exp")):
                out.append(one_line(f"line {line0 + 1}: {what}", line0, code[: m.start()] + new + code[end:]))
        elif not base2 and _HAS_LOG2E.search(arg):
            out.append(one_line(f"line {line0 + 1}: exp -> exp2 (its argument carries log2(e))", line0,
                                code[: m.start()] + f"tl.exp2({arg})" + code[end:]))
    return out


@operator("eps_square", "eps", 2, "a scalar under a square root that must be squared like its partner: "
          "sqrt(d * d + eps) -> sqrt(d * d + eps * eps)", scopes=("kernel", "cuda"))
def _eps_square(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    if not re.search(r"\bsqrtf?\(|\brsqrtf?\(", code) or not re.search(r"(\w+)\s*\*\s*\1\b", code):
        return []
    k = src.kernel_at(line0)
    params = set(k.params) if k is not None else set()
    out = []
    for m in re.finditer(r"\b(eps\w*|epsilon|delta|\w*_eps)\b", code, re.I):
        name = m.group(1)
        if params and name not in params:
            continue
        if re.search(rf"\b{name}\s*\*\s*{name}\b", code):
            continue
        out.append(one_line(f"line {line0 + 1}: `{name}` squared", line0, code[: m.start()] + f"{name} * {name}"
                            + code[m.end():] + text[len(code):]))
    return out


_LOG = re.compile(r"\btl\.(log|log2|math\.log)\(")


@operator("log_eps", "eps", 2, "an eps inside a log whose argument can reach 0: log(1 - t * t) -> log(1 - t * t + 1e-6)",
          scopes=("kernel",))
def _log_eps(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    k = src.kernel_at(line0)
    eps = next((p for p in (k.params if k else []) if "eps" in p.lower()), "1e-6")
    out = []
    for m in _LOG.finditer(code):
        end = call_span(code, m.end() - 1)
        if end is None:
            continue
        inner = code[m.end():end - 1]
        if "eps" in inner or "e-" in inner or not re.search(r"[^\s(]\s*-\s*\S", inner):
            continue  # only a difference can cancel to 0
        new = code[: end - 1] + f" + {eps}" + code[end - 1:] + text[len(code):]
        out.append(one_line(f"line {line0 + 1}: {eps} added inside {m.group(0)[:-1]}", line0, new))
    return out



_TERM = r"[\w.]+(?:\[[^\]]*\])?(?:\([^()]*\))?"
_ONE = r"1(?:\.0*)?f?"
_LERP = re.compile(rf"(?P<a>{_TERM})\s*\*\s*(?P<w>\w+)\s*\+\s*(?P<b>{_TERM})\s*\*\s*\(\s*(?P<one>{_ONE})\s*-\s*(?P=w)\s*\)")
_LERP_BACK = re.compile(rf"(?P<a>{_TERM})\s*\*\s*\(\s*(?P<one>{_ONE})\s*-\s*(?P<w>\w+)\s*\)\s*\+\s*(?P<b>{_TERM})\s*\*\s*(?P=w)\b")


@operator("lerp_weights", "operand", 2, "an interpolation's two weights exchanged: c0 * f + c1 * (1 - f) -> "
          "c0 * (1 - f) + c1 * f (and back)", scopes=("kernel", "cuda"))
def _lerp_weights(src: Src, line0: int) -> list:
    text = src.lines[line0]
    code = code_part(text)
    out = []
    for rx, form in ((_LERP, "{a} * ({one} - {w}) + {b} * {w}"), (_LERP_BACK, "{a} * {w} + {b} * ({one} - {w})")):
        for new in sub_each(rx, lambda m: form.format(**m.groupdict()), code):
            out.append(one_line(f"line {line0 + 1}: the interpolation's weights exchanged", line0, new + text[len(code):]))
    return out
