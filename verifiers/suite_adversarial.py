"""Cases a kernel gamed against a fixed suite cannot anticipate (planning only, no torch).

Added to the suite by verifiers/suite.py's plan_cases (one hook) when
VerifyConfig.adversarial_cases is on; kept apart so that the boundary-shape planning there can
change without touching these:

- past caps: the largest shape constant (usually the reduced or the column dimension) one past
  the common tile caps 1024, 2048, 4096 and 8192 (the largest that fits the element budget), so a
  BLOCK capped without a loop is wrong;
- 4x: the largest constant times four (stepping down to twice, then one past, where the reference is
  too slow there), and the first constant (usually the row count) past the
  common grid caps (4097 rows where the budget allows, else at least 129, 4x the default);
- values: mean 1e3 with unit spread (cancellation: E[x^2]-E[x]^2 variance, an unshifted exp) and
  magnitudes past float16's range (max |x| = 1e5) where the reference stays finite (clamps at 65504).

Each case's inputs must fit `ADVERSARIAL_NUMEL` elements (the Triton interpreter runs ~0.6 ms per
program instance); the reference worker skips what does not, and says so.
"""

from __future__ import annotations

import ast
from typing import Any

from kagent.tools.problem import ShapeConstant

CAPS = (1024, 2048, 4096, 8192)
GRID_CAP_ROWS = 129  # one past 128 rows (grids capped at 64 or 128 programs)
ROWS_PAST_CAP = 4097  # one past 4096 rows, where the element budget allows
ADVERSARIAL_NUMEL = 1 << 21


_SIZED = {"randn": 0, "rand": 0, "zeros": 0, "ones": 0, "empty": 0, "full": None, "randint": None}


def _size_args(call: ast.Call) -> list[ast.expr] | None:
    """The dimension expressions of a tensor constructor call (torch.randn(a, b), torch.full((a, b), v),
    torch.randint(lo, hi, (a, b))), or None when it is not one or they cannot be told."""
    name = call.func.attr if isinstance(call.func, ast.Attribute) else getattr(call.func, "id", None)
    if name not in _SIZED:
        return None
    size = next((k.value for k in call.keywords if k.arg == "size"), None)
    if size is None:
        pos = {"full": 0, "randint": 2}.get(name, 0)
        if name in ("full", "randint") or (len(call.args) == 1 and isinstance(call.args[0], (ast.Tuple, ast.List))):
            if len(call.args) <= pos:
                return None
            size = call.args[pos]
        else:
            return list(call.args)
    return list(size.elts) if isinstance(size, (ast.Tuple, ast.List)) else [size]


_SHAPE_KEEPING = frozenset({"to", "float", "half", "bfloat16", "double", "contiguous", "cuda", "cpu", "abs", "clone",
                            "exp", "neg", "sigmoid", "softmax", "requires_grad_"})


def _function(tree: ast.Module, name: str) -> ast.FunctionDef | None:
    return next((n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name), None)


def _integer_names(expr: ast.expr) -> set[str]:
    """Names an integer expression is built from; none where it holds a float (a scale, not a size)."""
    if any(isinstance(n, ast.Constant) and isinstance(n.value, float) for n in ast.walk(expr)):
        return set()
    return {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)}


def size_names(reference_source: str) -> set[str] | None:
    """The module-level names that may size a tensor: those in the dimensions of the tensors
    get_inputs() builds, integers get_init_inputs() passes, and any name the rest of the module (the
    Model class) uses. A constant used only as a float (a scale such as head_dim**-0.5) is left out.
    None where get_inputs builds its tensors in a way not read here."""
    try:
        tree = ast.parse(reference_source)
    except SyntaxError:
        return None
    fn = _function(tree, "get_inputs")
    if fn is None:
        return None
    names: set[str] = set()
    sized = False
    for c in (n for n in ast.walk(fn) if isinstance(n, ast.Call)):
        d = _size_args(c)
        if d is not None:
            sized = True
            names |= {n.id for e in d for n in ast.walk(e) if isinstance(n, ast.Name)}
        elif not (isinstance(c.func, ast.Attribute) and c.func.attr in _SHAPE_KEEPING):
            return None  # a helper, or a call that may change the shape: not read here
    if not sized:
        return None
    init = _function(tree, "get_init_inputs")
    for ret in (n for n in ast.walk(init) if isinstance(n, ast.Return)) if init else []:
        items = ret.value.elts if isinstance(ret.value, (ast.List, ast.Tuple)) else [ret.value] if ret.value else []
        names |= {x for item in items for x in _integer_names(item)}
    for node in tree.body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)) and node.name not in ("get_inputs", "get_init_inputs"):
            names |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}
    return names


def estimate(constants: list[ShapeConstant], overrides: dict[str, int], sizes: set[str] | None = None) -> int:
    """Elements if every constant that may size a tensor (`sizes`; all of them when None) were one
    dimension of one input: an upper bound in practice (a matmul's work, a layer's weights)."""
    n = 1
    for c in constants:
        if sizes is None or c.name.split("[", 1)[0] in sizes:  # `shape[0]`: a slot of a tuple constant
            n *= overrides.get(c.name, c.value)
    return n


