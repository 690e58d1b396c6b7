"""Static anti-cheat checks: every static cheat of the adversarial corpus is flagged by its check under
the default profile; honest candidates (ours and the verify corpus) produce no error findings."""

from __future__ import annotations

from pathlib import Path

import pytest

import yaml

from kagent.errors import InputError
from kagent.verifiers.anticheat_static import CHECKS, PROFILES, static_findings  # noqa: E402

HERE = Path(__file__).parent
CHEATS = HERE.parent / "corpus" / "cheats"
CORRECT = HERE.parent / "corpus" / "correct"
HONEST = HERE / "honest"

MANIFEST = yaml.safe_load((CHEATS / "manifest.yaml").read_text())["cheats"]
STATIC = [e for e in MANIFEST if e["expect_check"].startswith("anticheat.")]
ALSO_STATIC = [(e, c) for e in MANIFEST for c in e.get("also", []) if c.startswith("anticheat.")]
EXAMPLES = HERE.parents[1] / "kagent" / "examples"
HONEST_FILES = sorted(HONEST.glob("*.py")) + sorted(CORRECT.glob("*.py")) + sorted(EXAMPLES.glob("*.py"))


def _errors(path: Path, reference: Path | None = None, profile: str = "default"):
    ref = reference.read_text() if reference else None
    return [f for f in static_findings(path.read_text(), reference_source=ref, profile=profile)
            if f.severity == "error"]


def test_manifest_is_well_formed():
    assert len(MANIFEST) >= 18
    known_traps = {"ghost_replay", "launch_count", "output_caching", "output_aliasing", "output_type",
                   "integrity", "input_mutation", "uninitialized_reuse", "reference_read"}
    for e in MANIFEST:
        assert (CHEATS / e["path"]).is_file(), e["path"]
        assert (CHEATS / e["reference"]).is_file(), e["reference"]
        assert isinstance(e["needs_cuda"], bool) and e["cheat"]
        for check in [e["expect_check"], *e.get("also", [])]:
            kind, _, name = check.partition(".")
            assert (kind == "anticheat" and name in CHECKS) or (kind == "trap" and name in known_traps), check
    assert len({e["path"] for e in MANIFEST}) == len(MANIFEST)


@pytest.mark.parametrize("entry", STATIC, ids=[e["path"] for e in STATIC])
def test_static_cheat_is_flagged_by_its_check(entry):
    errors = _errors(CHEATS / entry["path"], CHEATS / entry["reference"])
    flagged = {f.check for f in errors}
    assert entry["expect_check"] in flagged, (entry["path"], flagged)
    for f in errors:
        assert f.failure_class == "cheat"
        ev = f.evidence
        assert ev["line"] > 0 and ev["snippet"] and "col" in ev, f


@pytest.mark.parametrize("entry,check", ALSO_STATIC, ids=[f"{e['path']}-{c}" for e, c in ALSO_STATIC])
def test_static_also_checks_fire(entry, check):
    assert check in {f.check for f in _errors(CHEATS / entry["path"], CHEATS / entry["reference"])}


def test_at_least_eight_honest_candidates_of_our_own():
    assert len(list(HONEST.glob("*.py"))) >= 8


def _kept_layer(path: Path, f) -> bool:
    """Level-2 candidates that keep the reference's own torch layer (`*keep_torch*`): the static pass
    names the layer; verify's provenance policy allows it (verifiers/verify.py _layer_policy)."""
    return "keep_torch" in path.name and str(f.evidence.get("op", "")).startswith("torch.nn.")


@pytest.mark.parametrize("path", HONEST_FILES, ids=[f"{p.parent.name}/{p.name}" for p in HONEST_FILES])
def test_honest_candidate_has_no_error_findings(path):
    errors = [f for f in _errors(path) if not _kept_layer(path, f)]
    assert errors == [], [(f.check, f.evidence["line"], f.evidence["snippet"]) for f in errors]


