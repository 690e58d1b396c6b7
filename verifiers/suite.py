"""The input suite: which cases a candidate is run on. Pure planning, no torch.

- seeds: the problem's own get_inputs() under derived seeds (the first one gets every check);
- stress: the first seed's floating inputs scaled by 1e-3 and 1e3, shifted to a non-zero mean,
  and made all-negative (a max with `other=0.0` only fails there); plus one special-values case:
  one -inf, one +inf and one NaN per input (masked-attention rows, poisoned rows), judged only where the
  reference's result is finite, so a NaN must not leak into results that do not depend on it;
- shapes: the problem re-executed with its module-level shape constants overridden to boundary
  values: odd non-multiples of block sizes, one past a power of two, small primes, and 1.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.config import VerifyConfig
from kagent.tools.problem import ShapeConstant
from kagent.verifiers.suite_ties import ties_transform

_PRIMES = (7, 13, 17, 19, 23, 29, 31)


class CaseSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    kind: Literal["seed", "stress", "special", "shape"]
    seed: int
    overrides: dict[str, int] = Field(default_factory=dict)
    transform: Literal["scale_small", "scale_large", "offset", "negative", "special_values", "ties", "ties_values"] | None = None
    full_checks: bool = Field(False, description="canary probes (out-of-bounds reads, uninitialised output)")
    determinism: bool = False


def _odd_below(value: int) -> int:
    v = max(3, (value * 3) // 5) | 1
    return v if v != value else max(3, v - 2)


def shape_variants(constants: list[ShapeConstant]) -> list[tuple[str, dict[str, int]]]:
    if not constants:
        return []
    variants = [
        ("odd", {c.name: _odd_below(c.value) for c in constants}),
        ("plus_one", {c.name: c.value + 1 for c in constants}),
        ("primes", {c.name: _PRIMES[i % len(_PRIMES)] for i, c in enumerate(constants)}),
        ("ones", {c.name: 1 for c in constants}),
    ]
    seen: set[tuple] = set()
    unique = []
    for name, ov in variants:
        key = tuple(sorted(ov.items()))
        if key in seen or all(ov[c.name] == c.value for c in constants):
            continue
        seen.add(key)
        unique.append((name, ov))
    return unique


def plan_cases(config: VerifyConfig, constants: list[ShapeConstant], reference_source: str = "") -> list[CaseSpec]:
    base = config.seed
    cases = [
        CaseSpec(name=f"seed{i}", kind="seed", seed=base + 1000 * i, full_checks=i == 0,
                 determinism=i == 0 and config.determinism)
        for i in range(config.seeds)
    ]
    if config.stress:
        for t in ("negative", "scale_small", "scale_large", "offset"):
            cases.append(CaseSpec(name=f"stress_{t}", kind="stress", seed=base, transform=t))
        cases.append(CaseSpec(name="special_values", kind="special", seed=base, transform="special_values"))
    if config.ties and (ties := ties_transform(reference_source)):  # verifiers/suite_ties.py
        cases.append(CaseSpec(name="ties", kind="stress", seed=base, transform=ties))
    if config.shapes:
        for name, ov in shape_variants(constants)[: config.max_shape_cases]:
            cases.append(CaseSpec(name=f"shape_{name}", kind="shape", seed=base + 7, overrides=ov,
                                  full_checks=True))
    return cases
