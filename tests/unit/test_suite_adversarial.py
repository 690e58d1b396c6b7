"""Past-cap planning (verifiers/suite_adversarial.py): the element budget is estimated from the
constants that size a tensor. A constant used only as a float scale (scaled softmax's head_dim) no
longer shrinks the cases; a matmul's constants, which all size its work, still bound it."""

from __future__ import annotations

import ast
from pathlib import Path

from kagent.tools.problem import shape_constants
from kagent.verifiers.suite_adversarial import CAPS, adversarial_variants, size_names

PROBLEMS = Path(__file__).resolve().parents[1] / "corpus" / "problems"


def _variants(name: str) -> dict[str, dict[str, int]]:
    src = (PROBLEMS / name).read_text()
    return dict(adversarial_variants(shape_constants(ast.parse(src)), src))


def test_a_scale_constant_does_not_use_up_the_budget():
    src = (PROBLEMS / "scaled_softmax.py").read_text()
    assert "head_dim" not in size_names(src)  # only in head_dim**0.5 and head_dim**-0.5
    v = _variants("scaled_softmax.py")
    assert v["past_cap"]["key_len"] > max(CAPS)  # past every tile cap, 8192 included
    assert v["rows_past_grid_cap"]["seq_len"] > 4096


def test_every_size_of_a_matmul_still_bounds_it():
    src = (PROBLEMS / "matmul_fp16.py").read_text()
    consts = shape_constants(ast.parse(src))
    assert {c.name for c in consts} <= size_names(src)
    assert dict(adversarial_variants(consts, src)) == dict(adversarial_variants(consts))


def test_unknown_input_builders_fall_back_to_every_constant():
    src = "n = 8\n\ndef helper():\n    return 1\n\ndef get_inputs():\n    return [helper()]\n"
    assert size_names(src) is None


def test_4097_rows_fit_by_shrinking_the_other_sizes():
    """Where 4097 rows at the problem's own column count are past the element budget (softmax: 4097 x
    1024), the perturbed run's 4097-row case shrinks the other sizes instead (powers of two: the
    originals' power-of-two divisibility is kept); where the suite already runs 4097 rows, none."""
    from kagent.verifiers.suite_adversarial import ADVERSARIAL_NUMEL, estimate, rows_past_cap_shrunk

    src = (PROBLEMS / "softmax.py").read_text()
    consts = shape_constants(ast.parse(src))
    ov, fallbacks = rows_past_cap_shrunk(consts, src)
    assert ov == {"batch_size": 4097, "dim": 16} and fallbacks
    assert all(estimate(consts, f) <= ADVERSARIAL_NUMEL and f["batch_size"] == 4097 for f in [ov, *fallbacks])
    src3 = (PROBLEMS / "sum_reduction.py").read_text()
    ov3, _ = rows_past_cap_shrunk(shape_constants(ast.parse(src3)), src3)
    assert ov3["batch_size"] == 4097 and ov3["dim1"] * ov3["dim2"] * 4097 <= ADVERSARIAL_NUMEL
    assert _variants("bias_relu_scale.py")["rows_past_grid_cap"]["batch_size"] == 4097
    src2 = (PROBLEMS / "bias_relu_scale.py").read_text()
    assert rows_past_cap_shrunk(shape_constants(ast.parse(src2)), src2) is None


def test_the_interpreter_rows_case_keeps_its_rows_and_caps_the_other_sizes():
    """Under the Triton interpreter the rows case's cost grows with every other size (a loop over 64
    time steps per row: 200 s on 2 cores): there the other sizes are capped to fit ROWS_CPU_NUMEL,
    the row count stays past the grid cap, and the full-size case is the reference's last fallback."""
    from kagent.verifiers.suite_adversarial import ROWS_CPU_NUMEL, adversarial_cases, estimate

    src = "batch_size = 8\nhorizon = 64\n\ndef get_inputs():\n    return [torch.randn(batch_size, horizon)]\n"
    consts = shape_constants(ast.parse(src))
    gpu = dict(adversarial_variants(consts, src))["rows_past_grid_cap"]
    cpu = dict(adversarial_variants(consts, src, interpreter=True))["rows_past_grid_cap"]
    assert gpu == {"batch_size": 4097}
    assert cpu["batch_size"] == 4097 and cpu["horizon"] < 64 and estimate(consts, cpu) <= ROWS_CPU_NUMEL
    case = next(c for c in adversarial_cases(1, consts, src, interpreter=True) if c["name"] == "shape_rows_past_grid_cap")
    assert case["overrides"] == cpu and case["fallbacks"][-1] == {"batch_size": 4097} and case["full_checks"]
    # a case already within the budget is left as it is
    small = "batch_size = 8\nn = 4\n\ndef get_inputs():\n    return [torch.randn(batch_size, n)]\n"
    sc = shape_constants(ast.parse(small))
    assert dict(adversarial_variants(sc, small, interpreter=True)) == dict(adversarial_variants(sc, small))