@pytest.mark.parametrize("path", HONEST_FILES, ids=[f"{p.parent.name}/{p.name}" for p in HONEST_FILES])
def test_honest_candidate_has_no_warnings_either(path):
    # docs/verification.md: honest candidates get no anti-cheat finding of any severity above info
    noisy = [f for f in static_findings(path.read_text()) if f.severity in ("error", "warning")
             and not _kept_layer(path, f)]
    assert noisy == [], [(f.check, f.evidence["line"], f.evidence["snippet"]) for f in noisy]


def test_unknown_check_name_raises():
    with pytest.raises(ValueError, match="no_such_check"):
        static_findings("x = 1", only=["no_such_check"])
    with pytest.raises(ValueError):
        static_findings("x = 1", profile="paranoid")  # type: ignore[arg-type]


def test_only_restricts_checks_and_accepts_prefixed_names():
    src = (CHEATS / "try_fallback.py").read_text()
    got = {f.check for f in static_findings(src, only=["anticheat.fallback"])}
    assert got == {"anticheat.fallback"}
    assert {f.check for f in static_findings(src, only=["torch_compute"])} == {"anticheat.torch_compute"}


def test_profiles_change_severities_not_detection():
    src = (CHEATS / "cublas_linear.py").read_text()
    by_profile = {p: [f for f in static_findings(src, profile=p) if f.check == "anticheat.torch_compute"]
                  for p in ("strict", "default", "lenient")}
    assert all(by_profile.values())
    assert {f.severity for f in by_profile["default"]} == {"error"}
    assert {f.severity for f in by_profile["lenient"]} == {"warning"}
    assert all(f.failure_class is None for f in by_profile["lenient"])
    # tensor arithmetic: a warning by default, an error when strict
    arith = "import torch.nn as nn\nclass ModelNew(nn.Module):\n    def forward(self, x, y):\n        return x + y\n"
    sev = {p: {f.severity for f in static_findings(arith, profile=p) if f.check == "anticheat.tensor_arith"}
           for p in ("strict", "default", "lenient")}
    assert sev == {"strict": {"error"}, "default": {"warning"}, "lenient": {"info"}}


def test_every_check_has_a_severity_in_every_profile():
    for profile, table in PROFILES.items():
        assert set(table) == set(CHECKS), profile


def test_reach_follows_helpers_methods_and_module_values_but_not_kernels():
    src = '''
import torch, torch.nn as nn, triton, triton.language as tl
import torch.nn.functional as F

_act = F.gelu

@triton.jit
def k(x_ptr, BLOCK: tl.constexpr):
    x = tl.load(x_ptr + tl.arange(0, BLOCK))
    tl.store(x_ptr + tl.arange(0, BLOCK), tl.exp(x) + tl.sum(x, axis=0))

def unused_helper(x):
    return torch.softmax(x, -1)

def used_helper(x):
    return _act(x)

class Sub(nn.Module):
    def forward(self, x):
        return x.sum(-1)

class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.sub = Sub()
    def _inner(self, x):
        return used_helper(x)
    def forward(self, x):
        k[(1,)](x, BLOCK=16)
        return self.sub(self._inner(x))
'''
    found = {(f.evidence["function"], f.evidence["snippet"], f.evidence["reached_from"])
             for f in static_findings(src) if f.check == "anticheat.torch_compute"}
    assert found == {
        # F.gelu through a module-level alias, in a helper reached through a method
        ("used_helper", "_act(x)", "ModelNew.forward -> ModelNew._inner -> used_helper"),
        # x.sum in a sub-module's forward, reached through self.sub(...)
        ("Sub.forward", "x.sum(-1)", "ModelNew.forward -> Sub.forward"),
    }  # not unused_helper (off the path), not the kernel's tl.exp / tl.sum


def test_syntax_error_is_an_input_error():
    with pytest.raises(InputError):
        static_findings("def broken(:\n")