# Under the Triton interpreter a case costs CPU per program and per loop step (a kernel that loops over 64
# time steps for each of 4097 rows: 200 s on a loaded 2-core machine; a 3x3 SSIM tile kernel past the 8192
# cap with 2x3x20 images: 43 s). There the sizes a case does not grow are capped until it holds at most
# this many elements: the rows stay past the grid cap, the largest size past the tile caps (or x4), which
# is what those cases are for. The default-shape case keeps the full sizes.
ROWS_CPU_NUMEL = 4097 * 16  # 4097 rows of 16 elements
WIDE_CPU_NUMEL = 8193 * 16  # 16 rows of 8193
_CPU_CAPS = (256, 128, 64, 32, 16, 8, 4, 2)


def _lighter(constants: list[ShapeConstant], ov: dict[str, int], sizes: set[str] | None, budget: int,
             floor: int = 16) -> dict[str, int]:
    """The case `ov` with its other sizes capped (powers of two, down to `floor`: divisibility by the
    originals' powers of two holds) until it fits `budget`; the smallest cap where none does."""
    if estimate(constants, ov, sizes) <= budget:
        return ov
    capped = ov
    others = [c for c in constants if c.name not in ov]
    for cap in (c for c in _CPU_CAPS if c >= floor):
        capped = {**{c.name: min(c.value, cap) for c in others}, **ov}
        if any(a.value < b.value and capped[a.name] >= capped[b.name] for a in others for b in others):
            # capping made a shorter size as long as a longer one (a 14-step period and 64 prices both 4):
            # all of them halved together instead, until the largest fits the cap
            shift = max(0, (max(c.value for c in others) - 1) // cap).bit_length()
            capped = {**{c.name: max(1, c.value >> shift) for c in others}, **ov}
        if estimate(constants, capped, sizes) <= budget:
            break
    return capped


def adversarial_variants(constants: list[ShapeConstant], reference_source: str = "",
                         interpreter: bool = False) -> list[tuple[str, dict[str, int]]]:
    """interpreter: the rows case with its other sizes capped (ROWS_CPU_NUMEL)."""
    if not constants:
        return []
    sizes = size_names(reference_source) if reference_source else None

    def _estimate(consts: list[ShapeConstant], ov: dict[str, int]) -> int:
        return estimate(consts, ov, sizes)

    largest = max(constants, key=lambda c: c.value)
    first = constants[0]
    out: list[tuple[str, dict[str, int]]] = []
    past = [cap + 1 for cap in CAPS if cap + 1 > largest.value]
    fitting = [v for v in past if _estimate(constants, {largest.name: v}) <= ADVERSARIAL_NUMEL]
    if fitting:
        ov = {largest.name: fitting[-1]}
        out.append(("past_cap", _lighter(constants, ov, sizes, WIDE_CPU_NUMEL, floor=2) if interpreter else ov))
    if _estimate(constants, {largest.name: largest.value * 4}) <= ADVERSARIAL_NUMEL:
        ov = {largest.name: largest.value * 4}
        out.append(("x4", _lighter(constants, ov, sizes, WIDE_CPU_NUMEL, floor=2) if interpreter else ov))
    for rows in (ROWS_PAST_CAP, max(first.value * 4, GRID_CAP_ROWS)):
        if first.name != largest.name and rows > first.value and _estimate(constants, {first.name: rows}) <= ADVERSARIAL_NUMEL:
            ov = {first.name: rows}
            out.append(("rows_past_grid_cap", _lighter(constants, ov, sizes, ROWS_CPU_NUMEL) if interpreter else ov))
            break
    seen, unique = set(), []
    for name, ov in out:
        key = tuple(sorted(ov.items()))
        if key not in seen:
            seen.add(key)
            unique.append((name, ov))
    return unique


_SHRINK_CAPS = (16, 8, 4, 2, 1)


def _shrunk(value: int, cap: int) -> int:
    return min(value, cap)


def rows_past_cap_shrunk(constants: list[ShapeConstant], reference_source: str = "") -> tuple[dict[str, int], list[dict[str, int]]] | None:
    """4097 rows (one past 4096: a grid or a row index capped there) where the suite's own
    rows_past_grid_cap case has fewer because the other sizes make it too large: the first constant
    4097 and every other constant shrunk until the case fits ADVERSARIAL_NUMEL (to at most 16, 8, 4,
    2 or 1: powers of two keep the originals' power-of-two divisibility). Fallbacks, in order, for a
    reference that rejects it: the same with other caps that fit, then the others reduced to their odd
    part (divisibility by odd group counts), then odd part times the cap. None where the suite already
    runs 4097 rows, or nothing fits. Runs in the perturbed worker (verifiers/verify.py), once."""
    if not constants:
        return None
    sizes = size_names(reference_source) if reference_source else None
    first, largest = constants[0], max(constants, key=lambda c: c.value)
    if first.name == largest.name or first.value >= ROWS_PAST_CAP:
        return None
    if dict(adversarial_variants(constants, reference_source)).get("rows_past_grid_cap", {}).get(first.name) == ROWS_PAST_CAP:
        return None
    others = [c for c in constants if c.name != first.name]

    def odd(v: int) -> int:
        return v // (v & -v) if v > 0 else v

    variants = [{first.name: ROWS_PAST_CAP, **{c.name: _shrunk(c.value, cap) for c in others}} for cap in _SHRINK_CAPS]
    variants += [{first.name: ROWS_PAST_CAP, **{c.name: odd(c.value) for c in others}}]
    variants += [{first.name: ROWS_PAST_CAP, **{c.name: odd(c.value) * min(c.value & -c.value, cap) for c in others}}
                 for cap in (2, 4, 8, 16)]
    fitting: list[dict[str, int]] = []
    for ov in variants:
        if estimate(constants, ov, sizes) <= ADVERSARIAL_NUMEL and ov not in fitting:
            fitting.append(ov)
    if not fitting:
        return None
    return fitting[0], fitting[1:9]


PAST_2_24 = (1 << 24) + 4097  # float32 holds every integer up to 2^24 only: an index past it, computed in float, is off


def past_2_24(constants: list[ShapeConstant], reference_source: str = "") -> tuple[dict[str, int], list[dict[str, int]]] | None:
    """The largest constant scaled so that the inputs reach PAST_2_24 elements (estimated from the
    constants that size a tensor, as one input); fallbacks one and a half and twice as large (the
    reference worker checks that an input really holds that many, else skips). Run only for a candidate
    whose kernels convert floats to ints (verifiers/verify.py): the case costs seconds of interpreter time."""
    if not constants:
        return None
    sizes = size_names(reference_source) if reference_source else None
    largest = max(constants, key=lambda c: c.value)
    now = estimate(constants, {}, sizes)
    if now >= PAST_2_24 or now <= 0:
        return None
    target = -(-PAST_2_24 * largest.value // now)
    return {largest.name: target}, [{largest.name: target * 3 // 2}, {largest.name: target * 2}]


def _divisible_past(ov: dict[str, int], original: dict[str, int]) -> list[dict[str, int]]:
    """Where the reference demands divisibility (channels by groups, heads by head count), the same
    value moved up to the next multiple of each power of two that divides the original: still past
    the cap (2049 -> 2050, 2052, 2056, ...), in the order the reference worker tries them."""
    out = []
    for d in (2, 4, 8, 16, 32, 64):
        alt = {n: (v + (-v) % d if original[n] % d == 0 else v) for n, v in ov.items()}
        if alt != ov and alt not in out:
            out.append(alt)
    return out


def adversarial_cases(base_seed: int, constants: list[ShapeConstant], reference_source: str = "",
                      interpreter: bool = False) -> list[dict[str, Any]]:
    """The cases, as CaseSpec fields (verifiers/suite.py builds them). interpreter: see ROWS_CPU_NUMEL."""
    cases: list[dict[str, Any]] = [
        {"name": "stress_mean_1e3", "kind": "stress", "seed": base_seed + 11, "transform": "mean_1e3"},
        {"name": "stress_beyond_fp16", "kind": "stress", "seed": base_seed + 13, "transform": "beyond_fp16"},
    ]
    original = {c.name: c.value for c in constants}
    first = constants[0].name if constants else ""
    largest = max(constants, key=lambda c: c.value).name if constants else ""
    grown = {"rows_past_grid_cap": first, **({"past_cap": largest, "x4": largest} if constants else {})}
    for name, ov in adversarial_variants(constants, reference_source, interpreter):
        fallbacks = _divisible_past(ov, original)
        if len(ov) > 1:  # capped sizes a reference rejects: the full ones
            fallbacks.append({grown[name]: ov[grown[name]]})
        # rows a capped grid never reaches stay unwritten: the canary probes tell that apart
        case = {"name": f"shape_{name}", "kind": "shape", "seed": base_seed + 17, "overrides": ov,
                "fallbacks": fallbacks, "full_checks": name == "rows_past_grid_cap"}
        if name == "past_cap":  # past a smaller cap, where the reference is too slow past the largest
            value = ov[largest]
            case["smaller"] = [{**ov, largest: cap + 1} for cap in reversed(CAPS) if original[largest] < cap + 1 < value]
        elif name == "x4":  # twice, then one past: a reference whose work grows faster than its inputs (all
            # pairs of a 3-D lattice's atoms: 4x the cells is 4096x the pairs) is too slow at 4x
            grow = original[largest]
            case["smaller"] = [{**ov, largest: v} for v in (2 * grow, grow + 1) if grow < v < ov[largest]]
        cases.append(case)
    return cases