def test_the_interpreter_past_cap_case_keeps_its_width_and_caps_the_other_sizes():
    """A 3x3 SSIM tile kernel over images past the 8192 cap took 43 s under the interpreter: there the
    sizes past_cap and x4 do not grow are capped (down to 2) to fit WIDE_CPU_NUMEL, the grown size stays
    where it was, and the full-size case is the reference's last fallback."""
    from kagent.verifiers.suite_adversarial import WIDE_CPU_NUMEL, adversarial_cases, estimate

    src = ("batch = 8\nchannels = 12\nheight = 20\nwidth = 28\n\n"
           "def get_inputs():\n    return [torch.rand(batch, channels, height, width)]\n")
    consts = shape_constants(ast.parse(src))
    gpu, cpu = dict(adversarial_variants(consts, src)), dict(adversarial_variants(consts, src, interpreter=True))
    assert gpu["past_cap"] == {"width": 1025} and gpu["x4"] == {"width": 112}
    assert cpu["past_cap"]["width"] == 1025 and estimate(consts, cpu["past_cap"]) <= WIDE_CPU_NUMEL
    assert cpu["past_cap"]["batch"] < 8 and cpu["past_cap"]["channels"] < 12 and cpu["past_cap"]["height"] < 8
    assert cpu["x4"]["width"] == 112 and estimate(consts, cpu["x4"]) <= WIDE_CPU_NUMEL
    case = next(c for c in adversarial_cases(1, consts, src, interpreter=True) if c["name"] == "shape_past_cap")
    assert case["overrides"] == cpu["past_cap"] and case["fallbacks"][-1] == {"width": 1025}
    # a case within the budget is left as it is; the smaller caps keep the capped sizes
    small = ("height = 20\nwidth = 28\n\ndef get_inputs():\n    return [torch.rand(height, width)]\n")
    sc = shape_constants(ast.parse(small))
    case = next(c for c in adversarial_cases(1, sc, small, interpreter=True) if c["name"] == "shape_past_cap")
    assert case["overrides"] == {"height": 16, "width": 8193}
    assert case["smaller"] == [{"height": 16, "width": w} for w in (4097, 2049, 1025)]
    assert dict(adversarial_variants(sc, small, interpreter=True))["x4"] == {"width": 112}


def test_a_reference_too_slow_past_the_largest_cap_steps_down_a_cap(tmp_path, monkeypatch):
    """C51's projection builds a [B, N, N] intermediate: past the 8192 cap its reference took 148 s.
    The past-cap case carries the smaller caps; a slow forward steps down to them (never below the
    smallest cap past the problem's size), and the reference's note says why."""
    from kagent.tools.problem import shape_constants
    from kagent.verifiers import harness
    from kagent.verifiers.suite_adversarial import adversarial_cases

    problem = tmp_path / "pairwise.py"
    problem.write_text('''import time
import torch
import torch.nn as nn

batch = 4
atoms = 51


class Model(nn.Module):
    def forward(self, p):
        if p.shape[1] > 1500:
            time.sleep(0.3)  # stands in for a quadratic intermediate
        return (p[:, :, None] - p[:, None, :]).abs().sum(-1)


def get_inputs():
    return [torch.rand(batch, atoms)]


def get_init_inputs():
    return []
''')
    src = problem.read_text()
    case = next(c for c in adversarial_cases(1, shape_constants(ast.parse(src)), src) if c["name"] == "shape_past_cap")
    assert case["overrides"] == {"atoms": 8193}
    assert case["smaller"] == [{"atoms": 4097}, {"atoms": 2049}, {"atoms": 1025}]
    case = {**case, "overrides": {"atoms": 2049}, "fallbacks": [], "smaller": [{"atoms": 1025}], "init_seed": 1,
            "transform": None}
    monkeypatch.setattr(harness, "_SLOW_SHAPE_INTERPRETER_S", 0.2)  # device cpu: the interpreter's limit
    events: list[dict] = []
    (tmp_path / "out").mkdir()
    job = {"device": "cpu", "out_dir": str(tmp_path / "out"), "reference": str(problem), "cases": [case],
           "max_shape_numel": 1 << 24}
    harness.run_reference(job, lambda **e: events.append(e))
    done = next(e for e in events if e["event"] == "case_done")
    assert done["overrides"] == {"atoms": 1025} and "took" in done["rejected"][0]["reason"], events