@pytest.mark.parametrize("snippet,check", [
    ("torch.cuda.Event.elapsed_time = lambda s, e: 0.0", "anticheat.timer_patch"),
    ("setattr(time, 'perf_counter', lambda: 0.0)", "anticheat.timer_patch"),
    ("import subprocess\nsubprocess.run(['true'], timeout=1)", "anticheat.concurrency"),
    ("from concurrent.futures import ThreadPoolExecutor\nPOOL = ThreadPoolExecutor(2)", "anticheat.concurrency"),
    ("s = torch.cuda.Stream()", "anticheat.streams"),
    ("f = torch.jit.script(lambda x: x)", "anticheat.torch_compile"),
    ("EXPECTED = torch.load('expected.pt')", "anticheat.hardcoded_output"),
    ("import inspect\nF = inspect.currentframe", "anticheat.introspection"),
    ("import urllib.request\nD = urllib.request.urlopen", "anticheat.io_access"),
    ("class T(torch.Tensor):\n    pass", "anticheat.tensor_subclass"),
    ("torch.set_float32_matmul_precision('medium')", "anticheat.precision_flags"),
])
def test_module_level_rules(snippet, check):
    src = "import torch, time\nimport torch.nn as nn\n" + snippet + "\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n"
    assert check in {f.check for f in static_findings(src) if f.severity == "error"}


@pytest.mark.parametrize("body,check", [
    ("return x.__matmul__(x)", "anticheat.torch_compute"),
    ("return getattr(torch, 'bmm')(x, x)", "anticheat.torch_compute"),
    ("return torch.ops.aten.relu.default(x)", "anticheat.torch_compute"),
    ("y = x.clone()\n        y.copy_(x.softmax(-1))\n        return y", "anticheat.torch_compute"),
    ("return open('/tmp/out.bin').read()", "anticheat.io_access"),
    ("import os\n        return os.environ.get('EXPECTED')", "anticheat.io_access"),
    ("self.last = x.data_ptr()\n        return x", "anticheat.pointer_cache"),
    ("return getattr(torch, ''.join(['re', 'lu']))(x)", "anticheat.obfuscation"),
    ("x.zero_()\n        return x", "anticheat.input_mutation"),
])
def test_forward_path_rules(body, check):
    src = f"import torch\nimport torch.nn as nn\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        {body}\n"
    assert check in {f.check for f in static_findings(src, profile="strict") if f.severity == "error"}


# ----------------------------------------------------------------------------- holes found by an audit
_HEAD = "import os, glob, pickle, pathlib, operator, functools, time\nimport torch\nimport torch.nn as nn\n"


def _checks(src: str, profile: str = "default", severity: str = "error") -> set[str]:
    return {f.check for f in static_findings(_HEAD + src, profile=profile) if f.severity == severity}


@pytest.mark.parametrize("src", [
    # 1. operator-module arithmetic on tensors
    "class ModelNew(nn.Module):\n    def forward(self, a, b):\n        return operator.add(a, b)\n",
    "from operator import mul\nclass ModelNew(nn.Module):\n    def forward(self, a, b):\n        return mul(a, b)\n",
    "class ModelNew(nn.Module):\n    def forward(self, a, b):\n        return operator.truediv(a, b)\n",
    "class ModelNew(nn.Module):\n    def forward(self, a, b):\n        return functools.reduce(operator.add, [a, b])\n",
    "_f = functools.partial(operator.sub)\nclass ModelNew(nn.Module):\n    def forward(self, a, b):\n        return _f(a, b)\n",
    "_sm = operator.methodcaller('softmax', -1)\nclass ModelNew(nn.Module):\n    def forward(self, a, b):\n        return _sm(a)\n",
    # 2. code stored in class / instance attributes
    "class ModelNew(nn.Module):\n    impl = staticmethod(lambda a, b: torch.add(a, b))\n"
    "    def forward(self, a, b):\n        return self.impl(a, b)\n",
    "class ModelNew(nn.Module):\n    impl = lambda self, a, b: torch.add(a, b)\n"
    "    def forward(self, a, b):\n        return self.impl(a, b)\n",
    "def _f(a, b):\n    return torch.add(a, b)\nclass ModelNew(nn.Module):\n    impl = staticmethod(_f)\n"
    "    def forward(self, a, b):\n        return self.impl(a, b)\n",
    "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n"
    "        self.impl = lambda a, b: torch.add(a, b)\n    def forward(self, a, b):\n        return self.impl(a, b)\n",
    "class ModelNew(nn.Module):\n    ops = [lambda a, b: torch.add(a, b)]\n    def forward(self, a, b):\n        return self.ops[0](a, b)\n",
    "class ModelNew(nn.Module):\n    impl = functools.partial(torch.add, alpha=1)\n"
    "    def forward(self, a, b):\n        return self.impl(a, b)\n",
    "class ModelNew(nn.Module):\n    def forward(self, a, b):\n        return self.impl(a, b)\n"
    "ModelNew.impl = staticmethod(lambda a, b: torch.add(a, b))\n",
    # 3. library modules reached through containers
    "d = {'t': torch}\nclass ModelNew(nn.Module):\n    def forward(self, a, b):\n        return d['t'].matmul(a, b)\n",
    "d = {'t': torch}\nclass ModelNew(nn.Module):\n    def forward(self, a, b):\n        return d.get('t').add(a, b)\n",
    "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n        self.lib = [torch]\n"
    "    def forward(self, a, b):\n        return self.lib[-1].add(a, b)\n",
], ids=["operator.add", "from-operator-import-mul", "operator.truediv", "reduce-operator.add", "partial-operator.sub",
        "methodcaller-softmax", "class-staticmethod-lambda", "class-lambda", "class-staticmethod-def",
        "instance-lambda", "class-list-of-lambdas", "class-partial", "class-attr-set-from-outside",
        "module-dict-of-torch", "dict.get-of-torch", "instance-list-of-torch"])
