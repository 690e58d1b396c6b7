"""Static anti-cheat checks: every static cheat of the adversarial corpus is flagged by its check under
the default profile; honest candidates (ours and the verify corpus) produce no error findings."""

from __future__ import annotations

from pathlib import Path

import pytest

yaml = pytest.importorskip("yaml")

from kagent.errors import InputError  # noqa: E402
from kagent.verifiers.anticheat_static import CHECKS, PROFILES, static_findings  # noqa: E402

HERE = Path(__file__).parent
CHEATS = HERE.parent / "corpus" / "cheats"
CORRECT = HERE.parent / "corpus" / "correct"
HONEST = HERE / "honest"

MANIFEST = yaml.safe_load((CHEATS / "manifest.yaml").read_text())["cheats"]
STATIC = [e for e in MANIFEST if e["expect_check"].startswith("anticheat.")]
ALSO_STATIC = [(e, c) for e in MANIFEST for c in e.get("also", []) if c.startswith("anticheat.")]
HONEST_FILES = sorted(HONEST.glob("*.py")) + sorted(CORRECT.glob("*.py"))


def _errors(path: Path, reference: Path | None = None, profile: str = "default"):
    ref = reference.read_text() if reference else None
    return [f for f in static_findings(path.read_text(), reference_source=ref, profile=profile)
            if f.severity == "error"]


def test_manifest_is_well_formed():
    assert len(MANIFEST) >= 18
    known_traps = {"ghost_replay", "launch_count", "output_caching", "output_aliasing", "output_type",
                   "integrity", "input_mutation", "uninitialized_reuse"}
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


@pytest.mark.parametrize("path", HONEST_FILES, ids=[f"{p.parent.name}/{p.name}" for p in HONEST_FILES])
def test_honest_candidate_has_no_error_findings(path):
    errors = _errors(path)
    assert errors == [], [(f.check, f.evidence["line"], f.evidence["snippet"]) for f in errors]


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
