"""Fault localization from the verifier's evidence: where in the kernel the wrong outputs come from.

The report says *how* outputs are wrong (which cases fail, where in the tensor the bad elements
are, NaN, never written, wrong dtype, less accurate than the reference). This module maps that to
*which lines* of the candidate can cause it: the stores that write the outputs, the loads, masks,
loop bounds, reductions and initial values that feed them (a def-use slice over the kernel), the
grid and host-side arguments of the launch, and ModelNew's allocations and helper calls. Each
line gets a score: how well its kind explains the symptoms, times whether it feeds a store. The
result is a `Localization` (written to the run directory as localization.json) and the operator
families the symptoms point at, which order the edit search.

Layer 3 (agents/): imports the report models only; parses sources with `ast` (no execution).
"""

from __future__ import annotations

import ast
import json
import logging
import re
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field

from kagent.report import VerifyReport

log = logging.getLogger("kagent.agents.localize")

class Symptoms(BaseModel):
    """The report's evidence, condensed into the features localization and the search use."""

    model_config = ConfigDict(extra="forbid")

    failure_class: str | None = None
    classes: list[str] = Field(default_factory=list, description="every failure class among the error findings")
    locations: list[str] = Field(default_factory=list, description="Mismatch.location of the mismatches")
    failing_cases: list[str] = Field(default_factory=list)
    case_kinds: list[str] = Field(default_factory=list, description="seed | stress_negative | scale_large | "
                                  "scale_small | offset | special | shape")
    only_some_cases: bool = Field(False, description="some cases pass: the default inputs may be fine")
    nan: bool = False


class Site(BaseModel):
    model_config = ConfigDict(extra="forbid")

    line: int = Field(description="1-based line")
    kinds: list[str]
    scope: str = Field(description="kernel:NAME | host:NAME | cuda")
    text: str
    score: float
    why: list[str] = Field(default_factory=list)


class Localization(BaseModel):
    model_config = ConfigDict(extra="forbid")

    symptoms: Symptoms
    families: list[str] = Field(description="operator families, most suspected first")
    family_weights: dict[str, float] = Field(default_factory=dict)
    sites: list[Site] = Field(description="ranked, most suspected first")

    def top_lines(self, n: int = 12) -> list[int]:
        return [s.line for s in self.sites[:n]]

    def prompt_lines(self, n: int = 6) -> list[str]:
        """The localization for a prompt: the symptoms and the top sites, one line each."""
        s = self.symptoms
        head = (f"symptoms: class {s.failure_class or '-'}; where: {', '.join(s.locations) or '-'}; failing case kinds: "
                f"{', '.join(s.case_kinds) or '-'}{' (other cases pass)' if s.only_some_cases else ''}"
                f"{'; NaN/Inf outputs' if s.nan else ''}; suspected: {', '.join(self.families[:6])}")
        out = [head]
        for site in self.sites[:n]:
            out.append(f"line {site.line} ({'/'.join(site.kinds)}, {site.scope}, score {site.score:.2f}): "
                       f"`{site.text.strip()[:120]}` -- {'; '.join(site.why[:3])}")
        return out


# -- symptoms ----------------------------------------------------------------------------------
def _case_kind(name: str) -> str:
    n = name.lower()
    if n.startswith("shape"):
        return "shape"
    if "neg" in n:
        return "stress_negative"
    if "large" in n or "1e3" in n or "big" in n:
        return "scale_large"
    if "small" in n or "1e-3" in n or "tiny" in n:
        return "scale_small"
    if "offset" in n or "mean" in n:
        return "offset"
    if "special" in n or "inf" in n or "nan" in n:
        return "special"
    return "seed"


def symptoms_of(report: VerifyReport) -> Symptoms:
    errs = report.errors()
    cases = sorted({f.case for f in errs if f.case})
    kinds: list[str] = []
    for c in cases:
        k = _case_kind(c)
        if k not in kinds:
            kinds.append(k)
    locs: list[str] = []
    nan = False
    for f in errs:
        loc = f.evidence.get("location")
        if isinstance(loc, str) and loc not in locs and loc != "none":
            locs.append(loc)
        if (f.evidence.get("nan_count") or 0) > 0 or f.failure_class == "nan_output":
            nan = True
    all_cases = [c.name for c in report.cases]
    classes = sorted({f.failure_class for f in errs if f.failure_class})
    return Symptoms(failure_class=report.failure_class, classes=classes, locations=locs, failing_cases=cases,
                    case_kinds=kinds, only_some_cases=bool(cases) and bool(all_cases) and len(cases) < len(all_cases),
                    nan=nan)


