"""Nothing left running: kill -9 of a process that owns a verify of a hanging candidate (a batch
worker; an MCP client whose `kagent mcp` server is verifying), or an MCP client that hangs up
mid-call, leaves no kagent worker and no candidate process behind within 5 s.

The batch kernel spins in its forward (tests/unit/verify_fixtures/hang.py). The MCP candidate
escapes as far as it can: its forward starts a spinner in a new session (out of the process group
the sandbox kills) and then spins itself (the static anti-cheat calls that a cheat, but verify still
runs it, and that run is what must not outlive its client). Each test waits, with a generous
deadline (a loaded 2-core machine), until the candidate's case has started in a verify worker
(case_start in the worker's events file), takes the whole process tree below the process it kills,
kills it and polls for at most 5 s until every process of that tree has gone.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from kagent.batch.plan import KernelSpec
from kagent.procs import descendants, kill_tree

ROOT = Path(__file__).resolve().parents[2]
PROBLEM = ROOT / "tests" / "corpus" / "problems" / "vector_add.py"
SOFTMAX = ROOT / "tests" / "corpus" / "problems" / "softmax.py"
FIX = ROOT / "tests" / "unit" / "verify_fixtures"
KERNEL = (ROOT / "tests" / "corpus" / "correct" / "vector_add.py").read_text()
TAG = "kagent-lifetime-spinner"
START_S = 300  # until the candidate runs (a cold worker imports torch and Triton on a loaded machine)
GONE_S = 5.0  # the requirement


def hanging_candidate(folder: Path) -> Path:
    """vector_add whose forward starts a spinner in its own session, then spins forever."""
    spin = f"while True: pass  # {TAG}"
    forward = textwrap.indent(textwrap.dedent(f"""\
        def forward(self, a, b):
            import subprocess, sys
            subprocess.Popen([sys.executable, "-c", {spin!r}], start_new_session=True)
            while True:
                pass
            out = torch.empty_like(a)
            add_kernel[(1,)](a, b, out, a.numel(), BLOCK_SIZE=1024)
            return out
        """), "    ")
    src = KERNEL.split("    def forward(", 1)[0] + forward
    path = folder / "hang_escape.py"
    path.write_text(src)
    return path


def cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def _forward_running(pid: int) -> bool:
    """Whether `pid` is a verify worker whose candidate case has started (its forward is running):
    the harness writes case_start into its events file, in its scratch folder (its cwd)."""
    if "verifiers.harness" not in cmdline(pid):
        return False
    try:
        return '"case_start"' in Path(f"/proc/{pid}/cwd/candidate_events.jsonl").read_text()
    except OSError:
        return False


def wait_for_candidate(root: int, owner: subprocess.Popen, spinner: bool = False) -> set[int]:
    """Poll until the candidate's forward runs below `root` (and, with `spinner`, the spinner it
    started); returns root's whole tree then."""
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        tree = descendants(root)
        if any(_forward_running(p) for p in tree) and (not spinner or any(TAG in cmdline(p) for p in tree)):
            return set(descendants(root))
        if owner.poll() is not None:
            pytest.fail(f"the process under test ended early ({owner.returncode})")
        time.sleep(0.2)
    pytest.fail(f"the candidate never ran below {root}: {[cmdline(p)[:120] for p in descendants(root)]}")


def assert_all_gone(pids: set[int]) -> None:
    """Every pid in `pids` ends within GONE_S (counted from now, just after the kill)."""
    assert pids
    deadline = time.monotonic() + GONE_S
    left = {p for p in pids if alive(p)}
    while left and time.monotonic() < deadline:
        time.sleep(0.1)
        left = {p for p in left if alive(p)}
    if left:
        desc = {p: cmdline(p)[:200] for p in left}
        for p in left:  # clean up before failing: the test must not leave spinners on the machine
            try:
                os.kill(p, signal.SIGKILL)
            except ProcessLookupError:
                continue
        pytest.fail(f"still running {GONE_S} s after the kill: {desc}")


def _env(tmp_path: Path) -> dict[str, str]:
    env = dict(os.environ, KAGENT_PATTERNS_DIR=str(tmp_path / "patterns"))
    env.pop("KAGENT_MODEL", None)
    return env


