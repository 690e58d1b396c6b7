"""Workers forked from a warm process instead of started cold (CPU verification).

A sandboxed harness worker spends ~4 s of CPU before its first case on the CPU (Python, torch,
Triton), and a verify starts two or three of them: on a 2-core machine that is most
of a verify. A fork server is one sandboxed process (tools/forkserver_main.py) that has imported all
of it once and forks a process per job; each job gets namespaces of its own before any candidate
code runs (tools/jobns.py: its own writable folder, private /tmp and HOME, the spec's hidden paths,
no capability, its own PID namespace), so a job reaches neither the server nor another job.

Used for the harness on the CPU under bubblewrap; anything else (CUDA: a forked process cannot
use CUDA set up before the fork; no bubblewrap; a server that did not come up) falls back to one
sandboxed process per job (tools/sandbox.Spawned). `KAGENT_FORK_SERVER=0` turns it off.
"""

from __future__ import annotations

import atexit
import itertools
import json
import logging
import os
import shutil
import sys
import tempfile
import threading
import time
from pathlib import Path

from kagent.tools.forkserver_main import MODULES
from kagent.tools.sandbox import (SandboxResult, SandboxSpec, Spawned, _cache_mounts, _decoy_netrc, _python_paths,
                                  _tail, sandbox_kind)

log = logging.getLogger(__name__)
_ENV_SWITCH = "KAGENT_FORK_SERVER"
_SETUP_FAILED = 121  # tools/forkserver_main._SETUP_FAILED
_START_TIMEOUT_S = 120.0
# a user's own script (the environment-perturbed run): the server looks like `python main.py`
_SCRIPT = "import sys\n\nfrom kagent.tools.forkserver_main import main\n\nif __name__ == \"__main__\":\n    sys.exit(main())\n"


class ForkServer:
    """One warm server for one kind of worker (interpreter flags and environment)."""

    def __init__(self, flags: list[str] | None, module: str, env: dict[str, str], spec: SandboxSpec):
        """flags: the interpreter's flags of a `-m` worker (e.g. -P -X faulthandler); None: a plain
        script (`python main.py`). module: the worker its jobs run."""
        self.root = Path(tempfile.mkdtemp(prefix="kagent-fork-"))
        if flags is None:
            (self.root / "main.py").write_text(_SCRIPT)
            argv = [sys.executable, str(self.root / "main.py"), str(self.root), module]
        else:
            argv = [sys.executable, *flags, "-m", "kagent.tools.forkserver_main", str(self.root), module]
        # the server sees what any job may be shown (the host's /tmp, HOME and kagent's cache, read-only):
        # each job covers them again and shows back only its own paths
        spec = spec.model_copy(update={"hide": [], "read_only": [_cache_mounts()[0]], "host_view": True,
                                       "cpu_limit_s": None, "writable": [*spec.writable, str(self.root)]})
        self._proc = Spawned(argv, env=env, cwd=self.root, spec=spec)
        self._lock = threading.Lock()
        self._ids = itertools.count()
        self._waiting: dict[int, tuple[threading.Event, list]] = {}
        self.error: str | None = None
        self.disabled = False  # a job's namespaces could not be set up: no more jobs here
        self._ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(_START_TIMEOUT_S):
            self.error = self.error or "the fork server did not come up in time"
        if self.error:
            log.warning("no fork server (one process per job instead): %s", self.error)
            self.close()

    def _read(self) -> None:
        for line in self._proc.proc.stdout:
            try:
                msg = json.loads(line)
            except ValueError:
                continue
            if "ready" in msg:
                self.error = None if msg["ready"] else (msg.get("error") or "not ready")
                self._ready.set()
            elif "id" in msg:
                with self._lock:
                    waiter = self._waiting.pop(msg["id"], None)
                if waiter is not None:
                    waiter[1].append(msg["exit"])
                    waiter[0].set()
        # the server is gone: nothing it ran reports any more
        try:
            err = self._proc.proc.stderr.read().decode(errors="replace")[-2000:]
        except (OSError, ValueError):  # closed by close()
            err = ""
        self.error = self.error or f"the fork server exited ({err.strip()[-300:] or 'no message'})"
        self._ready.set()
        with self._lock:
            waiting, self._waiting = self._waiting, {}
        for event, _ in waiting.values():
            event.set()

    def alive(self) -> bool:
        return self.error is None and self._proc.alive()

    def _send(self, msg: dict) -> None:
        with self._lock:
            self._proc.proc.stdin.write((json.dumps(msg) + "\n").encode())
            self._proc.proc.stdin.flush()

    def job(self, argv: list[str], job_argv: list[str], env: dict[str, str], memory_limit_mb: int | None,
            spec: SandboxSpec) -> Forked:
        return Forked(self, next(self._ids), argv, job_argv, env, memory_limit_mb, spec)

    def close(self) -> None:
        if self._proc.alive():
            self._proc.kill()
        shutil.rmtree(self.root, ignore_errors=True)
        shutil.rmtree(self._proc.scratch, ignore_errors=True)


