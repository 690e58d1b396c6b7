"""An integer output of float arithmetic (an argmax of projections, a bucket id) has no rounding error
to allow: where two scores nearly tie, an honest float32 kernel that sums in another order returns the
other index (an LSH kernel, identical to its blind set's fixed twin, failed a GPU verify on 1 element of
266 this way). The reference worker records the values the moved runs give (harness._sensitivity) and
the oracle accepts any of them there, nowhere else, and never on the cases that plant exact ties."""

from __future__ import annotations

import torch

from kagent.verifiers import harness
from kagent.verifiers.oracle import compare


class _Buckets(torch.nn.Module):
    def forward(self, x):
        return torch.argmax(x @ torch.eye(x.shape[1], dtype=x.dtype), dim=1)


def _near_tie_inputs():
    x = torch.tensor([[1.0, 1.0 + 2.0 ** -23, 0.2],  # row 0: columns 0 and 1 one float32 rounding apart
                      [0.1, 0.9, 0.3],  # rows 1, 2: clear winners
                      [0.7, 0.1, 0.2]])
    return [x]


def _alternatives(alternatives=True):
    model = _Buckets()
    inputs = _near_tie_inputs()
    with torch.no_grad():
        out = model(*inputs)
        out64 = model.double()(*[x.double() for x in inputs])
    sens = harness._sensitivity(_Buckets().double(), inputs, [out64], "cpu", seed=3, model=_Buckets(),
                                alternatives=alternatives)
    return out, out64, sens[0]


def test_a_near_tie_has_both_indices_and_a_clear_winner_one():
    out, out64, alts = _alternatives()
    assert out.tolist() == [1, 1, 0]
    assert alts is not None and not alts.dtype.is_floating_point and alts.shape[1:] == out.shape
    assert set(alts[:, 0].tolist()) == {0, 1}  # the near tie moves
    assert set(alts[:, 1].tolist()) == {1} and set(alts[:, 2].tolist()) == {0}


def test_the_oracle_accepts_the_other_index_of_a_near_tie_only():
    out, out64, alts = _alternatives()
    other_order = torch.tensor([0, 1, 0])  # an honest float32 kernel that summed the other way
    assert compare(out, out64, other_order, 0, 3.0, alts)[0] is None
    assert compare(out, out64, other_order, 0, 3.0, None)[0] == "numerical_mismatch"  # as before
    wrong = torch.tensor([1, 2, 0])  # a wrong bucket where the winner is clear
    cls, _, msg = compare(out, out64, wrong, 0, 3.0, alts)
    assert cls == "numerical_mismatch" and "1 of 3 integer elements differ" in msg


def test_no_alternatives_where_the_suite_planted_the_ties():
    _, _, alts = _alternatives(alternatives=False)
    assert alts is None
