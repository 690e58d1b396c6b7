"""Boundary shapes where the reference breaks its own shape relations.

At the problem's own sizes an output's dimension equals some inputs' dimensions (a rotary embedding's
output is its input's shape). A boundary case can push the reference into a degenerate corner where
broadcasting gives another shape (rotary_dim 1: a 1-channel slice times 2 channels of cos is 2
channels wide, the input 1). An honest kernel keeps the relation there and gets a shape mismatch it
cannot avoid; such a case is not judged. A candidate that breaks the relation itself still fails.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from kagent.report import CheckNotRun, Finding

_OUTPUT = re.compile(r"^output (\d+): shape")


def _related(inputs: list[list[int]], size: int) -> set[tuple[int, int]]:
    """(input, dim) pairs of this size: an output dimension's relations at the problem's sizes."""
    return {(i, k) for i, shape in enumerate(inputs) for k, n in enumerate(shape) if n == size and n > 1}


def _excuse(default: dict, here: dict, index: int, cand: list[int]) -> str | None:
    """Why the reference, not the candidate, is off at this case; None when it is the candidate."""
    try:
        ref_default, ref_here = default["outputs"][index][0], here["outputs"][index][0]
    except (KeyError, IndexError):
        return None
    if not len(cand) == len(ref_here) == len(ref_default) or len(default["shapes"]) != len(here["shapes"]):
        return None
    why = []
    for d, (c, r) in enumerate(zip(cand, ref_here)):
        if c == r:
            continue
        rel = _related(default["shapes"], ref_default[d])
        sizes = {here["shapes"][i][k] for i, k in rel if k < len(here["shapes"][i])}
        if not rel or r in sizes or c not in sizes:
            return None
        i, k = sorted(rel)[0]
        why.append(f"output {index} dim {d} is input {i} dim {k} at the problem's sizes; here the reference "
                   f"gives {r}, the input {here['shapes'][i][k]}")
    return "; ".join(why) or None


def excuse_degenerate(findings: list[Finding], ref_events: list[dict],
                      cand_shapes: Callable[[str], list[list[int]] | None]) -> tuple[list[Finding], list[CheckNotRun]]:
    """Shape mismatches at boundary cases where the reference breaks the shape relation it keeps at the
    problem's sizes and the candidate keeps it: moved from the findings to the checks not run."""
    done = [e for e in ref_events if e["event"] == "case_done"]
    if not done:
        return findings, []
    default, by_case = done[0], {e["case"]: e for e in done}
    kept, not_run, excused = [], [], set()
    for f in findings:
        m = _OUTPUT.match(f.message) if f.failure_class == "shape_mismatch" and f.check == "oracle" else None
        here = by_case.get(f.case or "")
        shapes = cand_shapes(f.case) if m and here and here is not default else None
        why = _excuse(default, here, int(m.group(1)), shapes[int(m.group(1))]) if shapes and m and \
            int(m.group(1)) < len(shapes) else None
        if why is None:
            kept.append(f)
            continue
        if f.case not in excused:
            excused.add(f.case)
            not_run.append(CheckNotRun(check=f"case:{f.case}", reason=f"the reference breaks its own shape "
                                       f"relation at these sizes ({why}): the case is not judged"))
    # a case excused for one output is not judged at all
    return [f for f in kept if f.case not in excused or f.severity != "error"], not_run