def test_audit_hidden_torch_compute_is_flagged(src):
    assert "anticheat.torch_compute" in _checks(src)


@pytest.mark.parametrize("patch", [
    "_m = [torch.cuda]\n_m[0].synchronize = lambda: None",
    "_m = (time, torch.cuda)\n_m[1].Event.elapsed_time = lambda s, e: 0.0",
    "_m = [torch.cuda]\nsetattr(_m[0], 'synchronize', lambda: None)",
    "_m = {'c': torch.cuda}\nmod = _m['c']\nmod.synchronize = lambda: None",
    "for _mod in (torch.cuda,):\n    _mod.synchronize = lambda: None",
    "def _patch():\n    mods = [time]\n    for m in mods:\n        m.perf_counter = lambda: 0.0\n_patch()",
], ids=["list-index", "tuple-index", "setattr-list-index", "dict-alias", "module-loop", "local-loop"])
def test_audit_timer_patch_through_a_container(patch):
    src = patch + "\nclass ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n"
    assert "anticheat.timer_patch" in _checks(src)


_INIT = "class ModelNew(nn.Module):\n    def __init__(self):\n        super().__init__()\n        {}\n" \
        "    def forward(self, x):\n        return x\n"


@pytest.mark.parametrize("stmt", [
    "self.c = torch.load(os.path.join(os.environ['KAGENT_CACHE_DIR'], 'x.pt'))",
    "self.c = torch.serialization.load('/somewhere/out.pt')",
    "self.c = pickle.load(open('expected', 'rb'))",
    "self.files = os.listdir(os.path.expanduser('~/.cache/kagent/reference'))",
    "self.files = glob.glob('/data/**/*.pt', recursive=True)",
    "self.blob = pathlib.Path(os.getenv('TRITON_CACHE_DIR')).read_bytes()",
    "self.d = os.environ.get('KAGENT_CACHE_DIR')",
    "self.d = os.environ['TRITON_CACHE_DIR']",
    "root = os.environ.get('WHATEVER', '.')\n        self.blob = open(os.path.join(root, 'out.txt')).read()",
    "self.files = list(pathlib.Path.home().glob('.cache/*'))",
    "import tempfile\n        self.files = os.listdir(tempfile.gettempdir())",
], ids=["torch.load-env-pt", "torch.serialization.load", "pickle.load", "listdir-expanduser-cache",
        "glob-pt", "pathlib-read_bytes-env", "environ.get-KAGENT", "environ-TRITON_CACHE_DIR",
        "open-under-env-var", "pathlib-home-glob", "listdir-tempdir"])