# symptom feature -> {operator family: weight}; a family's weight is the sum over the features seen
_EVIDENCE: dict[str, dict[str, float]] = {
    "class:numerical_mismatch": {"sign": 1.0, "sqrt": 1.0, "eps": 0.8, "init": 1.0, "other": 0.8, "scan": 0.8,
                                 "operand": 0.8, "divisor": 0.8, "order": 0.5, "axis": 0.5,
                                 "stride": 0.8, "args": 0.8, "atomic": 0.6, "compare": 0.5, "mask": 0.4,
                                 "block": 0.5, "pid": 0.4, "stable": 0.3, "dtype": 0.3, "grid": 0.3},
    "class:out_of_bounds": {"compare": 2.0, "mask": 2.0, "grid": 0.8, "block": 0.5, "stride": 0.5},
    "class:uninitialized_output": {"grid": 2.0, "block": 1.5, "pid": 1.5, "compare": 1.0, "mask": 0.8,
                                   "stride": 0.6},
    "class:nan_output": {"stable": 2.0, "other": 1.5, "init": 1.0, "eps": 1.0, "mask": 0.8, "compare": 0.5},
    "class:dtype_mismatch": {"out_dtype": 3.0, "dtype": 1.0},
    "class:precision_loss": {"dtype": 3.0, "stable": 0.5},
    "class:shape_mismatch": {"shape": 3.0, "out_dtype": 0.3, "args": 0.5},
    "class:nondeterministic": {"atomic": 1.5, "mask": 0.5},
    "class:runtime_error": {"args": 1.0, "mask": 0.5, "block": 0.5, "grid": 0.5},
    "class:compile_error": {"dtype": 0.5, "args": 0.5},
    "loc:tail_of_rows": {"compare": 1.0, "mask": 1.0, "block": 1.2, "other": 0.6, "grid": 0.4},
    "loc:trailing": {"compare": 1.0, "mask": 0.8, "grid": 1.2, "block": 0.6},
    "loc:leading": {"compare": 0.6, "stride": 0.8, "pid": 0.6, "other": 0.4},
    "loc:whole_rows": {"grid": 1.0, "stride": 1.0, "pid": 0.8, "args": 0.4, "init": 0.5, "other": 0.4,
                       "atomic": 0.4},
    "loc:strided": {"stride": 1.2, "pid": 1.2, "grid": 0.8, "sign": 0.4},
    "loc:scattered": {"sign": 0.6, "init": 0.6, "other": 0.4, "atomic": 0.6, "scan": 0.4, "stride": 0.4,
                      "order": 0.4},
    "loc:all": {"sign": 0.8, "sqrt": 0.8, "eps": 0.6, "args": 0.6, "scan": 0.6, "stable": 0.3, "atomic": 0.6,
                "stride": 0.5, "operand": 0.6, "divisor": 0.6, "axis": 0.4},
    "case:stress_negative": {"init": 2.0, "other": 1.5, "sign": 0.5, "stable": 0.5},
    "case:scale_large": {"stable": 2.0, "dtype": 0.6, "eps": 0.5},
    "case:scale_small": {"eps": 2.0, "stable": 0.4},
    "case:offset": {"stable": 1.0, "eps": 0.5, "init": 0.5},
    "case:special": {"stable": 1.0, "other": 0.6},
    "case:shape": {"compare": 1.2, "mask": 1.2, "block": 1.2, "grid": 1.0, "other": 0.5, "stride": 0.4,
                   "init": 0.3},
    # a NaN row of a masked softmax: every key masked off (an off-by-one causal or padding mask)
    "nan": {"stable": 1.0, "other": 0.6, "eps": 0.5, "compare": 0.6},
    "all_cases": {"sign": 0.3, "sqrt": 0.3, "args": 0.3, "scan": 0.3, "pid": 0.2, "grid": 0.2, "atomic": 0.3,
                  "operand": 0.3, "divisor": 0.3},
}
ALL_FAMILIES = ("compare", "mask", "other", "init", "dtype", "out_dtype", "grid", "block", "stride", "pid",
                "sign", "sqrt", "eps", "stable", "atomic", "scan", "args", "operand", "divisor", "shape", "order",
                "axis")


