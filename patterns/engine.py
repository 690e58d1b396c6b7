"""The offline pattern engine's generate step: mechanical fixes of retrieved patterns as edits,
and (search_candidates) those plus the inverse-fault operators' edits at localized sites.

The repair graph (with no LLM configured) verifies each edit in turn and keeps one that passes.
Edits come cheapest first (transform cost, then the retrieval rank of the pattern that named the
transform, then the line), deduplicated by the source they produce.

Layer 3 (patterns/).
"""

from __future__ import annotations

import difflib
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict

from kagent.patterns import operators
from kagent.patterns.operators import Edit, combine, parses
from kagent.patterns.operators.reference import reference_edits, reference_forms, takes_reference_form
from kagent.patterns.transforms import TRANSFORMS, ProposedEdit

if TYPE_CHECKING:
    from kagent.patterns.store import Hit

log = logging.getLogger("kagent.patterns.engine")


def candidate_fixes(hits: list["Hit"], source: str, limit: int = 20) -> list[ProposedEdit]:
    ranked: list[tuple[int, int, int, int, ProposedEdit]] = []
    seen_transforms: set[str] = set()
    order = 0
    for rank, hit in enumerate(hits):
        name = hit.pattern.fix
        if name is None or name in seen_transforms:
            continue
        seen_transforms.add(name)
        transform = TRANSFORMS.get(name)
        if transform is None:  # validated on load; a stale learned file could still name one
            log.warning("pattern %s names unknown transform %s; skipped", hit.pattern.id, name)
            continue
        for edit in transform.propose(source):
            ranked.append((edit.cost, rank, order, edit.line, edit))
            order += 1
    ranked.sort(key=lambda t: t[:4])
    out: list[ProposedEdit] = []
    produced: set[str] = {source}
    for *_key, edit in ranked:
        if edit.new_source in produced:
            continue
        produced.add(edit.new_source)
        out.append(edit)
        if len(out) >= limit:
            break
    return out


# -- the search: pattern fixes and inverse-fault operators, ranked ------------------------------
# the operator family each named transform belongs to: a retrieved pattern whose fix is one of
# these raises that family's weight (the store's prior: which fixes went with this symptom)
TRANSFORM_FAMILY = {
    "strict_mask_bound": "compare", "loop_bound_off_by_one": "compare", "add_missing_mask": "mask",
    "mask_padded_lanes": "mask", "other_neg_inf_for_max": "other", "fp32_accumulator": "dtype",
    "upcast_before_reduction": "dtype", "grid_cdiv": "grid", "block_next_pow2": "block", "stride_not_shape": "stride",
    "swap_stride_args": "stride", "row_offset": "stride", "program_id_axis": "pid", "eps_inside_sqrt": "eps",
    "softmax_subtract_max": "stable", "exp2_log2e": "stable", "sigmoid_sign": "sign", "gelu_half_factor": "sign",
    "launch_args": "args", "allocate_output": "out_dtype", "zeros_output": "atomic", "keepdim_shape": "out_dtype",
}
PATTERN_PRIORITY = 10.0  # retrieved pattern fixes are screened first: the store saw them fix this symptom


class Candidate(BaseModel):
    """One candidate source of the search: where it comes from and what it changed."""

    model_config = ConfigDict(extra="forbid")

    source: str
    origin: str
    operator: str
    family: str
    line: int
    priority: float
    pattern_ids: list[str] = []
    edit: Edit | None = None  # a hunk (combinable); None for whole-source pattern edits
    parts: list[str] = []  # a combination: the origins of its edits


def pattern_boost(hits: list["Hit"]) -> dict[str, float]:
    boost: dict[str, float] = {}
    for rank, h in enumerate(hits):
        fam = TRANSFORM_FAMILY.get(h.pattern.fix or "")
        if fam:
            boost[fam] = max(boost.get(fam, 0.0), 0.4 / (1 + rank))
    return boost