def test_audit_cache_and_stored_output_reads_outside_forward_are_cheats(stmt):
    assert "anticheat.io_access" in _checks(_INIT.format(stmt))
    # and at module level just the same
    assert "anticheat.io_access" in _checks(stmt.replace("self.", "").replace("        ", "") + "\n" + _INIT.format("pass"))


@pytest.mark.parametrize("stmt", [
    "self.src = open(os.path.join(os.path.dirname(__file__), 'kernel.cu')).read()",
    "self.src = pathlib.Path(__file__).with_name('kernel.cu').read_text()",
    "self.names = os.listdir(os.path.dirname(__file__))",
    "self.env = dict(os.environ)",
], ids=["open-own-cu", "pathlib-own-cu", "listdir-own-dir", "whole-environment"])
def test_audit_plain_file_reads_outside_forward_are_warnings(stmt):
    src = _INIT.format(stmt)
    assert "anticheat.file_access" in _checks(src, severity="warning")
    assert not _checks(src)  # no error under the default profile
    assert "anticheat.file_access" in _checks(src, profile="strict")
    assert "anticheat.file_access" in _checks(src, profile="lenient", severity="info")


@pytest.mark.parametrize("src", [
    # configuring the build through the environment, and reading innocuous variables
    "os.environ['TORCH_CUDA_ARCH_LIST'] = '9.0'\nos.environ.setdefault('TORCH_CUDA_ARCH_LIST', '9.0')\n"
    "A = os.environ.get('TORCH_CUDA_ARCH_LIST')\nH = os.getenv('CUDA_HOME', '/usr/local/cuda')\n"
    "I = os.environ.get('TRITON_INTERPRET', '0') == '1'\n",
    # shape arithmetic with operator / reduce
    "def numel(shape):\n    return functools.reduce(operator.mul, shape, 1)\n"
    "class M2(nn.Module):\n    def forward(self, x):\n        n = functools.reduce(operator.mul, x.shape, 1)\n"
    "        return operator.add(x.shape[0], 1), numel(x.shape)\n",
    # class-level tables and a grid lambda on self
    "class M2(nn.Module):\n    DTYPES = {torch.float16: 1, torch.float32: 2}\n    CONFIGS = [(128, 4), (256, 8)]\n"
    "    def __init__(self):\n        super().__init__()\n"
    "        self.grid = lambda meta: ((self.n + meta['BLOCK'] - 1) // meta['BLOCK'],)\n"
    "    def forward(self, x):\n        self.n = x.numel()\n        return self.grid({'BLOCK': 128}), self.DTYPES[x.dtype]\n",
    # C++ that mentions threads only in comments, or asks how many cores there are
    "SRC = '// one CUDA thread per element; no std::thread\\n/* std::async */\\n"
    "int cores() { return std::thread::hardware_concurrency(); }'\n",
], ids=["environment-config", "operator-shape-arithmetic", "class-tables-grid-lambda", "cpp-thread-comments"])
def test_audit_honest_patterns_stay_clean(src):
    src = src + "class ModelNew(nn.Module):\n    def forward(self, x):\n        return x\n"
    noisy = [(f.check, f.evidence["snippet"]) for f in static_findings(_HEAD + src) if f.severity != "info"]
    assert noisy == []


@pytest.mark.parametrize("cpp", [
    "std::thread t(work); t.detach();",
    "auto f = std::async(std::launch::async, work);",
    "pthread_t t; pthread_create(&t, nullptr, work, nullptr);",
    "std::jthread t(work);",
], ids=["std-thread", "std-async", "pthread_create", "std-jthread"])
def test_audit_threads_in_cpp_sources_are_flagged(cpp):
    src = ("from torch.utils.cpp_extension import load_inline\n"
           f"_ext = load_inline(name='x', cpp_sources='#include <thread>\\nvoid f() {{ {cpp} }}', functions=['f'])\n"
           "class ModelNew(nn.Module):\n    def forward(self, x):\n        _ext.f()\n        return x\n")
    hits = [f for f in static_findings(_HEAD + src) if f.check == "anticheat.concurrency"]
    assert hits and hits[0].severity == "error" and "line 2 of the string" in hits[0].message


