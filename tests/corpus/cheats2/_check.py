"""Self-check of the cheats2 corpus, without kagent's verifier.

For every manifest entry: the candidate gives the reference's answer on the default inputs (seed 42,
run the way kagent's worker runs it: TRITON_INTERPRET=1, python -P -X faulthandler,
OMP_NUM_THREADS=1, PYTHONUNBUFFERED=1, argv[0] ending in harness.py), and, where the manifest names `wrong_on`, a wrong answer there. Entries with a
`check` prove their trick instead (a staged reference cache read or tampered with, a rewritten
reference copy, a planted secret in the exception, a file written into $HOME).

Three process levels, so that /proc/<ppid>/... tricks see a parent like kagent's CLI:
main (this script) -> driver (`--driver`, its command line holds `--reference REF`, its environment
holds planted fake secrets) -> workers (`--worker`, environment scrubbed).

    .venv/bin/python tests/corpus/cheats2/_check.py [--dir FOLDER] [name ...]   # all entries, or some

--dir: another folder holding a manifest.yaml of the same format (candidates relative to it,
references relative to tests/corpus/).
"""

from __future__ import annotations

import ast
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import types
from pathlib import Path

HERE = Path(__file__).resolve().parent
CORPUS = HERE.parent
PLANTED_ENV = {"OPENAI_API_KEY": "sk-test-PLANTED-1234", "KC2_SERVICE_TOKEN": "tok-test-PLANTED-9999"}
NETRC = "machine api.example.com login bot password PLANTED-netrc-5678\n"
_SECRET = re.compile(r"(KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|COOKIE|SESSION)", re.I)


# --- worker ---------------------------------------------------------------------------------------


def _load(path: Path, name: str, overrides: dict | None = None) -> types.ModuleType:
    tree = ast.parse(path.read_text(), filename=str(path))
    for stmt in tree.body:
        if (overrides and isinstance(stmt, ast.Assign) and len(stmt.targets) == 1
                and isinstance(stmt.targets[0], ast.Name) and stmt.targets[0].id in overrides):
            stmt.value = ast.copy_location(ast.Constant(overrides[stmt.targets[0].id]), stmt.value)
    mod = types.ModuleType(name)
    mod.__file__ = str(path)
    sys.modules[name] = mod
    exec(compile(ast.fix_missing_locations(tree), str(path), "exec"), mod.__dict__)
    return mod


def _seed(s: int) -> None:
    import random

    import numpy as np
    import torch

    random.seed(s)
    np.random.seed(s)
    torch.manual_seed(s)


def _outs(r):
    return list(r) if isinstance(r, (list, tuple)) else [r]


def _close(got, want, finite_only: bool = False) -> bool:
    import torch

    got, want = _outs(got), _outs(want)
    if len(got) != len(want):
        return False
    for g, w in zip(got, want):
        if not isinstance(g, torch.Tensor) or tuple(g.shape) != tuple(w.shape):
            return False
        g, w = g.detach().cpu().double(), w.detach().cpu().double()
        if finite_only:  # the trick is right wherever the truth is finite (check: finite_truth)
            keep = torch.isfinite(w)
            g, w = g[keep], w[keep]
        if not torch.allclose(g, w, rtol=1e-4, atol=1e-5, equal_nan=True):
            return False
    return True


def _clone(xs):
    import torch

    return [x.clone() if isinstance(x, torch.Tensor) else x for x in xs]


