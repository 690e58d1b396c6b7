"""The worker sandbox: secrets never reach the child; hangs and crashes come back as results."""

import sys

from kagent.tools.sandbox import run_sandboxed, scrubbed_env


def test_scrubbed_env_keeps_an_allow_list_and_drops_secrets():
    env = scrubbed_env(base={"PATH": "/bin", "OPENAI_API_KEY": "sk", "HF_TOKEN": "t", "AWS_SECRET_ACCESS_KEY": "s",
                             "MY_VAR": "x", "LC_ALL": "C", "CUDA_VISIBLE_DEVICES": "0"})
    assert env == {"PATH": "/bin", "LC_ALL": "C", "CUDA_VISIBLE_DEVICES": "0"}


def test_timeout_kills_the_process_group(tmp_path):
    # The child starts a grandchild that would outlive it; both must be gone after the timeout.
    marker = tmp_path / "alive"
    (tmp_path / "grandchild.py").write_text(f"import time\ntime.sleep(3)\nopen({str(marker)!r}, 'w')\n")
    (tmp_path / "child.py").write_text(
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, {str(tmp_path / 'grandchild.py')!r}])\n"
        "time.sleep(60)\n"
    )
    res = run_sandboxed([sys.executable, str(tmp_path / "child.py")], timeout_s=1, env=scrubbed_env(), cwd=tmp_path)
    assert res.status == "timeout"
    import time

    time.sleep(3.5)
    assert not marker.exists()


def test_segfault_is_a_crash_with_signal(tmp_path):
    res = run_sandboxed([sys.executable, "-c", "import ctypes; ctypes.string_at(0)"], timeout_s=30,
                        env=scrubbed_env(), cwd=tmp_path)
    assert res.status == "crash" and res.signal == "SIGSEGV"


def test_nonzero_exit_keeps_stderr(tmp_path):
    res = run_sandboxed([sys.executable, "-c", "import sys; sys.stderr.write('boom'); sys.exit(3)"], timeout_s=30,
                        env=scrubbed_env(), cwd=tmp_path)
    assert res.status == "failed" and res.returncode == 3 and "boom" in res.stderr_tail


# --- the OS sandbox (bubblewrap) ----------------------------------------------------------------

import json  # noqa: E402
import os  # noqa: E402
import shutil  # noqa: E402
import signal  # noqa: E402
import subprocess  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import pytest  # noqa: E402

from kagent.tools.sandbox import SandboxSpec, candidate_env, sandbox_kind  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ADD_PROBLEM = ROOT / "tests" / "corpus" / "problems" / "vector_add.py"
ADD_KERNEL = (ROOT / "tests" / "corpus" / "correct" / "vector_add.py").read_text()
needs_bwrap = pytest.mark.skipif(sandbox_kind() != "bwrap", reason="needs bubblewrap (scripts/install-test-deps.sh)")


@needs_bwrap
def test_a_setsid_child_does_not_outlive_the_sandboxed_worker(tmp_path):
    # The grandchild leaves the worker's session and process group; only the PID namespace ends it.
    marker = tmp_path / "alive"
    grandchild = f"import time, pathlib; time.sleep(2); pathlib.Path({str(marker)!r}).write_text('1')"
    code = f"import subprocess, sys\nsubprocess.Popen([sys.executable, '-c', {grandchild!r}], start_new_session=True)\n"
    res = run_sandboxed([sys.executable, "-c", code], timeout_s=60, env=scrubbed_env(), cwd=tmp_path,
                        spec=SandboxSpec())
    assert res.status == "ok" and res.sandbox == "bwrap", res.stderr_tail
    time.sleep(3)
    assert not marker.exists()


@needs_bwrap
def test_the_sandbox_sees_only_its_own_processes_and_no_home(tmp_path):
    code = ("import os, json; print(json.dumps([sorted(p for p in os.listdir('/proc') if p.isdigit()), "
            "os.listdir(os.path.expanduser('~'))]))")
    netrc = Path(os.path.expanduser("~/.netrc"))
    if netrc.exists():
        assert "kagent-decoy" not in netrc.read_text()
    res = run_sandboxed([sys.executable, "-c", code], timeout_s=60, env=scrubbed_env(), cwd=tmp_path,
                        spec=SandboxSpec())
    pids, home = json.loads(res.stdout_tail)
    assert len(pids) <= 3, pids  # bwrap's init, the worker (and nothing of kagent's or the shell's)
    python_dirs = {Path(p).relative_to(Path.home()).parts[0] for p in [sys.prefix, sys.base_prefix, *sys.path]
                   if p and p.startswith(str(Path.home()) + "/")}
    assert set(home) - python_dirs <= {".netrc"}  # only the decoy credential (and Python, where it lives in HOME)