def test_the_4x_case_steps_down_to_twice_where_the_reference_is_too_slow(tmp_path, monkeypatch):
    """All pairs of a cubic lattice's atoms: 4x the cells per side is 64x the atoms and 4096x the pairs,
    well inside the input budget but minutes of reference (and of interpreter) time. The 4x case steps
    down to twice the size, then to one past it."""
    from kagent.tools.problem import shape_constants
    from kagent.verifiers import harness
    from kagent.verifiers.suite_adversarial import adversarial_cases

    problem = tmp_path / "lattice.py"
    problem.write_text('''import time
import torch
import torch.nn as nn

cells = 5


class Model(nn.Module):
    def forward(self, pos):
        if pos.shape[0] > 500:
            time.sleep(0.3)  # stands in for the N x N pair distances
        return (pos * pos).sum(1)


def get_inputs():
    return [torch.rand(cells ** 3, 3)]


def get_init_inputs():
    return []
''')
    src = problem.read_text()
    case = next(c for c in adversarial_cases(1, shape_constants(ast.parse(src)), src) if c["name"] == "shape_x4")
    assert case["overrides"] == {"cells": 20}
    assert case["smaller"] == [{"cells": 10}, {"cells": 6}]
    case = {**case, "fallbacks": [], "init_seed": 1, "transform": None}
    monkeypatch.setattr(harness, "_SLOW_SHAPE_INTERPRETER_S", 0.2)
    events: list[dict] = []
    (tmp_path / "out").mkdir()
    job = {"device": "cpu", "out_dir": str(tmp_path / "out"), "reference": str(problem), "cases": [case],
           "max_shape_numel": 1 << 24}
    harness.run_reference(job, lambda **e: events.append(e))
    done = next(e for e in events if e["event"] == "case_done")
    assert done["overrides"] == {"cells": 6}, events


def test_inputs_the_problem_never_makes_negative_are_not_made_negative(tmp_path):
    """Drawdown of price paths (100 * exp(cumsum)): a running peak started at 0 is right for every price
    the problem makes, and the all-negative stress case judged a correct kernel outside its domain (a blind
    set's twin: NaN, 0 / 0 peaks). The case is not needed there; a signed input is still made negative."""
    from kagent.verifiers import harness

    for draw, needed in (("100.0 * torch.exp(0.02 * torch.randn(8, 64))", False), ("torch.randn(8, 64)", True)):
        problem = tmp_path / "p.py"
        problem.write_text(f'''import torch
import torch.nn as nn


class Model(nn.Module):
    def forward(self, prices):
        peak = torch.cummax(prices, dim=1).values
        return ((peak - prices) / peak).amax(dim=1)


def get_inputs():
    return [{draw}]


def get_init_inputs():
    return []
''')
        case = {"name": "stress_negative", "kind": "stress", "seed": 1, "init_seed": 1, "transform": "negative",
                "overrides": {}, "fallbacks": []}
        events: list[dict] = []
        out = tmp_path / f"out{needed}"
        out.mkdir()
        job = {"device": "cpu", "out_dir": str(out), "reference": str(problem), "cases": [case],
               "max_shape_numel": 1 << 24}
        harness.run_reference(job, lambda **e: events.append(e))
        assert any(e["event"] == "case_done" for e in events) == needed, events


def test_the_primes_and_ones_shapes_keep_the_sizes_order_and_equalities():
    """Wilder's RSI over 64 prices with a 14-step period: primes by position made the period 17 and the
    series 13 long, an input no caller passes (the reference sliced its way to one column, an honest
    kernel allocated T - period = -4 columns), and all sizes 1 a period as long as the series (0 / 0 in
    the reference). Primes, and the ones case's first fallback, now follow the originals' order; equal
    sizes (a square matrix) stay equal."""
    from kagent.tools.problem import ShapeConstant
    from kagent.verifiers.suite import _fallbacks, shape_variants

    consts = [ShapeConstant("num_series", 100, 1), ShapeConstant("num_prices", 64, 2), ShapeConstant("period", 14, 3)]
    primes = dict(shape_variants(consts))["primes"]
    assert primes["period"] < primes["num_prices"] < primes["num_series"]
    # all sizes 1 stays the ones case (a size-1 reduced dimension is where a cheat returns its input); where
    # the reference computes nothing there, its first fallback keeps the order
    ones = dict(shape_variants(consts))["ones"]
    assert set(ones.values()) == {1}
    assert _fallbacks(consts, ones)[0] == {"num_series": 3, "num_prices": 2, "period": 1}
    sq = [ShapeConstant("M", 256, 1), ShapeConstant("N", 256, 2), ShapeConstant("B", 8, 3)]
    square = dict(shape_variants(sq))
    assert square["primes"]["M"] == square["primes"]["N"] > square["primes"]["B"]
    assert _fallbacks(sq, square["ones"])[0] == {"M": 2, "N": 2, "B": 1}


