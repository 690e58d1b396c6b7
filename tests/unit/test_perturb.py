"""The environment-perturbed run's draws and worker-side helpers (verifiers/perturb.py, harness):
earlier calls, a moved clock, varied constructor floats, non-contiguous views, and the refill that
keeps an input's pointer and version. In-process and cheap; the end-to-end verdicts are in
tests/adversarial/test_cheats2.py (wrong_after_n_calls, date_bomb, hardcoded_init_constant,
strides_from_shapes, cache_ptr_version) and tests/adversarial/test_perturbed_policy.py."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import pytest
import torch

from kagent.verifiers import perturb


def test_the_draws_are_replayable_in_range_and_new_for_each_seed():
    a, b = perturb.plan(4242), perturb.plan(4242)
    assert a == b  # KAGENT_FRESH_SEED / fresh_case_seed replays every draw
    plans = [perturb.plan(s) for s in range(50)]
    assert len({p["warm_calls"] for p in plans}) > 10 and len({p["clock_offset_s"] for p in plans}) == 50
    for p in plans:
        assert perturb.WARM_CALLS[0] <= p["warm_calls"] <= perturb.WARM_CALLS[1]
        assert 365 * 86400 <= p["clock_offset_s"] <= 5 * 365 * 86400 + 1
        assert all(abs(math.log(f)) >= math.log(1.3) - 1e-6 for f in p["init_factors"])  # away from 1
        assert all(0.5 - 1e-6 <= f <= 2.0 + 1e-6 for f in p["init_factors"])  # the sign is kept


def test_only_python_floats_are_varied():
    init, changed = perturb.vary_init([16, 0.2, True, 1e-5, "x", 0.0, None, 3], [2.0] * 8)
    assert changed == [1, 3]  # ints are sizes, bools flags; 0.0 stays 0.0
    assert init == [16, 0.4, True, 2e-5, "x", 0.0, None, 3]
    assert perturb.vary_init([128, 64], [2.0, 2.0]) == ([128, 64], [])


def test_a_value_in_0_1_stays_below_1_and_still_moves():
    # an expectile 0.7 scaled by 1.8 would be 1.26, where an honest `where(u < 0, 1 - tau, tau)` and the
    # reference's `abs(tau - (u < 0))` part ways; it becomes 1 - 0.3 / 1.8 instead
    (up,), _ = perturb.vary_init([0.7], [1.8])
    (down,), _ = perturb.vary_init([0.7], [1 / 1.8])
    assert 0.7 < up < 1.0 and abs(up - (1 - 0.3 / 1.8)) < 1e-12
    assert abs(down - 0.7 / 1.8) < 1e-12
    assert perturb.vary_init([0.4, 1.5, -0.7], [2.0, 2.0, 2.0])[0] == [0.8, 3.0, -1.4]  # below 1 after: as before


def test_the_clock_moves_ahead_for_python_readers_but_not_the_monotonic_clocks():
    code = """