class Forked:
    """One job of a fork server, with tools/sandbox.Spawned's interface: `scratch` is its folder
    (the only place it may write), `finish` gives it its input and waits."""

    def __init__(self, server: ForkServer, job_id: int, argv: list[str], job_argv: list[str], env: dict[str, str],
                 memory_limit_mb: int | None, spec: SandboxSpec):
        """argv: the process it stands for (started instead if the job's namespaces cannot be set up);
        job_argv: what the server runs (`-m module` or a script)."""
        self.server, self.id = server, job_id
        self._fallback = (argv, env, memory_limit_mb, spec)
        self.scratch = server.root / f"job-{job_id}"
        (self.scratch / ".home").mkdir(parents=True)
        home = os.path.realpath(os.path.expanduser("~"))
        cache_root, cache_ro, cache_rw = _cache_mounts()
        self._request = {
            "op": "run", "id": job_id, "job_dir": str(self.scratch), "cwd": str(self.scratch),
            "cover": ["/tmp", str(server.root), cache_root],
            "home": home if home not in ("/", "/tmp") else None, "decoy": _decoy_netrc(),
            "hide": list(spec.hide), "show": [*_python_paths(), *cache_ro, *spec.read_only],
            "writable": [*cache_rw, *spec.writable], "env": {**env, "TMPDIR": "/tmp"}, "argv": job_argv,
            "memory_limit_mb": memory_limit_mb, "cpu_limit_s": spec.cpu_limit_s,
        }
        self._done = threading.Event()
        self._exit: list[int] = []
        self._started: float | None = None

    def alive(self) -> bool:
        return self._started is not None and not self._done.is_set()

    def signal_kill(self) -> None:
        try:
            self.server._send({"op": "kill", "id": self.id})
        except (OSError, ValueError):
            pass

    def kill(self) -> None:
        self.signal_kill()
        self._done.wait(10)

    def finish(self, stdin: bytes, timeout_s: float) -> SandboxResult:
        (self.scratch / ".stdin").write_bytes(stdin)
        with self.server._lock:
            self.server._waiting[self.id] = (self._done, self._exit)
        self._started = time.monotonic()
        self.server._send(self._request)
        timed_out = not self._done.wait(timeout_s)
        if timed_out:
            self.kill()
        seconds = time.monotonic() - self._started
        out, err = (_read(self.scratch / name) for name in (".stdout", ".stderr"))
        for name in (".stdin", ".stdout", ".stderr"):
            (self.scratch / name).unlink(missing_ok=True)
        tails = {"stderr_tail": _tail(err), "stdout_tail": _tail(out), "sandbox": "bwrap", "seconds": seconds}
        if timed_out:
            return SandboxResult(status="timeout", returncode=None, **tails)
        if not self._exit:  # the server died under it
            return SandboxResult(status="crash", returncode=None, signal="SIGKILL", **tails)
        rc = self._exit[0]
        if rc == _SETUP_FAILED:  # nothing of the job ran: it runs in a process of its own instead
            last = (err.decode(errors="replace").strip().splitlines() or ["no message"])[-1]
            log.warning("a forked job's namespaces could not be set up (%s): one process per job from now on", last)
            self.server.disabled = True
            argv, env, limit, spec = self._fallback
            worker = Spawned(argv, env=env, cwd=self.scratch, memory_limit_mb=limit, spec=spec, scratch=self.scratch)
            return worker.finish(stdin, max(1.0, timeout_s - seconds))
        if rc > 128:
            rc = -(rc - 128)  # the job's process was killed by a signal
        if rc < 0:
            import signal

            return SandboxResult(status="crash", returncode=rc, signal=signal.Signals(-rc).name, **tails)
        return SandboxResult(status="ok" if rc == 0 else "failed", returncode=rc, **tails)


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:
        return b""


_servers: dict[tuple, ForkServer | None] = {}  # by kind of worker, least recently used first
# the kinds a repair uses: the harness (main run), the plain-script harness (perturbed run), the
# compile check, the repair search's screen worker; and one more. Fewer thrash: with 3, each of a
# repair's steps evicted the server the next one needed (3 server starts, ~8 s, per repair)
_MAX_SERVERS = 5
_servers_lock = threading.Lock()


def enabled() -> bool:
    return os.environ.get(_ENV_SWITCH, "1") != "0" and sandbox_kind() == "bwrap"


def forked(argv: list[str], env: dict[str, str], memory_limit_mb: int | None, spec: SandboxSpec) -> Forked | None:
    """A job of the warm server for this kind of harness worker, or None (then start a process).

    argv: `[python, *flags, -m, module, *args]` (a worker of forkserver_main.MODULES) or `[python,
    script.py]` (a plain script that runs the harness, whose argv the job then sees)."""
    if spec.device != "cpu" or not enabled():
        return None
    at = argv.index("-m") if "-m" in argv else -1
    if at >= 1 and at + 1 < len(argv) and argv[at + 1] in MODULES:
        flags, module, job_argv = argv[1:at], argv[at + 1], argv[at:]
    elif len(argv) == 2 and argv[1].endswith(".py"):
        flags, module, job_argv = None, "kagent.verifiers.harness", [argv[1]]
    else:
        return None
    key = (tuple(flags) if flags is not None else None, module, tuple(sorted(env.items())), tuple(spec.writable))
    with _servers_lock:
        server = _servers.get(key, False)
        if server and server.disabled:
            server.close()
            server = _servers[key] = None
        if server is False or (server is not None and not server.alive()):
            if server:
                server.close()
            while len(_servers) >= _MAX_SERVERS:  # the oldest kind goes
                old = _servers.pop(next(iter(_servers)))
                if old is not None:
                    old.close()
            server = ForkServer(flags, module, env, spec)
            server = server if server.error is None else None
            if not getattr(close_all, "registered", False):
                atexit.register(close_all)
                close_all.registered = True  # type: ignore[attr-defined]
        _servers[key] = _servers.pop(key, server)  # the newest use last
    return server.job(argv, job_argv, env, memory_limit_mb, spec) if server is not None else None


def close_all() -> None:
    with _servers_lock:
        servers = [s for s in _servers.values() if s is not None]
        _servers.clear()
    for server in servers:
        server.close()