def _hunk(base: str, new: str, transform: str, description: str, cost: int) -> Edit | None:
    """A whole-source edit as one hunk, when its changes are contiguous."""
    a, b = base.split("\n"), new.split("\n")
    ops = [op for op in difflib.SequenceMatcher(a=a, b=b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not ops:
        return None
    i1, i2 = ops[0][1], ops[-1][2]
    j1, j2 = ops[0][3], ops[-1][4]
    return Edit(operator=transform, family=TRANSFORM_FAMILY.get(transform, "pattern"), description=description,
                start=i1, stop=i2, lines=tuple(b[j1:j2]), cost=cost)


def search_candidates(
    hits: list["Hit"],
    source: str,
    sites: list[tuple[int, float]],
    family_weights: dict[str, float],
    *,
    limit: int = 320,
    reference: str | None = None,
) -> list[Candidate]:
    """The search's candidates for `source`, best first: the retrieved patterns' fixes, then the
    operators' edits at the localized sites (priors from the patterns raise their families), with the
    `reference` problem's numbers where the kernel lost one (patterns/operators/reference.py)."""
    out: list[Candidate] = []
    made = {source}
    for e in candidate_fixes(hits, source, limit=40):
        if e.new_source in made:
            continue
        made.add(e.new_source)
        ids = [h.pattern.id for h in hits if h.pattern.fix == e.transform]
        out.append(Candidate(source=e.new_source, origin=f"pattern {e.transform}@{e.line}: {e.description}",
                             operator=e.transform, family=TRANSFORM_FAMILY.get(e.transform, "pattern"), line=e.line,
                             priority=PATTERN_PRIORITY - 0.01 * len(out), pattern_ids=ids,
                             edit=_hunk(source, e.new_source, e.transform, e.description, e.cost)))
    ops: list[Candidate] = []
    # past `limit` too: the launch and evidence edits below are taken from wherever they rank
    for r in operators.propose(source, sites, family_weights, boost=pattern_boost(hits), limit=4 * limit):
        if r.new_source in made:
            continue
        made.add(r.new_source)
        e = r.edit
        ops.append(Candidate(source=r.new_source, origin=f"operator {e.operator}@{e.line}: {e.description}",
                             operator=e.operator, family=e.family, line=e.line, priority=r.priority, edit=e))
    # the launch's shape (grid, block size) is edited in few ways and often wrong, and the symptoms of a
    # wrong one (rows or columns never written) rank its host lines low: its edits go in the first batch
    launch = [c for c in ops if c.operator in LAUNCH_OPERATORS][:LAUNCH_FIRST]
    # the operators that fire only on a mismatch in the text (a parameter named inv_gamma given gamma, a
    # helper's argument left to its default, a parameter never read, a name holding an inclusive scan
    # read as the exclusive one, a square tile's mask with no diagonal) make few edits, each likely
    # right wherever the symptoms point: their best few are screened early too
    evidence = [c for op in EVIDENCE_OPERATORS for c in [c for c in ops if c.operator == op][:EVIDENCE_EACH]]
    evidence.sort(key=lambda c: -c.priority)
    # a number of the reference that the kernel holds fewer of: few edits, and no other operator makes
    # one of 315 / (64 pi h^9) from h^6 or presets a CRC register to 0xFFFFFFFF
    refs: list[Candidate] = []
    for p, e in reference_edits(source, reference, sites)[:REFERENCE_MAX] if reference else []:
        new = e.apply(source)
        if new in made or not parses(new):
            continue
        made.add(new)
        refs.append(Candidate(source=new, origin=f"operator {e.operator}@{e.line}: {e.description}",
                              operator=e.operator, family=e.family, line=e.line, priority=p, edit=e))
    # an operator's edit that gives a kernel expression a form of the reference's, numbers and all
    # (`r * r / 2.0` -> `(r + 1.0) * (r + 1.0) / 8.0`), is screened early too
    aligned = reference_aligned(ops, source, reference)[:ALIGNED_FIRST]
    first = [*launch, *evidence, *refs[:REFERENCE_FIRST], *aligned]
    rest = [c for c in ops if not any(c is x for x in first)]
    return (out + rest[:2] + first + rest[2:REFERENCE_AFTER] + refs[REFERENCE_FIRST:] + rest[REFERENCE_AFTER:])[:limit]


LAUNCH_OPERATORS = ("grid_cdiv", "grid_axis", "block_pow2", "drop_cap", "cuda_grid_ceil")
LAUNCH_FIRST = 4
EVIDENCE_OPERATORS = ("named_form", "dropped_argument", "dead_condition", "scan_copy", "pair_mask", "analog_address",
                      "dead_partner", "sibling_form", "dot_ieee", "twin_address",
                      "stride_order", "unused_load", "carried_pair", "scan_inclusive", "variance_mean_square",
                      "extreme_analog_term", "launch_name_swap", "repeated_extent",
                      "argmax_tie_rule", "copied_selection", "clip_subject", "partial_count", "dead_pick", "self_count",
                      "first_latch", "tie_midpoint", "pair_side", "rotated_call", "mixed_extent", "transposed_index",
                      "lag_step", "degrees_radians", "centred_sibling", "half_plane_tie",
                      "mirrored_extreme", "window_range")
EVIDENCE_EACH = 2
REFERENCE_FIRST, REFERENCE_AFTER, REFERENCE_MAX = 6, 40, 60
ALIGNED_FIRST = ALIGNED_REWRITES = 6


def reference_aligned(cands: list[Candidate], source: str, reference: str | None) -> list[Candidate]:
    """Those of `cands` whose edit gives the kernel a form of the reference's, numbers and all, in order."""
    forms = reference_forms(reference) if reference else set()
    if not forms:
        return []
    lines = source.split("\n")
    return [c for c in cands if c.edit is not None
            and takes_reference_form(lines[c.edit.start:c.edit.stop], list(c.edit.lines), forms)]


def reference_form_first(cands: list[Candidate], source: str, reference: str | None) -> list[Candidate]:
    """`cands` with those reference_aligned first, each group in its order."""
    hit = {id(c) for c in reference_aligned(cands, source, reference)}
    return [c for c in cands if id(c) in hit] + [c for c in cands if id(c) not in hit]


def grammar_candidates(source: str, sites: list[tuple[int, float]], *, skip: set[str] | None = None,
                       limit: int = 2000, start: int = 0, max_lines: int = 10) -> list[Candidate]:
    """The search's second tier, after the operators: every one-node rewrite of the `max_lines` most
    suspected lines past the `start` most suspected (patterns/operators/grammar.py), best first;
    `skip`: sources already screened."""
    from kagent.patterns.operators.grammar import grammar_edits

    return [Candidate(source=new, origin=f"rewrite {e.operator.removeprefix('grammar_')}@{e.line}: {e.description}",
                      operator=e.operator, family=e.family, line=e.line, priority=p, edit=e)
            for p, e, new in grammar_edits(source, sites, limit=limit, skip=skip, start=start, max_lines=max_lines)]


def fit_candidates(source: str, sites: list[tuple[int, float]],
                   judge: Callable[[list[str]], list[float | None]]) -> list[Candidate]:
    """Fitted values of the float literals on the most suspected lines (patterns/operators/fit.py);
    `judge` screens the base and the probes."""
    from kagent.patterns.operators.fit import fit_edits

    lines = [ln - 1 for ln, _ in sites][:6]
    return [Candidate(source=new, origin=f"rewrite fit@{e.line}: {e.description}", operator=e.operator,
                      family=e.family, line=e.line, priority=p, edit=e) for p, e, new in fit_edits(source, lines, judge)]


def combined(base: str, a: Candidate, b: Candidate) -> Candidate | None:
    """Both candidates' edits on `base` (None when they overlap or do not combine)."""
    if a.edit is None or b.edit is None:
        return None
    src = combine(base, a.edit, b.edit)
    if src is None or not parses(src):
        return None
    return Candidate(source=src, origin=f"{a.origin} + {b.origin}", operator=f"{a.operator}+{b.operator}",
                     family=f"{a.family}+{b.family}", line=min(a.line, b.line), priority=(a.priority + b.priority) / 2,
                     pattern_ids=sorted({*a.pattern_ids, *b.pattern_ids}), parts=[a.origin, b.origin])


candidate_fixes.supports_search = True  # type: ignore[attr-defined]  (the repair graph may run the search)
