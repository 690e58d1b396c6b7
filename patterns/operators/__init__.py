"""Inverse-fault operators for the offline repair search (template-based program repair).

One module per family (compare, values, dtypes, launch, arith, exprs, cuda, flow, forms, wiring, and generic: the
mutation operators any code's slips call for); each registers its
operators in `OPERATORS` (base.py). `propose` applies them at the localized sites and ranks the
edits: how strongly the evidence points at the operator's family, how suspicious the line is,
and the operator's cost.

Layer 3 (patterns/): pure source manipulation (ast, re); nothing runs the kernel.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping, Sequence
from pathlib import Path

from pydantic import BaseModel, ConfigDict

from kagent.patterns.operators import (analogs, arith, compare, cuda, dtypes, exprs, flow, forms, generic, launch,  # noqa: F401  (registration)
                                      partners, ranks, terms_missing, values, vectors, wiring)
from kagent.patterns.operators.base import OPERATORS, Edit, Operator, Src, combine, parses

__all__ = ["OPERATORS", "Edit", "Operator", "RankedEdit", "combine", "propose", "families"]

log = logging.getLogger("kagent.patterns.operators")

# How often each operator's edit was the fix, over all edits' rate (benchmarks/operator_priors.py --table: the
# operators' edits on the Triton near-misses of blind sets 1-37, ranked as below under one generic symptom):
# `cmp_strict` 13.6, `grid_cdiv` 9.2, `eps_inside` 8.4 ... `index_shift` 0.11, `mask_extend` 0.08. An edit's
# priority is multiplied by its operator's yield ** YIELD_BETA (an operator not in the table, the CUDA C ones
# among them, by 1). Measured leave one set out on those 1 465 near-misses, the fix's place among the edits
# where an operator makes it (770): median 62 -> 22, within the first 10 109 -> 268, within 100 508 -> 620.
YIELD_BETA = 1.0


def _operator_yields() -> dict[str, float]:
    try:
        return json.loads((Path(__file__).resolve().parent.parent / "library" / "operator_yield.json").read_text())
    except (OSError, ValueError):
        return {}


OPERATOR_YIELD = _operator_yields()


class RankedEdit(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edit: Edit
    priority: float
    new_source: str


def families() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for op in OPERATORS.values():
        out.setdefault(op.family, []).append(op.name)
    return out


def propose(
    source: str,
    sites: Sequence[tuple[int, float]],
    family_weights: Mapping[str, float],
    *,
    max_sites: int = 60,
    limit: int = 400,
    boost: Mapping[str, float] | None = None,
    yields: bool = True,
) -> list[RankedEdit]:
    """Edits of `source` at `sites` ((1-based line, suspicion score), most suspected first), and of
    the global operators, ranked by priority (highest first), deduplicated by the source they make.
    `max_sites`: 60, not 30 -- a one-kind line (`starts = ends`, an alias of a scan) ranks below every
    store, load and mask line of a long kernel, and its operators' edits are few and cheap to screen.
    `boost`: operator or family name -> extra weight (priors from the pattern store). `yields`: with each
    operator's measured yield (OPERATOR_YIELD)."""
    try:
        src = Src(source)
    except SyntaxError as exc:
        log.debug("operators: source does not parse: %s", exc)
        return []
    boost = boost or {}
    top = max([s for _, s in sites] or [1.0])
    fw_max = max(family_weights.values() or [1.0]) or 1.0

    def prio(op: Operator, site_score: float) -> float:
        fw = family_weights.get(op.family, 0.1) / fw_max
        b = boost.get(op.name, 0.0) + boost.get(op.family, 0.0)
        y = OPERATOR_YIELD.get(op.name, 1.0) ** YIELD_BETA if yields else 1.0
        return round((fw + 0.5 * site_score / top + b) / (1.0 + 0.15 * op.cost) * y, 4)

    raw: list[tuple[float, Edit]] = []
    for line1, score in list(sites)[:max_sites]:
        line0 = line1 - 1
        if not 0 <= line0 < len(src.lines):
            continue
        scope = src.scope_of(line0)
        for op in OPERATORS.values():
            if op.global_ or scope not in op.scopes:
                continue
            for desc, start, stop, new in op.propose(src, line0):
                raw.append((prio(op, score), Edit(operator=op.name, family=op.family, description=desc, start=start,
                                                  stop=stop, lines=tuple(new), cost=op.cost)))
    for op in OPERATORS.values():
        if not op.global_:
            continue
        for desc, start, stop, new in op.propose(src, -1):
            touched = [s for ln, s in sites if start < ln <= stop]
            raw.append((prio(op, max(touched or [0.5 * top])), Edit(operator=op.name, family=op.family, description=desc,
                                                                    start=start, stop=stop, lines=tuple(new), cost=op.cost)))
    raw.sort(key=lambda t: (-t[0], t[1].cost, t[1].start))
    out: list[RankedEdit] = []
    made = {source}
    for p, e in raw:
        new_source = e.apply(source)
        if new_source in made or not parses(new_source):
            continue
        made.add(new_source)
        out.append(RankedEdit(edit=e, priority=p, new_source=new_source))
        if len(out) >= limit:
            break
    return out