_TAMPER = '''
import glob, os, pathlib
import torch, torch.nn as nn, triton, triton.language as tl

ESCAPED = []

def _attempt(what, fn):
    try:
        fn()
        ESCAPED.append(what)
    except Exception:
        pass

def _read_environs():
    for env in glob.glob("/proc/*/environ"):
        try:
            if b"planted-secret" in open(env, "rb").read():
                return
        except OSError:
            continue
    raise OSError("not found")

def _read_netrc():
    if "planted-secret" not in pathlib.Path(os.path.expanduser("~/.netrc")).read_text():
        raise OSError("no secret")

_attempt("write reference", lambda: open(REFERENCE, "a").write("#"))
_attempt("read reference", lambda: open(REFERENCE).read() or (_ for _ in ()).throw(OSError()))
pathlib.Path(HOME, "planted").write_text("x")  # a private HOME: allowed, gone with the sandbox
_attempt("write run dir", lambda: pathlib.Path(RUN_DIR, "planted").write_text("x"))
_attempt("write cache", lambda: pathlib.Path(CACHE, "planted").write_text("x"))
for entry in glob.glob(os.path.join(CACHE, "reference", "*", "*.pt")):
    _attempt("write cache entry " + entry, lambda: open(entry, "ab").write(b"0"))
_attempt("see expected outputs", lambda: glob.glob(os.path.join(CACHE, "expected", "*", "*.pt"))[0])
_attempt("read parent environ", _read_environs)
_attempt("read netrc", _read_netrc)
'''


@needs_bwrap
def test_a_candidate_cannot_write_or_read_what_it_must_not(tmp_path, monkeypatch):
    from kagent.api import verify
    from kagent.config import cache_dir

    home = tmp_path / "home"
    home.mkdir()
    (home / ".netrc").write_text("machine api.example.com login me password planted-secret-netrc\n")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("KAGENT_TEST_API_KEY", "planted-secret-env-value")
    reference = tmp_path / "problem.py"
    reference.write_text(ADD_PROBLEM.read_text())
    run_dir = tmp_path / "run"
    (run_dir / "candidates" / "1").mkdir(parents=True)
    (run_dir / "config.json").write_text("{}")
    cand = run_dir / "candidates" / "1" / "source.py"
    header = (f"REFERENCE = {str(reference)!r}\nHOME = {str(home)!r}\nRUN_DIR = {str(run_dir)!r}\n"
              f"CACHE = {str(cache_dir())!r}\n")
    body = ADD_KERNEL.replace("class ModelNew(nn.Module):", _TAMPER + "\nclass ModelNew(nn.Module):")
    body = body.replace("        a = a.contiguous()", "        if ESCAPED:\n            raise RuntimeError(f'escaped: {ESCAPED}')\n"
                        "        a = a.contiguous()")
    cand.write_text(header + body)
    before = {p: p.read_bytes() for p in cache_dir().rglob("*.pt")}
    # the first verify fills the cache; the second runs the candidate against a full one
    for _ in range(2):
        report = verify(cand, reference, device="cpu", seeds=1, stress=False, shapes=False, anticheat=False)
        # the attempts are cheats (the audit hooks see them); nothing else may show: none succeeded
        assert {f.check for f in report.errors()} <= {"trap.reference_read", "trap.reach"}, [f.message for f in report.errors()]
        assert report.sandbox == "bwrap"
    assert reference.read_text() == ADD_PROBLEM.read_text()
    assert sorted(p.name for p in home.iterdir()) == [".netrc"]
    assert not (run_dir / "planted").exists() and not (cache_dir() / "planted").exists()
    assert all(p.read_bytes() == data for p, data in before.items() if p.exists())


def _tree_of(pid: int) -> list[int]:
    from kagent.procs import descendants

    return descendants(pid)