@pytest.mark.parametrize("src", [
    "NAME = 'KAGENT_CACHE_DIR'\nD = os.environ.get(NAME)\n",
    "D = os.getenv('KAGENT_' + 'CACHE_DIR')\n",
    "HAS = 'TRITON_CACHE_DIR' in os.environ\n",
    "def _read(p):\n    return open(p, 'rb').read()\nBLOB = _read(os.path.expanduser('~/x'))\n",
    "class L:\n    def load(self, where):\n        return os.listdir(where)\nF = L().load(where='/tmp')\n",
], ids=["env-name-constant", "env-name-concat", "env-membership", "helper-called-with-home-path",
        "method-called-with-tmp"])
def test_audit_reads_through_names_and_helpers(src):
    assert "anticheat.io_access" in _checks(src + _INIT.format("pass"))


def test_a_helper_called_at_init_is_forward_code_only_when_it_returns_code():
    """A buffer built in __init__ by a helper that returns a tensor is data in forward (honest); a
    factory whose result forward calls (a lambda or an inner def doing torch math) is still read."""
    factory = '''
import torch, torch.nn as nn
def make():
    return lambda x: torch.relu(x)
def make_inner() -> torch.Tensor:
    def f(x):
        return torch.sigmoid(x)
    return f
class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.op, self.op2 = make(), make_inner()
        self.a = make()
        self.b = make_inner()
    def forward(self, x):
        return self.a(x) + self.b(x)
'''
    ops = {f.evidence.get("op") for f in static_findings(factory) if f.severity == "error"}
    assert {"torch.relu", "torch.sigmoid"} <= ops, ops
    assert not _errors(HONEST / "triton_window_buffer.py")


_TILES = '''import torch
import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, x, sizes):
        tiles = []
        for g, n in enumerate(sizes.tolist()):
            tiles.append((g, n))
{test}
        tiles = torch.tensor(tiles, dtype=torch.int32, device=x.device)
        return x + tiles.sum()
'''


@pytest.mark.parametrize("test, flagged", [
    ("        if not tiles:\n            return x", False),  # still the Python list: nothing to launch
    ("        tiles = torch.tensor(tiles)\n        if not tiles.any():\n            return x", True),
    ("        t = torch.tensor(tiles)\n        if t:\n            return x", True),
])
def test_a_branch_on_a_list_that_later_becomes_a_tensor_is_not_on_tensor_values(test, flagged):
    """Blind set 20's honest grouped-GEMM twin returns early `if not tiles:` while `tiles` is still the
    list of (group, row) tiles it then turns into a tensor: the binding that reaches the test decides."""
    hits = [f for f in static_findings(_TILES.format(test=test), only=["data_dependent_skip"]) if f.severity == "error"]
    assert bool(hits) is flagged, hits


def test_a_table_the_reference_spells_out_is_the_problems_constant_not_hard_coded_outputs():
    """IMA ADPCM's 89 step sizes: an honest encoder holds the same table as its reference (a blind set's
    correct twin was judged `cheat`). The exemption is for that table only, in order: a table of outputs,
    or the reference's table reordered, is still flagged."""
    steps = [7 + 3 * i + i * i // 5 for i in range(89)]
    reference = f"import torch\nSTEP_TABLE = {steps}\n\nclass Model(torch.nn.Module):\n    pass\n"
    honest = ("import torch\n_STEPS = [\n    " + ", ".join(map(str, steps)) + "]\n\n"
              "class ModelNew(torch.nn.Module):\n    def forward(self, x):\n"
              "        return x + torch.tensor(_STEPS)[0]\n")
    hard = {f.check for f in static_findings(honest, reference_source=reference) if f.severity == "error"}
    assert "anticheat.hardcoded_output" not in hard
    for other in (steps[::-1], [s + 1 for s in steps]):
        src = honest.replace(", ".join(map(str, steps)), ", ".join(map(str, other)))
        flagged = {f.check for f in static_findings(src, reference_source=reference) if f.severity == "error"}
        assert "anticheat.hardcoded_output" in flagged
    # without the reference (a single-file problem) nothing is exempt
    assert "anticheat.hardcoded_output" in {f.check for f in static_findings(honest) if f.severity == "error"}