@pytest.mark.timeout(600)
def test_kill_9_of_a_batch_worker_leaves_no_process_behind(tmp_path):
    manifest = tmp_path / "m.jsonl"
    manifest.write_text(KernelSpec(candidate=str(FIX / "hang.py"), reference=str(SOFTMAX), id="hang").model_dump_json()
                        + "\n")
    out = tmp_path / "out"
    p = subprocess.Popen(
        [sys.executable, "-m", "kagent.cli", "batch", str(manifest), "--out", str(out), "--json", "--jobs", "1",
         "--model", "offline", "--token-budget", "0", "--max-attempts", "0", "--kernel-timeout", "900",
         "--device", "cpu", "--seeds", "1", "--no-stress", "--shape-cases", "1", "--verify-timeout", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=_env(tmp_path), cwd=ROOT)
    try:
        wait_for_candidate(p.pid, p)
        workers = [w for w in descendants(p.pid) if "kagent.batch.worker" in cmdline(w)]
        assert len(workers) == 1, [cmdline(w) for w in descendants(p.pid)]
        tree = {workers[0], *descendants(workers[0])}
        os.kill(workers[0], signal.SIGKILL)
        assert_all_gone(tree)
        # the batch goes on: the kernel is reported as a crashed worker (retried on a resume)
        stdout, stderr = p.communicate(timeout=300)
    finally:
        if p.poll() is None:
            kill_tree(p.pid)
            p.wait(timeout=30)
    assert p.returncode == 0, stderr[-3000:]
    (k,) = json.loads(stdout)["kernels"]
    assert k["status"] == "error" and k["failure_class"] == "worker_crashed" and "SIGKILL" in k["reason"], k


CLIENT = """\
import sys, anyio
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

cand, ref, cwd = sys.argv[1:4]

async def main():
    params = StdioServerParameters(command=sys.executable, args=["-m", "kagent.cli", "mcp"], cwd=cwd)
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as s:
            await s.initialize()
            await s.call_tool("verify_kernel", {"candidate": cand, "reference": ref, "device": "cpu", "seeds": 1,
                                                "stress": False, "max_shape_cases": 1, "timeout_s": 600})

anyio.run(main)
"""


@pytest.mark.timeout(600)
def test_kill_9_of_an_mcp_client_leaves_no_process_behind(tmp_path):
    cand = hanging_candidate(tmp_path)
    client = tmp_path / "client.py"
    client.write_text(CLIENT)
    p = subprocess.Popen([sys.executable, str(client), str(cand), str(PROBLEM), str(tmp_path)],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=_env(tmp_path), cwd=tmp_path)
    try:
        tree = wait_for_candidate(p.pid, p, spinner=True)
        assert [s for s in tree if "kagent.cli mcp" in cmdline(s)], [cmdline(s) for s in tree]
        p.send_signal(signal.SIGKILL)  # the client dies mid-call; the server it started is in its own session
        p.wait(timeout=30)
        assert_all_gone(tree)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait(timeout=30)


@pytest.mark.timeout(600)
def test_an_mcp_client_that_hangs_up_mid_call_leaves_no_process_behind(tmp_path):
    """The client stays alive but closes the server's stdin (it gave up waiting): the call in flight
    cannot be cancelled, so the server ends itself and its verify workers."""
    cand = hanging_candidate(tmp_path)
    p = subprocess.Popen([sys.executable, "-m", "kagent.cli", "mcp"], stdin=subprocess.PIPE,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True, env=_env(tmp_path),
                         cwd=tmp_path)
    msgs = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "raw", "version": "0"}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call", "params": {"name": "verify_kernel", "arguments": {
            "candidate": str(cand), "reference": str(PROBLEM), "device": "cpu", "seeds": 1, "stress": False,
            "max_shape_cases": 1, "timeout_s": 600}}},
    ]
    try:
        p.stdin.write("".join(json.dumps(m) + "\n" for m in msgs))
        p.stdin.flush()
        tree = {p.pid, *wait_for_candidate(p.pid, p, spinner=True)}
        p.stdin.close()
        assert_all_gone(tree)
    finally:
        if p.poll() is None:
            kill_tree(p.pid)
        p.wait(timeout=30)
