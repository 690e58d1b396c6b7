"""The offline pattern engine's generate step: mechanical fixes of retrieved patterns as edits.

The repair graph (with no LLM configured) verifies each edit in turn and keeps one that passes.
Edits come cheapest first (transform cost, then the retrieval rank of the pattern that named the
transform, then the line), deduplicated by the source they produce.

Layer 3 (patterns/).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

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