import json, time, datetime
from kagent.verifiers import perturb
t0, m0, p0 = time.time(), time.monotonic(), time.perf_counter()
perturb.shift_clock(400 * 86400.0)
from datetime import datetime as D, date
print(json.dumps({
    "time": time.time() - t0, "time_ns": time.time_ns() / 1e9 - t0,
    "realtime": time.clock_gettime(time.CLOCK_REALTIME) - t0,
    "now": D.now().timestamp() - t0, "utcnow_year": D.utcnow().year, "today": date.today().toordinal(),
    "real_today": datetime.date.fromtimestamp(t0).toordinal(), "localtime_year": time.localtime().tm_year,
    "gmtime_year": time.gmtime().tm_year, "real_year": time.gmtime(t0).tm_year, "strftime": time.strftime("%Y"),
    "isinstance": isinstance(D.now(), datetime.datetime),
    "monotonic": time.monotonic() - m0, "perf": time.perf_counter() - p0,
}))
"""
    got = json.loads(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                                    timeout=60).stdout)
    day = 86400
    for key in ("time", "time_ns", "realtime", "now"):
        assert 400 * day - 60 < got[key] < 400 * day + 60, key
    assert got["today"] - got["real_today"] in (400, 401)
    assert got["localtime_year"] >= got["real_year"] + 1 and got["gmtime_year"] >= got["real_year"] + 1
    assert got["utcnow_year"] >= got["real_year"] + 1 and int(got["strftime"]) >= got["real_year"] + 1
    assert got["isinstance"]
    assert got["monotonic"] < 60 and got["perf"] < 60


def test_noncontiguous_views_hold_the_same_values():
    x, v, i, s = torch.randn(5, 7), torch.randn(7), torch.arange(12).view(3, 4), torch.randn(2, 3, 4)
    out, changed = perturb.noncontiguous([x, v, i, s, 2.0])
    assert changed == [0, 3]
    assert not out[0].is_contiguous() and out[0].stride() == (14, 1) and torch.equal(out[0], x)
    assert not out[3].is_contiguous() and torch.equal(out[3], s)
    assert out[1] is v and out[2] is i and out[4] == 2.0
    # a kernel that assumes the row stride is the row length reads the NaN half
    assert torch.isnan(torch.as_strided(out[0], (5, 7), (7, 1))).any()


def test_refill_keeps_pointer_and_version_and_changes_the_values():
    from kagent.verifiers.canary import guarded_copy
    from kagent.verifiers.harness import refill_unversioned

    for x in (torch.randn(4, 6), guarded_copy(torch.randn(4, 6), "input0", "nan")[0]):
        ptr, version = x.data_ptr(), x._version
        new = torch.randn(4, 6)
        refill_unversioned(x, new)
        assert torch.equal(x, new) and x.data_ptr() == ptr and x._version == version


class _Counting:
    """A forward that counts its calls and fails on the 4th (as a forward that needs its kernels'
    results on the host may, with the launches skipped)."""

    def __init__(self, fail_at: int | None = None):
        self.calls, self.fail_at = 0, fail_at

    def __call__(self, x):
        self.calls += 1
        if self.calls == self.fail_at:
            raise ValueError("needs a real result")
        return x * 2


class _Allocator:
    from contextlib import nullcontext as passthrough  # noqa: N813  (the harness's allocator interface)


def test_earlier_calls_run_as_drawn_and_stop_quietly_on_an_exception():
    from kagent.verifiers.harness import _warm_calls

    m = _Counting()
    rec = _warm_calls(m, [torch.randn(3, 3)], "cpu", _Allocator(), 57)
    assert m.calls == 57 and rec["done"] == 57 and rec["stopped"] is None
    m = _Counting(fail_at=4)
    rec = _warm_calls(m, [torch.randn(3, 3)], "cpu", _Allocator(), 57)
    assert rec["done"] == 3 and "needs a real result" in rec["stopped"]


def test_the_watchdog_stops_a_case_even_through_an_except_exception():
    from kagent.verifiers.harness import _OverBudget, _Watchdog

    w = _Watchdog(0.2)
    with pytest.raises(_OverBudget):
        while True:
            try:
                sum(range(10000))
            except Exception:  # an honest (or not) handler in the candidate does not swallow it
                pass
    assert w.stop() is True
    quiet = _Watchdog(30)
    assert quiet.stop() is False


def test_the_past_2_24_case_scales_the_largest_size():
    import ast
    from pathlib import Path

    from kagent.tools.problem import shape_constants
    from kagent.verifiers.suite_adversarial import PAST_2_24, past_2_24

    problems = Path(__file__).resolve().parents[1] / "corpus" / "problems"
    for name, key, other in (("vector_add.py", "size", 1), ("softmax.py", "dim", 16)):
        src = (problems / name).read_text()
        ov, fallbacks = past_2_24(shape_constants(ast.parse(src)), src)
        assert ov[key] * other >= PAST_2_24 and all(f[key] > ov[key] for f in fallbacks)


def test_float_to_int_conversions_in_interpreted_kernels_are_counted():
    code = """
import os
os.environ["TRITON_INTERPRET"] = "1"
import torch, triton, triton.language as tl
from kagent.verifiers.harness import _count_float_to_int, _float_to_int
_count_float_to_int()

@triton.jit
def float_index(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = (tl.arange(0, BLOCK).to(tl.float32) * 1.0).to(tl.int32)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n), mask=offs < n)

@triton.jit
def int_index(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=offs < n) * 2.0, mask=offs < n)

x, y = torch.randn(64), torch.empty(64)
int_index[(1,)](x, y, 64, BLOCK=64)
honest = _float_to_int[0]
float_index[(1,)](x, y, 64, BLOCK=64)
print(honest, _float_to_int[0])
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    honest, total = map(int, out.stdout.split())
    assert honest == 0 and total > 0


def test_every_float_argument_moves_up_once_and_down_once():
    p = perturb.plan(7)
    drawn, inverse = perturb.init_factor_sets(p["init_factors"])
    assert drawn == p["init_factors"]
    assert all((a > 1) != (b > 1) and abs(a * b - 1) < 1e-5 for a, b in zip(drawn, inverse))
