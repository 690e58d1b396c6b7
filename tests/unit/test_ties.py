"""Inputs with ties (verifiers/suite_ties.py): planned when the reference's operator breaks ties in
a defined way, and an argmax whose `>` became `>=` fails on them."""

from __future__ import annotations

from pathlib import Path

import pytest
import torch

from kagent.api import verify
from kagent.config import VerifyConfig
from kagent.verifiers.suite import plan_cases
from kagent.verifiers.suite_ties import skip_reason, tie_sensitivity, with_ties

FIX = Path(__file__).parent / "verify_fixtures"


@pytest.mark.parametrize("source,expected", [
    ("y = torch.argmax(x, dim=1)", "defined"),
    ("y = x.argmin(-1)", "defined"),
    ("v, i = torch.max(x, dim=self.dim)", "defined"),
    ("v, i = torch.max(x, 1)", "defined"),
    ("v, i = x.min(self.reduce_dim)", "defined"),
    ("y = torch.cummax(x, 0)", "defined"),
    ("y = torch.sort(x, dim=1, stable=True)", "defined"),
    ("y = torch.unique(x)", "defined"),
    ("y = torch.topk(x, 5)", "values_only"),
    # tied experts are equally right: which one gets the weight is not defined
    ("v, i = x.topk(2, dim=-1)\ny = torch.zeros_like(x).scatter(-1, i, v.softmax(-1))", None),
    ("t = torch.topk(x, 2)\ny = x.gather(1, t.indices)", None),
    ("y = torch.sort(x)", "values_only"),
    ("y = x.median(dim=0)", "values_only"),
    ("y = torch.amax(x, dim=1)", "values_only"),
    ("y = torch.max(a, b)", None),  # elementwise
    ("y = x.max()", None),  # all-reduce, no index
    ("y = torch.softmax(x, dim=1) + x.sum()", None),
    ("not python (", None),
    # a tensor compared with another view of itself: a Pareto domination count, a rank (ties decide it)
    ("a = f[:, :, None, :]\nb = f[:, None, :, :]\ndom = (b <= a).all(-1) & (b < a).any(-1)", "defined"),
    ("r = (s.unsqueeze(1) > s.unsqueeze(2)).sum(-1)", "defined"),
    ("y = torch.where(x > y, x, y)", None),  # two inputs: no self-comparison
    ("m = x > 0", None),
    # pooling's indices: the first maximum of a window; its values alone do not depend on ties
    ("_, i = F.max_pool2d(x, 3, 2, 1, return_indices=True)", "defined"),
    ("self.pool = nn.MaxPool1d(2, return_indices=True)", "defined"),
    ("y = F.max_pool2d(x, 3, 2, 1)", None),
    # the sign of a difference of one input's views: up / down / unchanged (on-balance volume, Kendall's tau)
    ("d = c[:, 1:] - c[:, :-1]\ny = torch.sign(d) * v[:, 1:]", "defined"),
    ("sx = torch.sign(x[:, :, None] - x[:, None, :])", "defined"),
    ("up = torch.diff(c, dim=1) > 0", "defined"),
    ("y = (a - b).sign()", None),  # two inputs: no self-difference
    ("d = c[:, 1:] - c[:, :-1]\ny = d * d", None),  # no sign taken
])
def test_tie_sensitivity_from_the_reference_source(source, expected):
    assert tie_sensitivity(source) == expected


def test_the_ties_case_is_planned_only_for_tie_sensitive_references():
    names = lambda cases: [c.name for c in cases]  # noqa: E731
    argmax = "def forward(self, x):\n    return torch.argmax(x, dim=1)\n"
    topk = "def forward(self, x):\n    return torch.topk(x, 4).values\n"
    assert "ties" in names(plan_cases(VerifyConfig(), [], argmax))
    assert next(c for c in plan_cases(VerifyConfig(), [], topk) if c.name == "ties").transform == "ties_values"
    assert "ties" not in names(plan_cases(VerifyConfig(), [], "return x + y"))
    assert "ties" not in names(plan_cases(VerifyConfig(ties=False), [], argmax))


def test_with_ties_repeats_values_exactly():
    x = torch.randn(16, 100, generator=torch.Generator().manual_seed(0))
    t = with_ties(x, 0)
    assert t.dtype == x.dtype and t.shape == x.shape
    assert torch.equal(t, t.round()) and t.unique().numel() <= 3  # integer-valued, few distinct values
    assert (t[0] == t[0, 0]).all()  # a constant row
    assert all(int((row == row.max()).sum()) > 1 for row in t[1:])  # every row's maximum ties
    pos = with_ties(torch.rand(8, 50, generator=torch.Generator().manual_seed(1)) + 0.01, 0)
    assert bool((pos > 0).all())  # an all-positive input stays positive (a log, a sqrt downstream)


def test_values_only_ties_are_not_judged_on_indices():
    assert skip_reason("ties_values", [torch.zeros(3), torch.zeros(3, dtype=torch.int64)])
    assert skip_reason("ties_values", [torch.zeros(3)]) is None
    assert skip_reason("ties", [torch.zeros(3, dtype=torch.int64)]) is None


@pytest.fixture(scope="module")
def argmax_reports(tmp_path_factory):
    good = FIX / "argmax_rows.py"
    flipped = tmp_path_factory.mktemp("ties") / "argmax_ge.py"
    text = good.read_text()
    assert text.count("take = m > best") == 1
    flipped.write_text(text.replace("take = m > best", "take = m >= best"))
    kw = dict(device="cpu", seeds=1, shapes=False)
    return verify(good, **kw), verify(flipped, **kw)


def test_an_argmax_flipped_to_last_maximum_fails_on_ties(argmax_reports):
    good, flipped = argmax_reports
    assert good.verdict == "pass", good.summary
    assert "ties" in [c.name for c in good.cases]
    assert flipped.verdict == "fail" and flipped.failure_class == "numerical_mismatch", flipped.summary
    assert {f.case for f in flipped.errors()} == {"ties"}  # random values never tie
