"""Self-check of the kernel corpus in tests/corpus/, without kagent's verifier.

Proves the corpus is what its manifest says: every correct candidate matches its reference (on the
default shapes, an odd shape, all-ones shapes and value stress) and every near-miss is observably
broken, with the symptom of the failure class the manifest gives it. The kernels run under the Triton
CPU interpreter in two worker processes (tests/corpus/_runner.py), all files of a worker in one
interpreter start; a worker that dies is restarted after the file that killed it.
"""

from __future__ import annotations

import ast
import difflib
import json
import os
import signal
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from pathlib import Path

import yaml

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
RUNNER = CORPUS / "_runner.py"

FAILURE_CLASSES = {
    "compile_error", "runtime_error", "timeout", "crash", "shape_mismatch", "dtype_mismatch",
    "numerical_mismatch", "precision_loss", "nan_output", "out_of_bounds", "uninitialized_output",
    "input_mutation", "nondeterministic",
}
# Module-level ints that are not shapes (an axis): never overridden.
NON_SHAPE_CONSTANTS = {"reduce_dim"}
# The manifest's `needs` (the weakest input suite that reveals a near-miss) -> the cases of that suite.
NEEDS_CASES = {"default": {"default"}, "boundary_shape": {"odd", "ones"}, "negative_values": {"negative"},
               "large_values": {"large"}, "small_values": {"small"}}
# A candidate is "less accurate than the reference" when its relative L2 error against the float64
# truth exceeds PRECISION_RATIO x the reference's own error plus a per-dtype floor.
PRECISION_RATIO = 2.0
PRECISION_FLOOR = {"float32": 2e-6, "float16": 1e-4, "float64": 1e-12}
WORKER_TIMEOUT_S = 240
N_WORKERS = 2


# ----------------------------------------------------------------------------- manifest and files

@lru_cache(maxsize=1)
def manifest() -> list[dict]:
    entries = yaml.safe_load((CORPUS / "manifest.yaml").read_text())
    assert isinstance(entries, list) and entries, "manifest.yaml must be a non-empty list"
    return entries


def shape_constants(path: Path) -> dict[str, int]:
    """Module-level `name = <int>` assignments of a problem file (its shape constants)."""
    consts = {}
    for node in ast.parse(path.read_text()).body:
        if (isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Constant) and type(node.value.value) is int):
            if node.targets[0].id not in NON_SHAPE_CONSTANTS:
                consts[node.targets[0].id] = node.value.value
    return consts