def family_weights(sym: Symptoms) -> dict[str, float]:
    feats = [f"class:{c}" for c in sym.classes] or ([f"class:{sym.failure_class}"] if sym.failure_class else [])
    feats += [f"loc:{loc}" for loc in sym.locations]
    feats += [f"case:{k}" for k in sym.case_kinds]
    if sym.nan:
        feats.append("nan")
    if not sym.only_some_cases:
        feats.append("all_cases")
    w = {f: 0.1 for f in ALL_FAMILIES}  # every family stays possible: the evidence only orders them
    for feat in feats:
        for fam, v in _EVIDENCE.get(feat, {}).items():
            w[fam] = w.get(fam, 0.0) + v
    return w


# -- sites -------------------------------------------------------------------------------------
# a line's kinds, from its text (the AST decides the scope; the text its role)
_KIND_RE: list[tuple[str, re.Pattern[str]]] = [
    ("store", re.compile(r"\btl\.store\(")),
    ("atomic", re.compile(r"\btl\.atomic_\w+\(")),
    ("load", re.compile(r"\btl\.load\(")),
    # a mask written as a comparison, passed as one, or built from others (keep = cmask[None, :])
    # (an equality too: `swap = ry == 0`, a condition named for its role, is a line like any mask)
    ("mask", re.compile(r"\bmask\s*=|[<>]=?\s*\w|[=!]=\s*\w|\btl\.where\(|^\w*(mask|keep|valid)\w*\s*=(?!=)")),
    ("loop", re.compile(r"^\s*for\s+\w+\s+in\s+(tl\.)?(static_)?range\(")),
    ("reduction", re.compile(r"\btl\.(sum|max|min|reduce|argmax|argmin|dot)\(")),
    ("init", re.compile(r"\btl\.(zeros|full)\(|^\w+\s*=\s*-?(float\(|[\d.]+$)")),  # scalar: best = 0.0
    ("scan", re.compile(r"\btl\.(cumsum|cumprod|associative_scan)\(")),
    ("pid", re.compile(r"\btl\.program_id\(")),
    ("cast", re.compile(r"\.to\(|\bdtype\s*=|\btl\.float(16|32|64)\b|\btl\.bfloat16\b")),
    ("math", re.compile(r"\btl\.(exp2?|log2?|sqrt|rsqrt|abs|sigmoid|erf|tanh|maximum|minimum|clamp|fma)\(|libdevice|"
                        r"\bmath\.|[-+*/]\s*\w")),
    ("block", re.compile(r"\bBLOCK\w*\s*=|next_power_of_2|\b[A-Z_]*BLOCK[A-Z_]*\s*[:=]")),
    ("alloc", re.compile(r"\btorch\.(empty|zeros|ones|full|empty_like|zeros_like)\(")),
    ("grid", re.compile(r"\]\s*\(|\bgrid\s*=|\bcdiv\(")),
    ("index", re.compile(r"\s(%|//)\s*\w")),  # a flat offset split into coordinates
    ("copy", re.compile(r"^\w+\s*=\s*[A-Za-z_][\w.]*$")),  # y = acc: where a term or a factor may be missing
    # coefficients written out: a, b, c = (3.4445, -4.7750, 2.0315), where a sign may be lost
    ("const", re.compile(r"^[\w, ]+=\s*[(\[]?\s*-?\d+\.\d*(e-?\d+)?(\s*,\s*-?\d+\.\d*(e-?\d+)?)+\s*[)\]]?$")),
    ("host_arg", re.compile(r"\.stride\(|\.shape\[|\.size\(|\bself\.\w+")),
]
_CUDA_RE: list[tuple[str, re.Pattern[str]]] = [
    ("store", re.compile(r"\w+\s*\[[^\]]+\]\s*[+\-*/]?=(?!=)")),
    ("mask", re.compile(r"\bif\s*\(|[<>]=?")),
    ("loop", re.compile(r"\bfor\s*\(")),
    ("pid", re.compile(r"\b(blockIdx|threadIdx|blockDim|gridDim)\.")),
    ("cast", re.compile(r"\b(half|__half|float|double|__nv_bfloat16)\b")),
    ("math", re.compile(r"\b(?:__)?(?:exp2?|expm1|log2?|log10|log1p|sqrt|rsqrt|cbrt|pow|tanh|sinh|cosh|tan|sin|cos|"
                        r"atan2?|asin|acos|erfc?|fmod|remainder|floor|ceil|round|rint|trunc|fabs|fmax|fmin|fma|hypot)f?\("
                        r"|[-+*/]\s*\w")),
    ("init", re.compile(r"\b(float|double|half)\s+\w+\s*=\s*[-\w.]+;")),
    ("grid", re.compile(r"<<<|\bdim3\b|\bblocks\s*=|\bthreads\s*=")),
]

