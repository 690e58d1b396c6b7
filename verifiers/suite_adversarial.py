"""Cases a kernel gamed against a fixed suite cannot anticipate (planning only, no torch).

Added to the suite by verifiers/suite.py's plan_cases (one hook) when
VerifyConfig.adversarial_cases is on; kept apart so that the boundary-shape planning there can
change without touching these:

- past caps: the largest shape constant (usually the reduced or the column dimension) one past
  the common tile caps 1024, 2048, 4096 and 8192 (the largest that fits the element budget), so a
  BLOCK capped without a loop is wrong;
- 4x: the largest constant times four, and the first constant (usually the row count) past the
  common grid caps (4097 rows where the budget allows, else at least 129, 4x the default);
- values: mean 1e3 with unit spread (cancellation: E[x^2]-E[x]^2 variance, an unshifted exp) and
  magnitudes past float16's range (max |x| = 1e5) where the reference stays finite (clamps at 65504).

Each case's inputs must fit `ADVERSARIAL_NUMEL` elements (the Triton interpreter runs ~0.6 ms per
program instance); the reference worker skips what does not, and says so.
"""

from __future__ import annotations

from typing import Any

from kagent.tools.problem import ShapeConstant

CAPS = (1024, 2048, 4096, 8192)
GRID_CAP_ROWS = 129  # one past 128 rows (grids capped at 64 or 128 programs)
ROWS_PAST_CAP = 4097  # one past 4096 rows, where the element budget allows
ADVERSARIAL_NUMEL = 1 << 21


def _estimate(constants: list[ShapeConstant], overrides: dict[str, int]) -> int:
    """Input elements if every constant were one dimension of one input (an upper bound in practice)."""
    n = 1
    for c in constants:
        n *= overrides.get(c.name, c.value)
    return n


def adversarial_variants(constants: list[ShapeConstant]) -> list[tuple[str, dict[str, int]]]:
    if not constants:
        return []
    largest = max(constants, key=lambda c: c.value)
    first = constants[0]
    out: list[tuple[str, dict[str, int]]] = []
    past = [cap + 1 for cap in CAPS if cap + 1 > largest.value]
    fitting = [v for v in past if _estimate(constants, {largest.name: v}) <= ADVERSARIAL_NUMEL]
    if fitting:
        out.append(("past_cap", {largest.name: fitting[-1]}))
    if _estimate(constants, {largest.name: largest.value * 4}) <= ADVERSARIAL_NUMEL:
        out.append(("x4", {largest.name: largest.value * 4}))
    for rows in (ROWS_PAST_CAP, max(first.value * 4, GRID_CAP_ROWS)):
        if first.name != largest.name and rows > first.value and _estimate(constants, {first.name: rows}) <= ADVERSARIAL_NUMEL:
            out.append(("rows_past_grid_cap", {first.name: rows}))
            break
    seen, unique = set(), []
    for name, ov in out:
        key = tuple(sorted(ov.items()))
        if key not in seen:
            seen.add(key)
            unique.append((name, ov))
    return unique


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


def adversarial_cases(base_seed: int, constants: list[ShapeConstant]) -> list[dict[str, Any]]:
    """The cases, as CaseSpec fields (verifiers/suite.py builds them)."""
    cases: list[dict[str, Any]] = [
        {"name": "stress_mean_1e3", "kind": "stress", "seed": base_seed + 11, "transform": "mean_1e3"},
        {"name": "stress_beyond_fp16", "kind": "stress", "seed": base_seed + 13, "transform": "beyond_fp16"},
    ]
    original = {c.name: c.value for c in constants}
    for name, ov in adversarial_variants(constants):
        # rows a capped grid never reaches stay unwritten: the canary probes tell that apart
        cases.append({"name": f"shape_{name}", "kind": "shape", "seed": base_seed + 17, "overrides": ov,
                      "fallbacks": _divisible_past(ov, original), "full_checks": name == "rows_past_grid_cap"})
    return cases
