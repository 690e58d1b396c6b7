"""Shape mismatches at boundary cases where the reference, not the candidate, breaks the shape
relation it keeps at the problem's sizes (verifiers/shape_relations.py)."""

from kagent.report import Finding
from kagent.verifiers.shape_relations import excuse_degenerate

# a partial rotary embedding: the output is the input's shape; at rotary_dim 1 the reference's
# broadcast makes it 2 channels wide where the input has 1
EVENTS = [
    {"event": "case_done", "case": "seed0", "shapes": [[2, 40, 4, 64], [2, 40]], "outputs": [[[2, 40, 4, 64], "float32"]]},
    {"event": "case_done", "case": "shape_ones", "shapes": [[2, 1, 4, 1], [2, 1]], "outputs": [[[2, 1, 4, 2], "float32"]]},
    {"event": "case_done", "case": "shape_odd", "shapes": [[2, 39, 4, 57], [2, 39]], "outputs": [[[2, 39, 4, 57], "float32"]]},
]


def _mismatch(case: str, cand: list[int], ref: list[int]) -> Finding:
    return Finding(check="oracle", severity="error", failure_class="shape_mismatch", case=case,
                   message=f"output 0: shape {cand}, expected {ref}")


def test_a_candidate_that_keeps_the_relation_where_the_reference_breaks_it_is_not_judged_there():
    f = _mismatch("shape_ones", [2, 1, 4, 1], [2, 1, 4, 2])
    other = Finding(check="oracle", severity="error", failure_class="numerical_mismatch", case="shape_ones",
                    message="output 1: 3 of 8 elements differ")
    kept, not_run = excuse_degenerate([f, other], EVENTS, lambda case: [[2, 1, 4, 1]])
    assert kept == []
    assert [n.check for n in not_run] == ["case:shape_ones"]
    assert "output 0 dim 3 is input 0 dim 3" in not_run[0].reason


def test_a_candidate_that_breaks_the_relation_itself_still_fails():
    # at shape_ones, a shape no input has
    f = _mismatch("shape_ones", [2, 1, 4, 3], [2, 1, 4, 2])
    assert excuse_degenerate([f], EVENTS, lambda case: [[2, 1, 4, 3]]) == ([f], [])
    # where the reference keeps the relation, any other shape is the candidate's fault
    g = _mismatch("shape_odd", [2, 39, 4, 64], [2, 39, 4, 57])
    assert excuse_degenerate([g], EVENTS, lambda case: [[2, 39, 4, 64]]) == ([g], [])
    # the problem's own sizes are never excused, nor a case without saved outputs
    h = _mismatch("seed0", [2, 40, 4, 32], [2, 40, 4, 64])
    assert excuse_degenerate([h], EVENTS, lambda case: [[2, 40, 4, 32]]) == ([h], [])
    f2 = _mismatch("shape_ones", [2, 1, 4, 1], [2, 1, 4, 2])
    assert excuse_degenerate([f2], EVENTS, lambda case: None) == ([f2], [])
