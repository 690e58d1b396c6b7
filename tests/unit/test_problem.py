"""Static loading of problems and candidates: bad input is rejected with one clear line."""

from pathlib import Path

import pytest

from kagent.errors import InputError
from kagent.tools.problem import exec_module, inspect_sources, shape_constants, parse

FIX = Path(__file__).parent / "verify_fixtures"
EX = Path(__file__).resolve().parents[2] / "kagent" / "examples"


def test_separate_files_load():
    files = inspect_sources(EX / "softmax_nearmiss.py", EX / "softmax_problem.py")
    assert not files.single_file
    assert [(c.name, c.value) for c in files.shape_constants] == [("batch_size", 8), ("dim", 1000)]


@pytest.mark.parametrize(
    "candidate, reference, message",
    [
        ("missing.py", None, "candidate file not found"),
        ("syntax_error.py", "softmax_problem", "syntax error in candidate"),
        ("no_get_inputs.py", None, "no class ModelNew"),
        ("wrong_arity.py", "softmax_problem", "signature mismatch"),
        ("hang.py", None, "has no class Model and no --reference"),
        ("hang.py", "no_get_inputs.py", "no get_inputs()"),
    ],
)
def test_bad_input_is_one_clear_line(candidate, reference, message):
    ref = None if reference is None else (EX / "softmax_problem.py" if reference == "softmax_problem" else FIX / reference)
    with pytest.raises(InputError) as err:
        inspect_sources(FIX / candidate, ref)
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_shape_constants_skip_semantic_and_small_values():
    tree = parse("batch_size = 16\ndim = 16384\nreduce_dim = 1\nkernel_size = 3\nstride = 8\neps = 1e-5\nN = 4\n",
                 Path("x.py"), "reference")
    assert [c.name for c in shape_constants(tree)] == ["batch_size", "dim", "N"]


def test_exec_module_overrides_constants(tmp_path):
    src = tmp_path / "p.py"
    src.write_text("n = 64\ndef size():\n    return n\n")
    mod = exec_module(src, "kagent_test_p", {"n": 7})
    assert mod.size() == 7
    assert exec_module(src, "kagent_test_p2").size() == 64


def test_kernelbench_style_size_constants_are_found_and_overridden(tmp_path):
    import ast

    src = ("batch_size: int = 16\nM = 1024 * 2\nN = 2 ** 12\ninput_shape = (32768, 7)\n"
           "kernel_size = 3\nL = M + 1\nstride = 64\n")
    found = {c.name: c.value for c in shape_constants(ast.parse(src))}
    assert found == {"batch_size": 16, "M": 2048, "N": 4096, "input_shape[0]": 32768, "input_shape[1]": 7}
    p = tmp_path / "prob.py"
    p.write_text(src)
    m = exec_module(p, "kagent_test_sizes", {"M": 13, "input_shape[0]": 5, "batch_size": 1})
    assert (m.M, m.L, m.input_shape, m.batch_size, m.N, m.stride) == (13, 14, (5, 7), 1, 4096, 64)


def test_a_constant_only_the_model_reads_is_its_arithmetic_not_a_size():
    """A count-min sketch's modulus: overriding PRIME changed the reference's hashes and never the
    candidate's (a blind set's correct twin failed every shape case). Sizes get_inputs and
    get_init_inputs reach, through helpers and other constants, stay."""
    import ast

    src = ("n_items = 4000\nwidth = 256\nPRIME = 2147483647\nrows = 8\nshape = (rows, 16)\n\n"
           "def hash_params(d):\n    return [(7 * i) % PRIME for i in range(d)]\n\n"
           "class Model:\n    def __init__(self, width):\n        self.a = hash_params(4)\n\n"
           "def _items():\n    return list(range(n_items))\n\n"
           "def get_inputs():\n    return [_items(), shape]\n\n"
           "def get_init_inputs():\n    return [width]\n")
    assert [c.name for c in shape_constants(ast.parse(src))] == ["n_items", "width", "rows", "shape[1]"]


def test_a_constant_the_model_reads_and_the_inputs_use_as_a_value_is_not_a_size():
    """A fixed-point format (`FRAC_BITS`, through a table the Model reads) and a stop codon's index the
    Model compares against: get_inputs uses both as values, not sizes, and the candidate holds its own
    copy (two honest twins of blind set 28 failed every shape case). A size the Model also reads stays."""
    import ast

    src = ("import math, torch\nnum_angles = 1000\niterations = 28\nFRAC_BITS = 30\nSTOP = 20\nwidth = 64\n"
           "TABLE = [int(math.atan(2.0 ** -i) * (1 << FRAC_BITS)) for i in range(40)]\n\n"
           "class Model:\n    def __init__(self, iters):\n        self.iters = iters\n"
           "    def forward(self, a, t):\n        return a.view(-1, width) + TABLE[0] + (t == STOP)\n\n"
           "def get_inputs():\n    theta = torch.rand(num_angles * width)\n    codes = torch.randint(0, 64, (num_angles,))\n"
           "    return [torch.round(theta * (1 << FRAC_BITS)).long(), torch.where(codes == STOP, 0, codes)]\n\n"
           "def get_init_inputs():\n    return [iterations]\n")
    assert [c.name for c in shape_constants(ast.parse(src))] == ["num_angles", "iterations", "width"]


def test_a_series_length_named_like_a_step_count_is_a_size():
    """`num_steps` that only sizes get_inputs' series is a size (a blind near-miss's unmasked tail showed only
    past a multiple of the block, and no case moved it); a step count the constructor is passed, or the
    Model reads, stays out as before."""
    import ast

    src = ("import torch\nnum_basins = 64\nnum_steps = 512\nnum_iters = 40\nsolver_steps = 8\n\n"
           "class Model:\n    def __init__(self, iters):\n        self.iters = iters\n"
           "    def forward(self, x):\n        return x.sum(dim=1) * solver_steps\n\n"
           "def get_inputs():\n    b, t = num_basins, num_steps\n    return [torch.rand(b, t * solver_steps)]\n\n"
           "def get_init_inputs():\n    return [num_iters]\n")
    assert [c.name for c in shape_constants(ast.parse(src))] == ["num_basins", "num_steps"]