_HELPER_CALL = re.compile(r"(?<![\w.])([A-Za-z_]\w*)\(")  # a call of a plain name: a @triton.jit helper in a kernel
_BUILTIN_CALLS = {"range", "min", "max", "int", "float", "len", "abs"}

# site kind -> operator families that edit it
KIND_FAMILIES: dict[str, tuple[str, ...]] = {
    "store": ("mask", "atomic", "compare", "stride", "other"),
    "atomic": ("atomic",),
    "load": ("mask", "other", "stride", "dtype", "axis"),
    "mask": ("compare", "mask", "other"),
    "loop": ("compare", "block"),
    "reduction": ("init", "other", "dtype", "atomic", "axis", "order"),
    "init": ("init", "dtype"),
    "scan": ("scan",),
    "pid": ("pid", "grid", "stride"),
    "cast": ("dtype", "out_dtype"),
    "math": ("sign", "sqrt", "eps", "stable", "operand", "divisor", "order"),
    "block": ("block",),
    "alloc": ("out_dtype", "atomic", "shape"),
    "grid": ("grid", "block"),
    "host_arg": ("stride", "args"),
    "index": ("stride", "operand"),
    "call": ("args", "operand", "sqrt"),
    "copy": ("operand",),
    "const": ("sign", "init"),
    "cuda": ("compare", "dtype", "pid", "init", "sqrt", "grid"),
}


def _decorator_names(fn: ast.FunctionDef) -> list[str]:
    out = []
    for d in fn.decorator_list:
        node = d.func if isinstance(d, ast.Call) else d
        out.append(ast.unparse(node))
    return out


def _is_kernel(fn: ast.FunctionDef) -> bool:
    return any(n.endswith("jit") or n.endswith("autotune") or n.endswith("heuristics") for n in _decorator_names(fn))


def _cuda_ranges(tree: ast.Module, lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) lines of string constants that hold CUDA C or a CPU extension's C++."""
    from kagent.patterns.operators.base import c_source_ranges

    return c_source_ranges(tree)


