"""The torch epilogue policy (verifiers/epilogue.py) on real forwards (tests/unit/epilogue_scenarios.py,
in a subprocess under the Triton interpreter): torch may sum and scale the candidate's own small
kernel output; copies, full-size outputs, refills, inputs, weights, host values and math over the
kernel output stay torch compute. Cost: one subprocess, ~15 s."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def events() -> dict:
    proc = subprocess.run([sys.executable, str(HERE / "epilogue_scenarios.py")], capture_output=True, text=True,
                          timeout=300, env={**os.environ, "TRITON_INTERPRET": "1"}, cwd=HERE.parents[1])
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _reasons(ev: dict) -> str:
    return " | ".join(u.get("reason", "") for u in ev["epilogue"]["refused"])


@pytest.mark.parametrize("name,ops", [
    ("mse_rows_sum_div.py", ["aten::sum", "aten::div"]),
    ("mse_rows_mean.py", ["aten::mean"]),
    ("count_scale", ["aten::sum", "aten::div"]),  # an integer count of integer data as the scale
    ("linear_mix", ["aten::sum", "aten::div", "aten::neg", "aten::sum", "aten::mul", "aten::add", "aten::neg"]),
])
def test_sums_and_scalings_of_the_kernels_own_small_output_are_allowed(events, name, ops):
    ev = events[name]
    assert ev["compute_ops"] == {}, ev
    assert [u["op"] for u in ev["epilogue"]["allowed"]] == ops
    assert all(u["line"] for u in ev["epilogue"]["allowed"])  # the candidate's line is named
    assert ev["epilogue"]["kernel_elements"] * 8 <= ev["epilogue"]["input_elements"]


@pytest.mark.parametrize("name,op,why", [
    ("epilogue_copy_kernel_torch_answer.py", "aten::mul", "elementwise"),  # copies: squaring is not a scaling
    ("epilogue_copy_kernel_torch_answer.py", "aten::sub", "more than 1/8"),  # and the copies are full size
    ("epilogue_full_size_kernel_output.py", "aten::mean", "more than 1/8"),
    ("epilogue_chunked_refill.py", "aten::sum", "32768 elements"),  # 16 fills of 2048 elements, each counted
    ("epilogue_sum_over_input.py", "aten::sum", "an input of the forward"),
    ("epilogue_exp_over_kernel_output.py", "aten::exp", None),  # not an epilogue operator at all
    ("epilogue_matmul_over_kernel_output.py", "aten::matmul", None),
    ("torch_copy_into_kernel_buffer", "aten::sum", "did not write"),  # torch filled it; a kernel only read it
    ("parameter_in_epilogue", "aten::add", "did not write"),
    ("host_tensor_scale", "aten::mul", "did not write"),  # torch.tensor(v): host-built
])
def test_other_torch_steps_stay_torch_compute(events, name, op, why):
    ev = events[name]
    assert op in ev["compute_ops"], ev["compute_ops"]
    if why:
        assert why in _reasons(ev), _reasons(ev)


def test_an_allowed_sum_discounts_only_its_own_operator(events):
    # the candidate's small row sum is allowed; the sum over the input beside it is still counted
    ev = events["epilogue_sum_over_input.py"]
    assert [u["shape"] for u in ev["epilogue"]["allowed"]] == [[64]]
    assert ev["compute_ops"]["aten::sum"] == 1
