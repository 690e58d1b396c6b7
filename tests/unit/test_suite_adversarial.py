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
