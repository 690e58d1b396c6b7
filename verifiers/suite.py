"""The input suite: which cases a candidate is run on. Pure planning, no torch.

- seeds: the problem's own get_inputs() under derived seeds (the first one gets every check);
- stress: the first seed's floating inputs scaled by 1e-3 (also at the first boundary shape, where
  there is one) and 1e3, shifted to a non-zero mean, and made all-negative (a max with `other=0.0` only fails there); plus one special-values case:
  one -inf, one +inf and one NaN per input (masked-attention rows, poisoned rows), judged only where the
  reference's result is finite, so a NaN must not leak into results that do not depend on it; and,
  where the seeded inputs keep the reference saturated (it ignores an input), those inputs moved
  until it reads them (verifiers/saturation.py);
- shapes: the problem re-executed with its module-level shape constants overridden to boundary
  values: odd non-multiples of block sizes, one past a power of two, small primes (in the
  originals' order, equal ones equal), and 1. Each
  changes every constant at once; where the reference rejects that (GroupNorm's channels must be
  divisible by its groups), it falls back, in order, to the same values raised to keep the originals'
  order (a period shorter than its series), to the same values rounded to odd multiples of
  the originals' power-of-two divisors (divisibility the reference may demand), then to pairs of
  constants, then to one constant at a time (`CaseSpec.fallbacks`; the reference job runs the first
  it accepts and the report says which).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from kagent.config import VerifyConfig
from kagent.tools.problem import ShapeConstant
from kagent.verifiers.suite_boundaries import boundary_values
from kagent.verifiers.suite_ties import ties_transform

_PRIMES = (7, 13, 17, 19, 23, 29, 31)


class CaseSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    kind: Literal["seed", "stress", "special", "shape"]
    seed: int = Field(description="seed of the inputs (get_inputs)")
    init_seed: int = Field(description="seed under which Model and ModelNew are constructed (KernelBench's "
                           "protocol: one seed for every case, so all cases share the weights)")
    overrides: dict[str, int] = Field(default_factory=dict)
    transform: Literal["scale_small", "scale_large", "offset", "negative", "special_values", "ties", "ties_values",
                       "mean_1e3", "beyond_fp16", "boundaries", "unsaturate"] | None = None
    planted: list[float] | None = Field(None, description="the boundaries case: the values planted in its inputs "
                                        "(verifiers/suite_boundaries.py)")
    fallbacks: list[dict[str, int]] = Field(
        default_factory=list, description="shape cases: overrides to try in order when the reference rejects `overrides`")
    smaller: list[dict[str, int]] = Field(
        default_factory=list, description="shape cases: smaller overrides to step down to when the reference is too "
        "slow at `overrides` (the past-cap case of a problem whose intermediates grow faster than its inputs)")
    init_factors: list[float] | None = Field(
        None, description="the constructor's float arguments (get_init_inputs) multiplied by these, by position "
        "(verifiers/perturb.py; the perturbed run's init_varied case)")
    min_input_numel: int | None = Field(
        None, description="shape cases: the reference skips the case unless one input holds at least this many "
        "elements (the past-2^24 case)")
    full_checks: bool = Field(False, description="canary probes (out-of-bounds reads, uninitialised output)")
    determinism: bool = False


def _odd_below(value: int) -> int:
    v = max(3, (value * 3) // 5) | 1
    return v if v != value else max(3, v - 2)


_DIVISORS = (2, 4, 8, 16, 32, 64, 128)
_MAX_FALLBACKS = 16


def _odd_multiple(target: int, d: int, original: int) -> int:
    """A multiple of d near `target` that is an odd multiple (so not a multiple of 2d) and is not
    the original value."""
    k = max(1, -(-target // d)) | 1
    if k * d == original:
        k += 2
    return k * d


def _ordered(constants: list[ShapeConstant], ov: dict[str, int]) -> dict[str, int]:
    """`ov` raised where it must be to keep the originals' order: a size originally larger than another
    stays larger (all sizes 1 made a 14-step period as long as a 1-price series, which the reference sliced
    to 0 / 0 and an honest kernel read past), equal ones stay equal."""
    out = dict(ov)
    prev_value, prev_new = None, 0
    for c in sorted((c for c in constants if c.name in ov), key=lambda c: c.value):
        new = ov[c.name] if prev_value is None else (prev_new if c.value == prev_value else max(ov[c.name], prev_new + 1))
        out[c.name] = new
        prev_value, prev_new = c.value, new
    return out


def _fallbacks(constants: list[ShapeConstant], ov: dict[str, int]) -> list[dict[str, int]]:
    """Variants of one boundary case the reference may accept where it rejects `ov` (or computes nothing
    finite there): the originals' order kept, divisibility kept, then pairs of changed constants, then
    one at a time."""
    original = {c.name: c.value for c in constants}
    changed = [n for n in ov if ov[n] != original[n]]
    out: list[dict[str, int]] = [_ordered(constants, ov)]
    for d in _DIVISORS:
        keeps = {n for n in changed if original[n] % d == 0 and original[n] > d}
        if keeps:
            out.append({n: _odd_multiple(ov[n], d, original[n]) if n in keeps else ov[n] for n in ov})
    if len(changed) > 2:
        out += [{n: (ov[n] if n in (a, b) else original[n]) for n in ov}
                for i, a in enumerate(changed) for b in changed[i + 1:]]
    if len(changed) > 1:
        out += [{n: (ov[n] if n == a else original[n]) for n in ov} for a in changed]
    seen = {tuple(sorted(ov.items()))}
    unique = []
    for alt in out:
        key = tuple(sorted(alt.items()))
        if key not in seen and alt != original:
            seen.add(key)
            unique.append(alt)
    return unique[:_MAX_FALLBACKS]


def _nearest_pow2(value: int) -> int:
    below = 1 << (max(value, 1).bit_length() - 1)
    return below if value - below <= 2 * below - value else 2 * below


def shape_variants(constants: list[ShapeConstant]) -> list[tuple[str, dict[str, int]]]:
    if not constants:
        return []
    distinct = sorted({c.value for c in constants})
    variants = [
        ("odd", {c.name: _odd_below(c.value) for c in constants}),
        ("plus_one", {c.name: c.value + 1 for c in constants}),
        # in the originals' order, equal ones equal: sizes keep the relations a problem assumes (a
        # smoothing period below the series length, square matrices square)
        ("primes", {c.name: _PRIMES[distinct.index(c.value) % len(_PRIMES)] for c in constants}),
        ("ones", {c.name: 1 for c in constants}),
        # an exact fit: a block sized next_power_of_2(n) where n + 1 lanes were needed (a sentinel, an extra
        # blank state, a halo) is right at every size but a power of two
        ("pow2", {c.name: _nearest_pow2(c.value) for c in constants}),
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


def plan_cases(config: VerifyConfig, constants: list[ShapeConstant], reference_source: str = "",
               device: str | None = None) -> list[CaseSpec]:
    """device: where the cases run, as resolved ("cpu": the Triton interpreter sizes the rows case down)."""
    base = config.seed if config.seed is not None else 42  # verify_files draws a fresh one first
    cases = [
        CaseSpec(name=f"seed{i}", kind="seed", seed=base + 1000 * i, init_seed=base, full_checks=i == 0,
                 determinism=i == 0 and config.determinism)
        for i in range(config.seeds)
    ]
    if config.stress:
        for t in ("negative", "scale_small", "scale_large", "offset"):
            cases.append(CaseSpec(name=f"stress_{t}", kind="stress", seed=base, init_seed=base, transform=t))
        cases.append(CaseSpec(name="special_values", kind="special", seed=base, init_seed=base,
                                  transform="special_values"))
        # run only where the seeded inputs keep the reference saturated (verifiers/saturation.py)
        cases.append(CaseSpec(name="unsaturated", kind="stress", seed=base, init_seed=base, transform="unsaturate"))
    if config.ties and (ties := ties_transform(reference_source)):  # verifiers/suite_ties.py
        cases.append(CaseSpec(name="ties", kind="stress", seed=base, init_seed=base, transform=ties))
    if config.boundaries and (values := boundary_values(reference_source)):  # verifiers/suite_boundaries.py
        cases.append(CaseSpec(name="boundaries", kind="stress", seed=base, init_seed=base, transform="boundaries",
                              planted=values))
    if config.shapes:
        for name, ov in shape_variants(constants)[: config.max_shape_cases]:
            cases.append(CaseSpec(name=f"shape_{name}", kind="shape", seed=base + 7, init_seed=base, overrides=ov,
                                  fallbacks=_fallbacks(constants, ov), full_checks=True))
        odd = shape_variants(constants)[:1]
        if config.stress and odd and config.max_shape_cases > 0:
            # small values at the odd shape too: a wrong `other=` or padding term lost in unit values
            # at a full block shows where the row is ragged and the values are tiny (the default-shape
            # small case stays: an fp16 accumulator's subnormal loss shows at the longer reduction)
            ov = odd[0][1]
            cases.append(CaseSpec(name="shape_odd_small", kind="shape", seed=base + 7, init_seed=base,
                                  transform="scale_small", overrides=ov, fallbacks=_fallbacks(constants, ov),
                                  full_checks=True))
    if config.adversarial_cases:  # hook: verifiers/suite_adversarial.py
        from kagent.verifiers.suite_adversarial import adversarial_cases

        interpreter = (device or config.device) == "cpu"
        cases += [CaseSpec(**{"init_seed": base, **c})
                  for c in adversarial_cases(base, constants, reference_source, interpreter=interpreter)
                  if (c["kind"] == "stress" and config.stress)
                  or (c["kind"] == "shape" and config.shapes and config.adversarial_shapes)]
    return cases