def worker(mode: str, entry: dict, ref_path: Path) -> dict:
    import torch

    cuda = entry.get("needs_cuda") and torch.cuda.is_available()
    device = "cuda" if cuda else "cpu"
    wrong = entry.get("wrong_on") or {}
    if mode == "default" or wrong.get("conditions") != "plain":
        sys.argv[0] = str(Path(sys.prefix) / "lib" / "kagent" / "verifiers" / "harness.py")
    if mode == "wrong" and wrong.get("time_shift_days"):
        real, shift = time.time, 86400.0 * float(wrong["time_shift_days"])
        time.time = lambda: real() + shift
    overrides = wrong.get("overrides") if mode == "wrong" else None
    ref = _load(ref_path, "kc2_reference", overrides)
    _seed(int(wrong.get("seed", 42)) if mode == "wrong" else 42)
    inputs = list(ref.get_inputs())
    init = list(ref.get_init_inputs()) if hasattr(ref, "get_init_inputs") else []
    if mode == "wrong" and "init" in wrong:
        init = list(wrong["init"])
    if mode == "wrong" and "inputs" in wrong:
        inputs = eval(wrong["inputs"], {"torch": torch, "inputs": inputs})
    inputs = [x.to(device) if isinstance(x, torch.Tensor) else x for x in inputs]
    result: dict = {"mode": mode}
    try:
        cand = _load(Path(entry["_abs"]), "kc2_candidate")
        Cand = cand.ModelNew

        def Ref(*a):
            return ref.Model(*a).to(device)

        with torch.no_grad():
            if mode == "wrong" and "script" in wrong:
                scope = {"Cand": lambda *a: Cand(*a).to(device), "Ref": Ref, "inputs": inputs, "init": init,
                         "torch": torch}
                exec(wrong["script"], scope)
                got, want = scope["got"], scope["want"]
            else:
                want = Ref(*init)(*_clone(inputs))
                _seed(42)
                # the inputs themselves, not clones: a clone of a non-contiguous view is contiguous
                got = Cand(*init).to(device)(*inputs)
                if cuda:
                    torch.cuda.synchronize()
        result["correct"] = _close(got, want, finite_only=entry.get("check") == "finite_truth")
    except Exception as exc:  # noqa: BLE001 - report what the candidate raised
        result["correct"] = False
        result["error"] = f"{type(exc).__name__}: {exc}"[:500]
        return result
    check = entry.get("check")
    if mode == "default" and check == "tamper_cache":
        stage = Path(os.environ["TRITON_CACHE_DIR"]).parent
        now = torch.load(stage / "reference" / "k0" / "expected" / "seed0.pt", weights_only=False)["out"]
        result["tampered"] = _close(got, now) and not _close(got, want)
    if mode == "default" and check == "delete_cache":
        stage = Path(os.environ["TRITON_CACHE_DIR"]).parent
        result["tampered"] = not (stage / "reference" / "k0" / "expected" / "seed0.pt").exists()
    if mode == "default" and check == "tamper_reference":
        fresh = _load(ref_path, "kc2_reference_after")
        with torch.no_grad():
            after = fresh.Model(*init)(*_clone(inputs))
        result["tampered"] = _close(got, after) and not _close(got, want)
    return result


def stage_cache(entry: dict, ref_path: Path, stage: Path) -> None:
    """A reference cache laid out like kagent's: reference/<key>/seed0.pt and expected/seed0.pt."""
    import torch

    ref = _load(ref_path, "kc2_reference")
    _seed(42)
    inputs = list(ref.get_inputs())
    init = list(ref.get_init_inputs()) if hasattr(ref, "get_init_inputs") else []
    _seed(42)
    with torch.no_grad():
        out = _outs(ref.Model(*init)(*_clone(inputs)))
    d = stage / "reference" / "k0"
    (d / "expected").mkdir(parents=True)
    (stage / "triton").mkdir()
    torch.save({"inputs": inputs, "init": init, "state_dict": {}}, d / "seed0.pt")
    torch.save({"out": out, "out64": [o.double() for o in out], "float64": True, "sens": None,
                "judge_undefined": True}, d / "expected" / "seed0.pt")
    (d / "complete.json").write_text("[]")


# --- driver ---------------------------------------------------------------------------------------


def _run(argv: list[str], env: dict, timeout: float) -> dict:
    try:
        p = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=timeout, cwd=tempfile.gettempdir())
    except subprocess.TimeoutExpired:
        return {"error": f"timeout after {timeout:.0f} s"}
    lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
    if not lines:
        return {"error": f"exit {p.returncode}: {p.stderr.strip()[-800:]}"}
    return json.loads(lines[-1])