def odd_value(v: int) -> int:
    return max(1, (v // 2) | 1)


def cases_for(problem: Path) -> list[dict]:
    consts = shape_constants(problem)
    assert consts, f"{problem.name}: no module-level int shape constants"
    return [
        {"name": "default", "seed": 1, "overrides": {}, "transform": None},
        {"name": "odd", "seed": 2, "overrides": {k: odd_value(v) for k, v in consts.items()}, "transform": None},
        {"name": "ones", "seed": 3, "overrides": {k: 1 for k in consts}, "transform": None},
        {"name": "negative", "seed": 4, "overrides": {}, "transform": "neg", "second_run": False},
        {"name": "large", "seed": 5, "overrides": {}, "transform": "scale:64", "second_run": False},
        {"name": "small", "seed": 6, "overrides": {}, "transform": "scale:0.001", "second_run": False},
    ]


def problem_of(entry: dict) -> Path:
    return CORPUS / (entry["reference"] or entry["path"])


def build_jobs(entries: list[dict]) -> list[dict]:
    return [{"id": e["path"], "candidate": str(CORPUS / e["path"]),
             "reference": str(CORPUS / e["reference"]) if e["reference"] else None,
             "cases": cases_for(problem_of(e))} for e in entries]


# ----------------------------------------------------------------------------- running the workers

def _run_worker(jobs: list[dict]) -> dict[str, list[dict]]:
    """Run jobs in one interpreter process; restart after a job that kills the process."""
    results: dict[str, list[dict]] = {}
    env = {**os.environ, "TRITON_INTERPRET": "1", "PYTHONHASHSEED": "0", "OMP_NUM_THREADS": "1"}
    remaining = list(jobs)
    while remaining:
        proc = subprocess.Popen([sys.executable, str(RUNNER)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True, env=env, start_new_session=True)
        try:
            out, err = proc.communicate(json.dumps(remaining), timeout=WORKER_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, err = proc.communicate()
        started, ended = None, set()
        for line in out.splitlines():
            if not line.startswith("{"):
                continue
            rec = json.loads(line)
            if rec["event"] == "start":
                started = rec["id"]
            elif rec["event"] == "end":
                ended.add(rec["id"])
            else:
                results.setdefault(rec["id"], []).append(rec)
        done = ended | ({started} if started else set())
        if started and started not in ended:  # this job killed the worker (or hung it)
            status = "timeout" if proc.returncode in (-signal.SIGKILL,) else "crash"
            results.setdefault(started, []).append({"id": started, "case": "?", "status": status,
                                                    "returncode": proc.returncode, "stderr": err[-2000:]})
        elif proc.returncode != 0:
            raise RuntimeError(f"corpus worker failed (rc {proc.returncode}):\n{err[-3000:]}")
        remaining = [j for j in remaining if j["id"] not in done]
    return results


def run_jobs(jobs: list[dict], n_workers: int = N_WORKERS) -> dict[str, list[dict]]:
    chunks = [jobs[i::n_workers] for i in range(n_workers)]
    results: dict[str, list[dict]] = {}
    with ThreadPoolExecutor(n_workers) as pool:
        for part in pool.map(_run_worker, [c for c in chunks if c]):
            results.update(part)
    return results


# ----------------------------------------------------------------------------- judging the evidence

def precision_loss(out: dict) -> bool:
    if out.get("cand_rel_l2") is None:
        return False
    floor = PRECISION_FLOOR.get(out["dtype"], 1e-6)
    return out["cand_rel_l2"] > PRECISION_RATIO * out["ref_rel_l2"] + floor


def symptoms(case: dict) -> set[str]:
    """The failure classes a case's evidence shows (empty: indistinguishable from the reference)."""
    status = case["status"]
    if status == "skipped":
        return set()
    if status in ("crash", "timeout"):
        return {status}
    if status == "raised":
        chain = case["error_chain"]
        api_error = {"AttributeError", "CompilationError", "NameError"} & set(chain)
        return {"compile_error"} if api_error else {"runtime_error"}
    found = set()
    if case["input_mutated"]:
        found.add("input_mutation")
    if case["guard_write"]:
        found.add("out_of_bounds")
    if case["n_outputs"][0] != case["n_outputs"][1]:
        found.add("shape_mismatch")
    for out in case["outputs"]:
        if not out["shape_ok"]:
            found.add("shape_mismatch")
            continue
        if not out["dtype_ok"]:
            found.add("dtype_mismatch")
        if out.get("reads_guard"):
            found.add("out_of_bounds")
        if out.get("unwritten"):
            found.add("uninitialized_output")
        if out.get("nonfinite_new"):
            found.add("nan_output")
        if out.get("mismatch"):
            found.add("numerical_mismatch")
        if precision_loss(out):
            found.add("precision_loss")
    return found


def describe(cases: list[dict]) -> str:
    keep = ("case", "status", "error_chain", "message", "input_mutated", "guard_write", "outputs", "reason")
    return json.dumps([{k: c[k] for k in keep if k in c} for c in cases], indent=1)[:4000]


@lru_cache(maxsize=1)
def corpus_results() -> dict[str, list[dict]]:
    return run_jobs(build_jobs(manifest()))


# ----------------------------------------------------------------------------- the tests

def _py_files(folder: str) -> list[Path]:
    return sorted((CORPUS / folder).glob("*.py"))


def test_every_file_parses_and_has_a_docstring():
    for path in _py_files("problems") + _py_files("correct") + _py_files("nearmiss"):
        tree = ast.parse(path.read_text(), filename=str(path))
        doc = ast.get_docstring(tree)
        assert doc and "\n" not in doc.strip(), f"{path.name}: needs a one-line module docstring"


def test_problems_follow_the_kernelbench_format():
    problems = _py_files("problems")
    assert len(problems) >= 10
    for path in problems:
        tree = ast.parse(path.read_text())
        names = {n.name for n in tree.body if isinstance(n, (ast.ClassDef, ast.FunctionDef))}
        assert {"Model", "get_inputs", "get_init_inputs"} <= names, path.name
        assert "ModelNew" not in names, path.name
        assert shape_constants(path), f"{path.name}: no int shape constants"


def test_manifest_is_complete_and_consistent():
    entries = manifest()
    paths = [e["path"] for e in entries]
    assert len(paths) == len(set(paths)), "duplicate manifest paths"
    on_disk = {f"{f.parent.name}/{f.name}" for f in _py_files("correct") + _py_files("nearmiss")}
    assert on_disk == set(paths), (
        f"files without entry: {on_disk - set(paths)}; entries without file: {set(paths) - on_disk}")
    for e in entries:
        assert set(e) >= {"path", "reference", "expect", "failure_class", "fault_kind", "needs", "fault", "twin",
                          "fix"}, e["path"]
        assert (CORPUS / e["path"]).is_file(), e["path"]
        if e["reference"] is None:
            src = (CORPUS / e["path"]).read_text()
            assert "class Model(" in src and "def get_inputs" in src, f"{e['path']}: single-file needs Model"
        else:
            assert (CORPUS / e["reference"]).is_file() and e["reference"].startswith("problems/"), e["path"]
        if e["path"].startswith("correct/"):
            assert e["expect"] == "pass" and e["failure_class"] is None, e["path"]
        else:
            assert e["expect"] == "fail" and e["failure_class"] in FAILURE_CLASSES, e["path"]
            assert e["fault"] and e["fix"] and e["fault_kind"], e["path"]
            assert e["needs"] in NEEDS_CASES, f"{e['path']}: needs must be one of {sorted(NEEDS_CASES)}"
        if e["twin"] is not None:
            twin = next((t for t in entries if t["path"] == e["twin"]), None)
            assert twin is not None and twin["expect"] == "pass", f"{e['path']}: twin {e['twin']} not a correct entry"
            assert twin["reference"] == e["reference"], f"{e['path']}: twin solves another problem"


def test_corpus_size_and_variety():
    entries = manifest()
    correct = [e for e in entries if e["expect"] == "pass"]
    nearmiss = [e for e in entries if e["expect"] == "fail"]
    assert len(correct) >= 14 and len(nearmiss) >= 24
    assert sum(e["reference"] is None for e in correct) >= 2
    assert len({e["fault_kind"] for e in nearmiss}) >= 12, "need at least 12 fault kinds"


def test_nearmiss_differs_from_its_twin_by_one_small_edit():
    for e in manifest():
        if e["expect"] != "fail" or e["twin"] is None:
            continue
        a = (CORPUS / e["twin"]).read_text().splitlines()[1:]  # skip the docstring line
        b = (CORPUS / e["path"]).read_text().splitlines()[1:]
        changed = [ln for ln in difflib.unified_diff(a, b, n=0, lineterm="")
                   if ln[:1] in "+-" and not ln.startswith(("+++", "---"))]
        assert 0 < len(changed) <= 8, f"{e['path']}: {len(changed)} changed lines against {e['twin']}"


def test_correct_candidates_match_their_reference():
    results = corpus_results()
    for e in manifest():
        if e["expect"] != "pass":
            continue
        cases = results.get(e["path"])
        assert cases, f"{e['path']}: no result"
        ran = {c["case"] for c in cases if c["status"] == "ok"}
        assert {"default", "odd"} <= ran, f"{e['path']}: default/odd shape did not run:\n{describe(cases)}"
        for c in cases:
            assert not symptoms(c), f"{e['path']} case {c['case']}: {symptoms(c)}\n{describe([c])}"


def test_nearmisses_are_broken_as_the_manifest_says():
    results = corpus_results()
    for e in manifest():
        if e["expect"] != "fail":
            continue
        cases = results.get(e["path"])
        assert cases, f"{e['path']}: no result"
        seen = set().union(*(symptoms(c) for c in cases))
        assert seen, f"{e['path']}: indistinguishable from its reference\n{describe(cases)}"
        assert e["failure_class"] in seen, (
            f"{e['path']}: manifest says {e['failure_class']}, evidence shows {sorted(seen)}\n{describe(cases)}")
        by_case = {c["case"]: symptoms(c) for c in cases}
        assert any(e["failure_class"] in by_case.get(n, set()) for n in NEEDS_CASES[e["needs"]]), (
            f"{e['path']}: needs {e['needs']} but that suite does not show {e['failure_class']}: {by_case}")
        if e["needs"] != "default":
            assert e["failure_class"] not in by_case["default"], (
                f"{e['path']}: visible at the default shape, so needs should be default: {by_case}")