def test_a_shape_where_the_reference_computes_no_finite_value_is_skipped(tmp_path):
    """All sizes 1: a 1-step period over a 1-price series, whose RSI is 0 / 0 in the reference. Nothing
    there can be judged (an honest kernel read one price past the end: an out-of-bounds failure on an
    input no caller passes); the case is skipped with the reason. A finite output is judged as before."""
    from kagent.verifiers import harness

    problem = tmp_path / "rsi.py"
    problem.write_text('''import torch
import torch.nn as nn

n = 64


class Model(nn.Module):
    def forward(self, p):
        d = p[:, 1:] - p[:, :-1]
        g = d.clamp(min=0.0).sum(1) / d.shape[1]
        l = (-d).clamp(min=0.0).sum(1) / d.shape[1]
        return 100.0 - 100.0 / (1.0 + g / l)


def get_inputs():
    return [50.0 + torch.cumsum(torch.randn(4, n), dim=1)]


def get_init_inputs():
    return []
''')
    for size, skipped in ((1, True), (9, False)):
        case = {"name": "shape_ones", "kind": "shape", "seed": 1, "init_seed": 1, "transform": None,
                "overrides": {"n": size}, "fallbacks": []}
        events: list[dict] = []
        out = tmp_path / f"out{size}"
        out.mkdir()
        job = {"device": "cpu", "out_dir": str(out), "reference": str(problem), "cases": [case],
               "max_shape_numel": 1 << 24}
        harness.run_reference(job, lambda **e: events.append(e))
        got = [e for e in events if e["event"] == "case_skipped"]
        assert bool(got) == skipped and (not got or "no finite value" in got[0]["reason"]), events


def test_capping_the_other_sizes_keeps_their_order():
    """The past-cap case grows the series count and caps the other sizes to fit the interpreter's budget:
    capped alike, a 14-step period and 64 prices were both 4 (an input no caller passes). They are halved
    together instead, the period staying below the series length."""
    src = ("import torch\nnum_series = 100\nnum_prices = 64\nperiod = 14\n\n"
           "def get_inputs():\n    return [torch.randn(num_series, num_prices)]\n\n"
           "def get_init_inputs():\n    return [period]\n")
    consts = shape_constants(ast.parse(src))
    for name, ov in adversarial_variants(consts, src, interpreter=True):
        full = {c.name: c.value for c in consts} | ov
        assert full["period"] < full["num_prices"], (name, ov)


def test_a_shape_whose_outputs_are_past_the_limit_tries_no_larger_fallback(tmp_path, monkeypatch):
    """All pairs of 4097 sequences: the output is past the limit, and the case's fallbacks (the divisible
    variants past the cap, the full sizes) are larger still, so none is built (set 40's K2P distances
    spent 186 s on six of them, each failing to allocate 5 GB)."""
    from kagent.verifiers import harness

    problem = tmp_path / "pairs.py"
    problem.write_text('''import torch
import torch.nn as nn

n = 16
CALLS = []


class Model(nn.Module):
    def forward(self, x):
        CALLS.append(x.shape[0])
        return (x[:, None, :] - x[None, :, :]).abs().sum(2)


def get_inputs():
    return [torch.rand(n, 4)]


def get_init_inputs():
    return []
''')
    calls: list[int] = []
    real_forward = harness._outputs
    monkeypatch.setattr(harness, "_outputs", lambda o: calls.append(o.shape[0]) or real_forward(o))
    case = {"name": "shape_rows_past_grid_cap", "kind": "shape", "seed": 1, "init_seed": 1, "transform": None,
            "overrides": {"n": 65}, "fallbacks": [{"n": 66}, {"n": 68}, {"n": 72}]}
    events: list[dict] = []
    job = {"device": "cpu", "out_dir": str(tmp_path), "reference": str(problem), "cases": [case],
           "max_shape_numel": 4000}
    harness.run_reference(job, lambda **e: events.append(e))
    skipped = [e for e in events if e["event"] == "case_skipped"]
    assert skipped and "outputs hold 4225 elements" in skipped[0]["reason"], events
    assert "fallback" not in skipped[0]["reason"] and calls == [65], calls