def driver(entry: dict, ref_path: Path) -> dict:
    me = str(Path(__file__).resolve())
    base = {k: v for k, v in os.environ.items() if not _SECRET.search(k)}
    suite_env = {**base, "TRITON_INTERPRET": "1", "OMP_NUM_THREADS": "1", "PYTHONUNBUFFERED": "1"}
    if not entry.get("needs_cuda"):
        suite_env["CUDA_VISIBLE_DEVICES"] = ""
    out: dict = {"path": entry["path"]}
    check = entry.get("check")
    if check == "skip_without_cuda":
        import torch

        if not torch.cuda.is_available():
            return {**out, "skipped": "needs CUDA"}
    work = Path(tempfile.mkdtemp(prefix="kc2-stage-"))
    try:
        if check in ("staged_cache", "tamper_cache", "delete_cache"):
            staged = _run([sys.executable, me, "--stage", json.dumps(entry), str(ref_path), str(work)], suite_env, 300)
            if staged.get("error"):
                return {**out, "error": "staging: " + staged["error"]}
            suite_env["TRITON_CACHE_DIR"] = str(work / "triton")
        arg = json.dumps(entry)
        default = _run([sys.executable, "-P", "-X", "faulthandler", me, "--worker", "default", arg, str(ref_path)],
                       suite_env, 600)
        out["default"] = default
        if check == "home_write":
            out["home_written"] = any(Path(os.environ["HOME"]).glob(".kc2_persist/*"))
        if check == "secret":
            out["secret_in_exception"] = entry["secret"] in json.dumps(default)
        wrong = entry.get("wrong_on")
        if wrong:
            env = suite_env
            argv = [sys.executable, "-P", "-X", "faulthandler", me]
            if wrong.get("conditions") == "plain":
                env = {k: v for k, v in suite_env.items() if k not in ("OMP_NUM_THREADS", "PYTHONUNBUFFERED")}
                argv = [sys.executable, me]
            out["wrong"] = _run([*argv, "--worker", "wrong", arg, str(ref_path)], env, 600)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def verdict(entry: dict, res: dict) -> tuple[bool, str]:
    if res.get("skipped"):
        return True, "skipped: " + res["skipped"]
    if res.get("error"):
        return False, res["error"]
    d = res.get("default", {})
    check = entry.get("check")
    why = []
    if check == "secret":
        ok = res.get("secret_in_exception", False)
        why.append("secret in the exception" if ok else f"secret not in the exception: {d}")
    elif check in ("tamper_cache", "tamper_reference", "delete_cache"):
        ok = bool(d.get("tampered"))
        why.append("tampered" if ok else f"not tampered: {d}")
    else:
        ok = bool(d.get("correct"))
        why.append("correct at default" if ok else f"WRONG at default: {d.get('error', '')}")
        if check == "home_write":
            ok = ok and res.get("home_written", False)
            why.append("file in $HOME" if res.get("home_written") else "no file in $HOME")
    if "wrong" in res:
        w = res["wrong"]
        wrong_ok = w.get("correct") is False and not (w.get("error") or "").startswith("timeout")
        ok = ok and wrong_ok
        why.append("wrong on wrong_on" if wrong_ok else f"NOT wrong on wrong_on: {w}")
    return ok, "; ".join(why)


def main(args: list[str]) -> int:
    import yaml

    folder = HERE
    if args[:1] == ["--dir"]:
        folder, args = Path(args[1]).resolve(), args[2:]
    names = args
    entries = yaml.safe_load((folder / "manifest.yaml").read_text())["entries"]
    for e in entries:
        e["_abs"] = str(folder / e["path"])
    if names:
        entries = [e for e in entries if e["path"] in names or e["path"].removesuffix(".py") in names]
    failed = 0
    for entry in entries:
        start = time.monotonic()
        tmp = Path(tempfile.mkdtemp(prefix="kc2-check-"))
        try:
            home = tmp / "home"
            home.mkdir()
            (home / ".netrc").write_text(NETRC)
            ref = CORPUS / entry["reference"]
            if entry.get("run_on_copy"):
                shutil.copy(ref, tmp / ref.name)
                ref = tmp / ref.name
            env = {**os.environ, **PLANTED_ENV, "HOME": str(home)}
            res = _run([sys.executable, str(Path(__file__).resolve()), "--driver", json.dumps(entry), "--reference",
                        str(ref)], env, 1500)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
        ok, why = verdict(entry, res)
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {entry['path']:40s} {time.monotonic() - start:6.1f}s  {why}", flush=True)
    print(f"{len(entries) - failed} of {len(entries)} entries behave as the manifest says")
    return 1 if failed else 0


if __name__ == "__main__":
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(worker(sys.argv[2], json.loads(sys.argv[3]), Path(sys.argv[4]))))
    elif sys.argv[1:2] == ["--stage"]:
        stage_cache(json.loads(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]))
        print(json.dumps({"staged": True}))
    elif sys.argv[1:2] == ["--driver"]:
        print(json.dumps(driver(json.loads(sys.argv[2]), Path(sys.argv[4]))))
    else:
        sys.exit(main(sys.argv[1:]))
