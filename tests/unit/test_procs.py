"""kagent/procs.py: a process that owns workers takes its whole tree down when its owner goes."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

CHILD = """\
import subprocess, sys, time
from kagent.procs import die_on_hangup, die_with_parent
kid = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"], start_new_session=True,
                       stdout=subprocess.DEVNULL)
print(kid.pid, flush=True)
{watch}
time.sleep(120)
"""


def _alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except (OSError, IndexError):
        return False


def _start(watch: str, **kw) -> tuple[subprocess.Popen, set[int]]:
    p = subprocess.Popen([sys.executable, "-c", CHILD.format(watch=watch)], stdout=subprocess.PIPE, text=True, **kw)
    return p, {p.pid, int(p.stdout.readline())}


def _gone_within(pids: set[int], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while any(_alive(p) for p in pids):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def test_a_process_whose_named_parent_is_already_gone_ends_with_its_children():
    # a worker killed-orphaned while it was still importing: its parent now is init or a subreaper
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    p, tree = _start(f"die_with_parent(poll_s=0.1, parent={dead.pid})")
    try:
        assert _gone_within(tree, 5)
    finally:
        p.kill()
        p.wait()


def test_a_process_whose_stdin_is_hung_up_ends_with_its_children():
    p, tree = _start("die_on_hangup(0, grace_s=0.2)", stdin=subprocess.PIPE)
    try:
        time.sleep(0.3)
        assert _alive(p.pid)  # an open stdin is no hang-up
        p.stdin.close()
        assert _gone_within(tree, 5)
    finally:
        p.kill()
        p.wait()