def _names(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _slice_lines(fn: ast.FunctionDef) -> dict[int, float]:
    """Lines of `fn` that feed a store (tl.store / atomic / the returned value), by a backward
    def-use slice over plain assignments; 1.0 for the sinks, decaying with distance."""
    assigns: dict[str, list[tuple[int, set[str]]]] = {}
    sinks: list[tuple[int, set[str]]] = []
    for node in ast.walk(fn):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = node.value
            if value is None:
                continue
            used = _names(value) | (_names(node.target) if isinstance(node, ast.AugAssign) else set())
            for t in targets:
                for name in _names(t):
                    assigns.setdefault(name, []).append((node.lineno, used))
        elif isinstance(node, ast.For):
            for name in _names(node.target):
                assigns.setdefault(name, []).append((node.lineno, _names(node.iter)))
        elif isinstance(node, ast.Call):
            f = ast.unparse(node.func)
            if f.startswith("tl.store") or f.startswith("tl.atomic_"):
                sinks.append((node.lineno, _names(node)))
        elif isinstance(node, ast.Return) and node.value is not None:
            sinks.append((node.lineno, _names(node.value)))
    depth: dict[int, float] = {}
    _walk_back(sinks, assigns, 1.0, depth)
    return depth


def _walk_back(sinks: list[tuple[int, set[str]]], assigns: dict[str, list[tuple[int, set[str]]]], top: float,
               depth: dict[int, float]) -> set[str]:
    """The backward def-use walk from the sinks (weight `top`) through the assignments, decaying 0.85 a
    step down to 0.4, into `depth` (line -> weight); returns the names it reached."""
    frontier = [(ln, used, top) for ln, used in sinks]
    seen: set[str] = set()
    while frontier:
        ln, used, w = frontier.pop(0)
        depth[ln] = max(depth.get(ln, 0.0), w)
        for name in used:
            if name in seen:
                continue
            seen.add(name)
            for aln, aused in assigns.get(name, []):
                frontier.append((aln, aused, max(0.4, w * 0.85)))
    return seen


_C_ID = re.compile(r"(?<![\w.])[A-Za-z_]\w*")
_C_ASSIGN = re.compile(r"^(?:(?:const|unsigned|signed|long|short|volatile|auto)\s+)*(?:[A-Za-z_][\w:<>]*\s*\*?\s+)?\**"
                       r"([A-Za-z_]\w*)\s*(?:\[[^\]]*\]\s*)?([-+*/%&|^]|<<|>>)?=(?!=)\s*(.*)$")
_C_STORE = re.compile(r"^\*?\s*[A-Za-z_]\w*\s*\[.*\]\s*[-+*/]?=(?!=)|^\*\s*[A-Za-z_]\w*\s*[-+*/]?=(?!=)|\batomic\w+\(")
_C_FUNC = re.compile(r"^(?:template\s*<[^>]*>\s*)?(?:static\s+|inline\s+)*(__global__|__device__)?[\w:<>\s*]*?\b\w+\s*\(")


def _c_statements(code: str) -> list[str]:
    """A C line's statements: `if (d < b1) { b2 = b1; j1 = k; }` -> the condition's names as one
    ("?d < b1"), each assignment as another; a for header's start as an assignment that also reads
    the loop's bound."""
    out, rest = [], code
    while True:
        m = re.search(r"\b(if|while|for|switch)\s*\(", rest)
        if not m:
            break
        depth, j = 0, m.end() - 1
        for j in range(m.end() - 1, len(rest)):
            depth += {"(": 1, ")": -1}.get(rest[j], 0)
            if depth == 0:
                break
        out += [p.strip() for p in re.split(r"[;{}]", rest[:m.start()]) if p.strip() and p.strip() != "else"]
        header = rest[m.end():j]
        if m.group(1) == "for" and header.count(";") >= 2:
            start, cond, _step = header.split(";", 2)
            out += ([start.strip() + " " + " ".join(_C_ID.findall(cond))] if "=" in start else []) + ["?" + cond]
        else:
            out.append("?" + header)
        rest = rest[j + 1:]
    out += [p.strip() for p in re.split(r"[;{}]", rest) if p.strip() and p.strip() != "else"]
    # a switch's labels are no part of the statement they head (`case 0: ro = v`)
    return [re.sub(r"^(?:case\s+[^:]+|default)\s*:\s*", "", p) for p in out]


def _cuda_slice(lines: list[str], first: int, last: int) -> dict[int, float]:
    """The CUDA C twin of _slice_lines: in each device function of a CUDA string, the lines that feed
    a store to memory (`y[i] = ...`, `*out += ...`, an atomic, a __device__ function's return) by a
    backward def-use slice over its assignments, 1.0 for the stores and decaying with distance; in
    each host function (the launcher), the lines that feed the launch and the returned tensor, from
    0.7. Text only: C kernels keep one or a few statements per line."""
    funcs: list[tuple[bool, list[int]]] = []  # (device?, lines)
    depth, current = 0, None
    for ln in range(first, last + 1):
        code = lines[ln - 1].split("//")[0].strip()
        if depth == 0 and code and not code.startswith("#"):
            m = _C_FUNC.match(code)
            if m and not code.endswith(";"):
                current = (bool(m.group(1)), [])
                funcs.append(current)
        if current is not None and depth > 0:
            current[1].append(ln)
        depth = max(0, depth + code.count("{") - code.count("}"))
        if depth == 0 and "}" in code:
            current = None
    out: dict[int, float] = {}
    # C++ alone (a CPU extension): its host functions are the kernels, their stores the sinks
    host_only = not any("__global__" in lines[ln - 1] for ln in range(first, last + 1))
    for device, body in funcs:
        device = device or host_only
        assigns: dict[str, list[tuple[int, set[str]]]] = {}
        sinks: list[tuple[int, set[str]]] = []
        conds: list[tuple[int, set[str]]] = []
        local = {n for ln in body for n in re.findall(r"(?:^|,|\s)([A-Za-z_]\w*)\s*\[\s*\w*\s*\]\s*(?=[;,])",
                                                       lines[ln - 1].split("//")[0])}  # float a[4], buf[]
        for ln in body:
            for st in _c_statements(lines[ln - 1].split("//")[0]):
                if st.startswith("?"):
                    conds.append((ln, set(_C_ID.findall(st[1:]))))
                    continue
                used = set(_C_ID.findall(st))
                target = re.match(r"\*?\s*([A-Za-z_]\w*)", st)
                if (device and _C_STORE.search(st) and not (target and target.group(1) in local)) \
                        or re.match(r"return\b\s*\S", st) or "<<<" in st:
                    sinks.append((ln, used))
                    continue
                ctor = re.match(r"(?:const\s+)?dim3\s+(\w+)\s*\((.*)\)$", st)  # dim3 grid(C / TILE, R / TILE)
                if ctor:
                    assigns.setdefault(ctor.group(1), []).append((ln, set(_C_ID.findall(ctor.group(2)))))
                    continue
                for piece in st.split(","):  # const int t = blockIdx.y, h = blockIdx.x
                    m = _C_ASSIGN.match(piece.strip())
                    if m:
                        rhs = set(_C_ID.findall(m.group(3))) | ({m.group(1)} if m.group(2) else set())
                        assigns.setdefault(m.group(1), []).append((ln, rhs))
        top = 1.0 if device else 0.7
        seen = _walk_back(sinks, assigns, top, out)
        for ln, used in conds:  # a branch on sliced names guards what it feeds
            if used & seen:
                out[ln] = max(out.get(ln, 0.0), 0.6 * top)
    return out


def _kinds(text: str, patterns: Iterable[tuple[str, re.Pattern[str]]]) -> list[str]:
    return [k for k, rx in patterns if rx.search(text)]


def sites_of(source: str, weights: dict[str, float], priors: bool = True) -> list[Site]:
    """Every line of the kernels, ModelNew and its helpers, CUDA C strings included, scored (`priors`:
    with what the kind of line says on its own)."""
    lines = source.splitlines()
    try:
        tree = ast.parse(source)
    except SyntaxError as exc:
        log.debug("localize: source does not parse: %s", exc)
        return []
    scopes: dict[int, tuple[str, float]] = {}  # line -> (scope, slice weight)
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name != "Model":
            for item in node.body:
                if isinstance(item, ast.FunctionDef):
                    sl = _slice_lines(item)
                    for ln in range(item.lineno, (item.end_lineno or item.lineno) + 1):
                        scopes.setdefault(ln, (f"host:{node.name}.{item.name}", sl.get(ln, 0.5)))
        elif isinstance(node, ast.FunctionDef) and node.col_offset == 0 and not node.name.startswith("get_"):
            kernel = _is_kernel(node)
            sl = _slice_lines(node)
            for ln in range(node.lineno + 1, (node.end_lineno or node.lineno) + 1):
                scopes[ln] = (f"{'kernel' if kernel else 'host'}:{node.name}", sl.get(ln, 0.3 if kernel else 0.5))
    for first, last in _cuda_ranges(tree, lines):
        sl = _cuda_slice(lines, first, last)
        for ln in range(first, last + 1):
            scopes[ln] = ("cuda", sl.get(ln, 0.35))
    out: list[Site] = []
    for ln, (scope, sw) in scopes.items():
        text = lines[ln - 1] if ln - 1 < len(lines) else ""
        stripped = text.strip()
        if not stripped or stripped.startswith(("#", "def ", "@", "\"\"\"", "class ", "return x", "super()")):
            continue
        if scope == "cuda":
            kinds = [*_kinds(stripped, _CUDA_RE), "cuda"]
        else:
            kinds = _kinds(stripped, _KIND_RE)
            if scope.startswith("host") and re.search(r"\w\(", stripped) and "call" not in kinds:
                kinds.append("call")
            elif scope.startswith("kernel") and "call" not in kinds and any(
                    m not in _BUILTIN_CALLS for m in _HELPER_CALL.findall(stripped)):
                kinds.append("call")  # a helper's call (`w = _gate_w(w_ptr, 1, H, I, ...)`): its arguments
        if not kinds:
            continue
        fams: dict[str, float] = {}
        for k in kinds:
            for fam in KIND_FAMILIES.get(k, ()):
                fams[fam] = max(fams.get(fam, 0.0), weights.get(fam, 0.0))
        if not fams:
            continue
        best = sorted(fams.items(), key=lambda kv: -kv[1])
        score = (best[0][1] + 0.25 * sum(v for _, v in best[1:3])) * (0.5 + sw)
        why = [f"{fam} ({v:.1f})" for fam, v in best[:3]]
        if priors and scope != "cuda":
            y, kind = max((KIND_YIELD.get(k, 1.0), k) for k in kinds)
            score *= y ** KIND_ALPHA
            if y >= 2.0:
                why.append(f"a {kind} line: {y:.1f}x a line's fault rate")
        if sw >= 0.85:
            why.append("feeds a store")
        out.append(Site(line=ln, kinds=kinds, scope=scope, text=text, score=round(score, 3), why=why))
    out.sort(key=lambda s: (-s.score, s.line))
    return out


# How often a line of each kind was the fault, over all lines' rate (benchmarks/site_priors.py --table, from
# the Triton near-misses of blind sets 1-37): a bare copy (`s2 = m00`: a term, factor or clamp left out) 3.8,
# a scan 3.9, an index 2.8, a pid 0.3. Each Python site's score is multiplied by its kinds' best yield **
# KIND_ALPHA. Measured leave one set out (site_priors.py), the fault line among the 3 most suspected sites:
# 270 -> 355 of 1 465 under one generic symptom, 17 -> 20 of 137 stored localizations of real runs (their own
# symptoms; among the 10 most: 925 -> 987, 73 -> 79). 1.5 gains a little more there (383, 24) and costs the
# dev corpus's classic faults (a host stride, a block, an init: tests/unit/test_operators.py) more.
# CUDA C lines keep their scores.
KIND_ALPHA = 1.0


def _kind_yields() -> dict[str, float]:
    try:
        return json.loads((Path(__file__).resolve().parent.parent / "patterns" / "library" / "site_yield.json").read_text())
    except (OSError, ValueError):
        return {}


KIND_YIELD = _kind_yields()


def named_lines(report: VerifyReport) -> set[int]:
    """Lines of the candidate that the evidence names (`kernel.py:23`: an out-of-bounds access, a
    traceback frame)."""
    name = Path(report.candidate).name
    if not name:
        return set()
    rx = re.compile(rf"(?<![\w.-]){re.escape(name)}:(\d+)")
    text = "\n".join(f"{f.message}\n{json.dumps(f.evidence, default=str)}" for f in report.findings)
    return {int(m) for m in rx.findall(text)}


def localize(report: VerifyReport, source: str) -> Localization:
    sym = symptoms_of(report)
    w = family_weights(sym)
    fams = [f for f, _ in sorted(w.items(), key=lambda kv: (-kv[1], kv[0]))]
    sites = sites_of(source, w)
    named = named_lines(report)
    if named:  # where the failure was seen outranks what the line's kind suggests
        top = max(s.score for s in sites) if sites else 1.0
        for s in sites:
            if s.line in named:
                s.score = round(max(s.score, top) * 1.1, 3)
                s.why.append("named by the evidence")
        sites.sort(key=lambda s: (-s.score, s.line))
    return Localization(symptoms=sym, families=fams, family_weights={k: round(v, 3) for k, v in w.items()},
                        sites=sites)
