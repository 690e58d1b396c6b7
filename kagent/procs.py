"""Process-tree helpers for kagent's long-lived workers (Linux /proc).

Layer 1: imports nothing of kagent's. A batch worker starts sandboxed verify workers in their own
sessions, so killing the worker's process group is not enough: kill_tree walks /proc for every
descendant first. die_with_parent makes a worker take its whole tree down when its coordinator
dies (a killed `kagent batch` leaves nothing running behind it); die_on_hangup does the same when
the other end of a pipe closes (an MCP client that disconnects while a tool call is in flight).
"""

from __future__ import annotations

import logging
import os
import select
import signal
import threading
import time
from pathlib import Path

log = logging.getLogger("kagent.procs")


def _children_map() -> dict[int, list[int]]:
    kids: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            stat = (d / "stat").read_text()
        except OSError:  # the process ended while we looked
            continue
        # pid (comm) state ppid ...: comm may hold spaces and parentheses, so split after the last ')'
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        kids.setdefault(ppid, []).append(int(d.name))
    return kids


def descendants(pid: int) -> list[int]:
    kids = _children_map()
    out: list[int] = []
    todo = [pid]
    while todo:
        p = todo.pop()
        for c in kids.get(p, []):
            out.append(c)
            todo.append(c)
    return out


def kill_tree(pid: int, include_self: bool = True) -> None:
    """SIGKILL `pid`, its process group and every descendant (found before any is killed)."""
    victims = descendants(pid)
    for p in reversed(victims):
        try:
            os.kill(p, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            continue
    if include_self:
        try:
            if os.getpgid(pid) == pid:  # a group leader (a worker in its own session): the group too
                os.killpg(pid, signal.SIGKILL)
            else:
                os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            return


def die_with_parent(poll_s: float = 0.5, parent: int | None = None) -> threading.Thread:
    """Start a daemon thread that kills this process's tree once its parent has gone.

    `parent` is the pid that started this process, where the caller knows it: a process that
    imports for seconds before it calls this may already have been re-parented (its parent killed
    meanwhile), and would otherwise take its new parent (init, a subreaper) for its owner.
    """
    parent = os.getppid() if parent is None else parent

    def watch() -> None:
        while True:
            if os.getppid() != parent:
                log.warning("parent %d gone: stopping this worker and its children", parent)
                kill_tree(os.getpid())
                return
            time.sleep(poll_s)

    t = threading.Thread(target=watch, name="kagent-die-with-parent", daemon=True)
    t.start()
    return t


def die_on_hangup(fd: int, grace_s: float = 1.0) -> threading.Thread:
    """Start a daemon thread that kills this process's tree once the other end of `fd` has closed
    (a pipe's last writer, a socket's peer) and the process has not ended by itself `grace_s` later.

    The thread watches a duplicate of `fd` and never reads from it (the owner of `fd` reads as
    before, and may move `fd` elsewhere). A file or a terminal that never hangs up is never acted on.
    """
    watched = os.dup(fd)
    poller = select.poll()
    poller.register(watched, getattr(select, "POLLRDHUP", 0))  # HUP, ERR and NVAL are always reported
    gone = select.POLLHUP | select.POLLERR | select.POLLNVAL | getattr(select, "POLLRDHUP", 0)

    def watch() -> None:
        while not any(ev & gone for _, ev in poller.poll()):
            continue
        time.sleep(grace_s)
        log.warning("the other end of fd %d closed: stopping this process and its children", fd)
        kill_tree(os.getpid())

    t = threading.Thread(target=watch, name="kagent-die-on-hangup", daemon=True)
    t.start()
    return t


def usable_cores() -> int:
    """The cores this process may run on (its affinity, not the machine's count)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def cores_to_overlap() -> bool:
    """Whether this process may run a verify's side workers alongside its main one. On fewer than
    4 usable cores they only take CPU from it: they start after it, and only when needed."""
    return usable_cores() >= 4