@needs_bwrap
def test_kill_9_of_verify_leaves_no_process_behind(tmp_path):
    hang = tmp_path / "hang.py"
    hang.write_text(ADD_KERNEL.replace("class ModelNew(nn.Module):",
                                       "import subprocess, sys\n"
                                       "subprocess.Popen([sys.executable, '-c', 'while True: pass'], start_new_session=True)\n"
                                       "while True:\n    pass\n\nclass ModelNew(nn.Module):"))
    env = {**os.environ}
    proc = subprocess.Popen([sys.executable, "-m", "kagent.cli", "verify", str(hang), "-r", str(ADD_PROBLEM),
                             "--device", "cpu", "--seeds", "1", "--no-stress", "--no-shapes"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, cwd=ROOT)
    try:
        deadline = time.monotonic() + 240
        seen: set[int] = set()
        while time.monotonic() < deadline:  # until the candidate's setsid spinner runs
            tree = _tree_of(proc.pid)
            seen.update(tree)
            cmdlines = [_cmdline(p) for p in tree]
            if any("while True" in c for c in cmdlines):
                break
            time.sleep(0.2)
        else:
            pytest.fail("the candidate never started")
        seen.update(_tree_of(proc.pid))
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    time.sleep(5)
    alive = [p for p in seen if Path(f"/proc/{p}").exists() and _cmdline(p)]
    assert not alive, [_cmdline(p) for p in alive]


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def test_require_sandbox_refuses_where_none_works(monkeypatch):
    from kagent.api import verify
    from kagent.errors import SandboxUnavailable

    monkeypatch.setenv("KAGENT_SANDBOX", "none")
    with pytest.raises(SandboxUnavailable):
        verify(ROOT / "tests" / "corpus" / "correct" / "vector_add.py", ADD_PROBLEM, device="cpu", seeds=1,
               stress=False, shapes=False, require_sandbox=True)


def test_without_a_sandbox_the_report_says_so_in_bold(monkeypatch):
    import io

    from rich.console import Console

    from kagent.api import verify
    from kagent.cli.render import print_report

    monkeypatch.setenv("KAGENT_SANDBOX", "none")
    report = verify(ROOT / "tests" / "corpus" / "correct" / "vector_add.py", ADD_PROBLEM, device="cpu", seeds=1,
                    stress=False, shapes=False, anticheat=False)
    assert report.verdict == "pass" and report.sandbox == "none"
    assert any(n.check == "sandbox" for n in report.checks_not_run)
    out = io.StringIO()
    print_report(report, Console(file=out, force_terminal=True))
    assert "\x1b[1" in out.getvalue().split("sandbox: none")[0].rsplit("\n", 1)[-1]


def test_a_changed_reference_cache_is_reported_and_rebuilt(tmp_path, monkeypatch):
    import torch

    from kagent.api import verify
    from kagent.verifiers import casefiles

    monkeypatch.setenv("KAGENT_CACHE_DIR", str(tmp_path / "cache"))
    zeros = tmp_path / "zeros.py"
    zeros.write_text(ADD_KERNEL.replace("        return out", "        return out.zero_()"))
    args = dict(device="cpu", seeds=1, stress=False, shapes=False, anticheat=False)
    first = verify(ROOT / "tests" / "corpus" / "correct" / "vector_add.py", ADD_PROBLEM, **args)
    assert first.verdict == "pass"
    # tamper as a candidate without a sandbox could: zeros as the expected outputs
    for path in (tmp_path / "cache" / "expected").glob("*/*.pt"):
        saved = torch.load(path, weights_only=False)
        saved["out"] = [torch.zeros_like(o) for o in saved["out"]]
        saved["out64"] = [torch.zeros_like(o) for o in saved["out64"]]
        torch.save(saved, path)
    report = verify(zeros, ADD_PROBLEM, **args)
    assert report.verdict == "fail", report.summary
    hit = next(f for f in report.findings if f.check == "reference_cache")
    assert hit.severity == "warning" and any(n.startswith(casefiles.EXPECTED) for n in hit.evidence["files"])
    again = verify(zeros, ADD_PROBLEM, **args)
    assert not any(f.check == "reference_cache" for f in again.findings)


@needs_bwrap
def test_a_write_into_home_by_any_route_is_seen_by_the_parent(tmp_path):
    """The sandbox's HOME is a folder of the worker's scratch: a write there through libc (no Python
    audit event) is listed afterwards, and verify reports it as a warning."""
    import shutil

    from kagent.tools.sandbox import Spawned, home_writes
    from kagent.verifiers.verify import _home_write_findings

    code = ("import ctypes, os; libc = ctypes.CDLL(None); libc.open.restype = ctypes.c_int; "
            "fd = libc.open(os.path.expanduser('~/planted.txt').encode(), os.O_WRONLY | os.O_CREAT, 0o644); "
            "libc.write(fd, b'x', 1); libc.close(fd)")
    worker = Spawned([sys.executable, "-c", code], env=scrubbed_env(), cwd=tmp_path, spec=SandboxSpec())
    try:
        res = worker.finish(b"", 60)
        assert res.status == "ok", res.stderr_tail
        assert home_writes(worker.scratch) == ["planted.txt"]
        found = _home_write_findings(worker.scratch)
        assert [(f.check, f.severity) for f in found] == [("sandbox.home_write", "warning")]
    finally:
        shutil.rmtree(worker.scratch, ignore_errors=True)
    assert not Path(os.path.expanduser("~/planted.txt")).exists()
