"""The bounds-checked Triton interpreter (verifiers/bounds.py): every load, store and atomic address
of a launch checked against the tensors the launch was given, masked-off lanes excluded."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kagent.api import verify
from kagent.config import VerifyConfig

HERE = Path(__file__).parent
FIX = HERE / "verify_fixtures"


@pytest.fixture(scope="module")
def scenarios() -> dict:
    res = subprocess.run([sys.executable, str(HERE / "bounds_scenarios.py")], capture_output=True, text=True,
                         timeout=300, env={**os.environ, "TRITON_INTERPRET": "1"}, cwd=HERE.parents[1])
    assert res.returncode == 0, res.stderr[-3000:]
    return json.loads(res.stdout)


def test_in_bounds_accesses_pass(scenarios):
    for name in ("masked", "atomic_masked", "strided_view", "view_overread"):
        assert scenarios[name] == {"error": None, "violation": None}, name


def test_unmasked_load_reports_kernel_line_lane_and_offset(scenarios):
    v = scenarios["unmasked_load"]["violation"]
    assert scenarios["unmasked_load"]["error"] == "OutOfBoundsAccess"
    assert v["access"] == "load" and v["kernel"] == "copy_kernel"
    assert v["file"] == scenarios["file"] and v["line"] == scenarios["lines"]["LOAD_LINE"]
    # n = 1000, BLOCK = 256: program 3 covers 768..1023, its lane 232 is element 1000, 24 lanes are past the end
    assert v["program"] == [3, 0, 0] and v["lane"] == [232] and v["lanes_bad"] == 24
    assert v["nearest_arg"] == "x_ptr" and v["offset_elements"] == 1000 and v["arg_elements"] == 1000


def test_unmasked_store_and_atomic_are_caught(scenarios):
    s = scenarios["unmasked_store"]["violation"]
    assert s["access"] == "store" and s["line"] == scenarios["lines"]["STORE_LINE"] and s["nearest_arg"] == "out_ptr"
    a = scenarios["atomic_unmasked"]["violation"]
    assert a["access"] == "atomic_rmw" and a["line"] == scenarios["lines"]["ATOMIC_LINE"]
    assert a["lane"] == [10] and a["lanes_bad"] == 6 and a["offset_elements"] == 10


def test_guard_regions_are_out_of_bounds_but_a_users_larger_storage_is_not(scenarios):
    assert scenarios["guarded_overread"]["violation"]["offset_elements"] == 1000
    assert scenarios["view_overread"]["violation"] is None  # big[:n] read past n stays inside `big`


def test_a_swallowed_violation_is_still_reported(scenarios):
    assert scenarios["swallowed"]["error"] is None
    assert scenarios["swallowed"]["violation"]["access"] == "load"


@pytest.fixture(scope="module")
def unmasked_reports():
    path = FIX / "unmasked_load_add.py"
    return verify(path, device="cpu", seeds=1, stress=False), verify(path, device="cpu", seeds=1, stress=False,
                                                                      bounds_check=False)


def test_verify_fails_an_overread_whose_lanes_are_dropped(unmasked_reports):
    on, off = unmasked_reports
    assert on.verdict == "fail" and on.failure_class == "out_of_bounds", on.summary
    f = next(f for f in on.findings if f.check == "interpreter.bounds")
    assert f.evidence["kernel"] == "add_kernel" and f.evidence["access"] == "load"
    lines = (FIX / "unmasked_load_add.py").read_text().splitlines()
    assert lines[f.evidence["line"] - 1].strip() == "x = tl.load(x_ptr + offs)"
    assert "interpreter.bounds" in on.checks_run
    # without the check every output is right and no canary sees the over-read: the gap it closes
    assert off.verdict == "pass", off.summary
    assert "interpreter.bounds" not in off.checks_run


def test_the_switch(monkeypatch):
    assert VerifyConfig().bounds_check is True
    from kagent.cli import app as cli

    seen = {}

    def fake_verify(candidate, reference, config):
        seen["config"] = config
        raise cli.KagentError("stop here")

    monkeypatch.setattr(cli.api, "verify", fake_verify)
    CliRunner().invoke(cli.app, ["verify", "x.py", "--no-bounds-check"])
    assert seen["config"].bounds_check is False
