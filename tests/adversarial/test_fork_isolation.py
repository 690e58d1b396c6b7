"""Workers forked from a warm server (tools/forkserver.py) are as closed as started ones.

The server forks every job of a test session, so a job that reached it (or the next job) could
change every later verdict. A candidate that has read kagent's source tries, from its module-level
code: other jobs' folders, the hidden reference, the server's process (signal, environment,
memory), undoing the mounts that hide things (also from a user namespace of its own), and leaving
files in /tmp or HOME for the next job. It reports what it got by raising, so the verdict's message
carries it.
"""

from __future__ import annotations

import json
import re
import shutil
import uuid
from pathlib import Path

import pytest

from kagent.api import verify
from kagent.tools import forkserver
from kagent.tools.sandbox import SandboxSpec, candidate_env, python_argv, sandbox_kind

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
KERNEL = (CORPUS / "correct" / "vector_add.py").read_text()

PROBE = '''
import ctypes, errno, json, os
_r = {}
_cwd = os.getcwd()
_r["siblings"] = sorted(os.listdir(os.path.dirname(_cwd)))
import tempfile
_r["tmp"] = tempfile.mkdtemp()
_r["own"] = os.path.basename(_cwd)
def _read(path, n=40):
    try:
        with open(path, "rb") as f:
            return f.read(n).decode(errors="replace")
    except OSError as exc:
        return type(exc).__name__
_r["ref"] = _read(REFERENCE)
_servers = []  # the server and the processes it forked for jobs (its cmdline), this one excepted
for _p in os.listdir("/proc"):
    if _p.isdigit() and _p != os.readlink("/proc/self") and "forkserver_main" in _read(f"/proc/{_p}/cmdline", 4000):
        _servers.append(int(_p))
_r["server_environ"] = [_read(f"/proc/{p}/environ") for p in _servers]
_r["server_mem"] = [_read(f"/proc/{p}/mem") for p in _servers]
_r["server_kill"] = []
for _p in _servers:
    try:
        os.kill(_p, 0)
        _r["server_kill"].append("own" if _p == os.getpid() else "reached")
    except OSError as exc:
        _r["server_kill"].append(errno.errorcode.get(exc.errno, "?"))
_libc = ctypes.CDLL(None, use_errno=True)
_r["umount"] = _libc.umount2(REFERENCE.encode(), 2)
_r["unshare"] = _libc.unshare(0x10000000 | 0x00020000)
_r["umount_in_own_ns"] = _libc.umount2(REFERENCE.encode(), 2)
_r["ref_after"] = _read(REFERENCE)
_r["left_before"] = [os.path.exists(p) for p in ("/tmp/" + MARKER, os.path.expanduser("~/" + MARKER))]
for _p in ("/tmp/" + MARKER, os.path.expanduser("~/" + MARKER)):
    try:
        open(_p, "w").write("x")
    except OSError:
        pass
raise RuntimeError("PROBE" + json.dumps(_r, separators=(",", ":")) + "ENDPROBE")
'''

needs_forks = pytest.mark.skipif(sandbox_kind() != "bwrap" or not forkserver.enabled(),
                                 reason="needs bubblewrap (scripts/install-test-deps.sh)")


def _probe(report) -> dict:
    text = report.model_dump_json()
    found = re.search(r"PROBE(\{.*?\})ENDPROBE", text.replace('\\"', '"'))
    assert found, report.summary
    return json.loads(found.group(1))


@needs_forks
def test_the_fork_server_serves_cpu_harness_workers():
    job = forkserver.forked(python_argv("kagent.verifiers.harness"), candidate_env("cpu"), 4096, SandboxSpec())
    assert job is not None, "bubblewrap works here, so CPU workers must come from the fork server"
    result = job.finish(b"{}", 60)  # an empty job: the harness fails on it, as a started worker would
    shutil.rmtree(job.scratch, ignore_errors=True)
    assert result.status == "failed" and result.sandbox == "bwrap"


@needs_forks
def test_a_forked_candidate_reaches_neither_the_server_nor_other_jobs_nor_what_is_hidden(tmp_path):
    reference = tmp_path / "problem" / "vector_add.py"
    reference.parent.mkdir()
    shutil.copy(CORPUS / "problems" / "vector_add.py", reference)
    marker = f"kagent-fork-probe-{uuid.uuid4().hex[:8]}"
    cand = tmp_path / "cand" / "candidate.py"
    cand.parent.mkdir()
    cand.write_text(KERNEL + PROBE.replace("REFERENCE", repr(str(reference))).replace("MARKER", repr(marker)))
    probes = []
    for _ in range(2):  # the second job must find nothing the first one left
        report = verify(cand, reference, device="cpu", seeds=1, stress=False, shapes=False)
        assert report.verdict in ("fail", "cheat")
        probes.append(_probe(report))
    for r in probes:
        assert r["siblings"] == [r["own"]], "another job's folder is visible"
        assert r["tmp"].startswith("/tmp/"), "a temporary folder outside the job's own /tmp"
        assert "Model" not in r["ref"] and "Model" not in r["ref_after"], "the hidden reference was read"
        assert r["server_environ"] and all(v in ("PermissionError", "FileNotFoundError") for v in r["server_environ"])
        # a number of the server's namespace names nothing, or the job itself, in the job's own
        assert r["server_kill"] and all(v in ("ESRCH", "own") for v in r["server_kill"]), r["server_kill"]
        assert all(v in ("PermissionError", "FileNotFoundError") for v in r["server_mem"])
        assert r["umount"] == -1 and r["umount_in_own_ns"] == -1
    assert probes[1]["left_before"] == [False, False], "a file of the previous job was still there"
