"""The fork server's process (see tools/forkserver.py): runs inside the OS sandbox, imports torch,
Triton and the verifier harness once, then forks one process per job, each in namespaces of its
own (tools/jobns.py). It never runs candidate code itself.

Usage: `python -m kagent.tools.forkserver_main ROOT MODULE` (MODULE: the worker its jobs run, one of
MODULES). Protocol, one JSON object per line. In (stdin): {"op": "run", "id", "job_dir", "cover", "home",
"hide", "show", "writable", "env", "argv", "memory_limit_mb", "cpu_limit_s"} and {"op": "kill",
"id"}. Out (stdout): {"ready": bool, "error"} once, then {"id", "exit": code or -signal}.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import select
import signal
import sys
import tempfile
import threading
import traceback

from kagent.tools import jobns

# what every job of the worker imports, beyond its own _warm_up. Not torch._dynamo (~1.4 s of a server's
# start): kagent's dispatch modes no longer import it (verifiers/dispatch_modes.py); a candidate that
# calls torch.compile imports it in its own job
_INTERPRETER = ("torch", "torch.profiler", "numpy", "triton", "triton.language",
                "triton.runtime.interpreter", "kagent.verifiers.oracle", "kagent.verifiers.bounds",
                "kagent.verifiers.casefiles", "kagent.tools.problem")
_PRELOAD = {
    "kagent.verifiers.harness": (*_INTERPRETER, "kagent.verifiers.traps", "kagent.verifiers.canary",
                                 "kagent.verifiers.anticheat_dynamic"),
    "kagent.verifiers.screen_worker": _INTERPRETER,
    "kagent.verifiers.compile_check": (),
    # kagent lower's workers: the launch capture (interpreted) and the AOT compile, servers of their own
    "kagent.tools.triton_capture": ("torch", "numpy", "triton", "triton.language", "triton.compiler"),
}
_SETUP_FAILED = 121  # the job's namespaces could not be set up: nothing of the job ran
MODULES = tuple(_PRELOAD)  # what a job may run


def _send(msg: dict) -> None:
    os.write(1, (json.dumps(msg) + "\n").encode())


def _run_job(req: dict, module: str, uid: int, gid: int) -> None:
    """In the forked process: namespaces, then the job's own process (PID 1 of its namespace)."""
    jobns.die_with_parent()
    d = req["job_dir"]
    fds = [os.open(os.path.join(d, ".stdin"), os.O_RDONLY),
           os.open(os.path.join(d, ".stdout"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600),
           os.open(os.path.join(d, ".stderr"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)]
    for i, fd in enumerate(fds):
        os.dup2(fd, i)
    os.closerange(3, 1 << 16)  # the server's control pipe and anything else it holds
    try:
        view = jobns.JobView(job_dir=d, cover=[*req["cover"], os.getcwd()], home=req.get("home"), decoy=req.get("decoy"),
                             hide=req["hide"], show=req["show"], writable=req["writable"])
        jobns.enter(view, uid, gid)
        pid = os.fork()
    except BaseException:
        os.write(2, ("kagent fork server: the job's namespaces could not be set up:\n"
                     + traceback.format_exc()).encode())
        os._exit(_SETUP_FAILED)
    if pid == 0:
        code = 1
        try:
            jobns.drop_privileges(req.get("memory_limit_mb"), req.get("cpu_limit_s"))
            os.setsid()
            os.chdir(req.get("cwd") or d)
            os.environ.clear()
            os.environ.update(req["env"])
            # found again from the job's own view: the server's /tmp was read-only, so its temporary
            # folder was its own scratch folder, which the job does not see
            tempfile.tempdir = None
            # as the process would have started: `python -m harness` or `python main.py`
            if req["argv"][0] == "-m" and req["argv"][1] == module:
                sys.argv = [module, *req["argv"][2:]]  # run_module puts the module's file first
                runpy.run_module(module, run_name="__main__", alter_sys=True)
            else:
                sys.argv = list(req["argv"])
                sys.path[0] = os.path.dirname(os.path.abspath(sys.argv[0]))
                runpy.run_path(sys.argv[0], run_name="__main__")
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        except BaseException:
            traceback.print_exc()
        finally:
            for stream in (sys.stdout, sys.stderr):
                try:
                    stream.flush()
                except Exception:  # noqa: BLE001 - a closed stream must not stop the exit
                    pass
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    os._exit(code if code >= 0 else 128 - code)


def _self_test(uid: int, gid: int, root: str) -> str | None:
    """Set up one job's namespaces and drop privileges in a throwaway process: None if it works."""
    job_dir = os.path.join(root, "selftest")
    os.makedirs(os.path.join(job_dir, ".home"), exist_ok=True)
    for name in (".stdin", ".stdout", ".stderr"):
        open(os.path.join(job_dir, name), "w").close()
    pid = os.fork()
    if pid == 0:
        try:
            jobns.enter(jobns.JobView(job_dir=job_dir, cover=["/tmp", root, os.getcwd()]), uid, gid)
            child = os.fork()
            if child == 0:
                jobns.drop_privileges(None, None)
                os._exit(0)
            _, status = os.waitpid(child, 0)
            os._exit(os.waitstatus_to_exitcode(status))
        except BaseException:
            os.write(2, traceback.format_exc().encode())
            os._exit(_SETUP_FAILED)
    _, status = os.waitpid(pid, 0)
    code = os.waitstatus_to_exitcode(status)
    return None if code == 0 else f"the self-test's job exited with {code}"


def main() -> int:
    root, module = sys.argv[1], sys.argv[2]
    jobns.not_dumpable()
    jobns.die_with_parent()
    try:
        if module not in MODULES:
            raise ValueError(f"{module} is not a worker the fork server runs")
        for name in _PRELOAD[module]:
            importlib.import_module(name)
        warm_up = getattr(importlib.import_module(module), "_warm_up", None)
        if warm_up is not None:
            warm_up()
    except Exception as exc:  # noqa: BLE001 - the parent falls back to one process per job
        _send({"ready": False, "error": f"preload failed: {type(exc).__name__}: {exc}"})
        return 1
    if threading.active_count() != 1:  # a thread would not survive the fork
        _send({"ready": False, "error": f"{threading.active_count()} threads after the imports"})
        return 1
    uid, gid = os.getuid(), os.getgid()
    error = _self_test(uid, gid, root)
    _send({"ready": error is None, "error": error})
    if error:
        return 1
    wake_r, wake_w = os.pipe()
    os.set_blocking(wake_w, False)
    signal.set_wakeup_fd(wake_w)
    signal.signal(signal.SIGCHLD, lambda *_: None)
    jobs: dict[int, int] = {}  # pid -> id
    buf = b""
    while True:
        ready, _, _ = select.select([0, wake_r], [], [])
        if wake_r in ready:
            os.read(wake_r, 4096)
        while jobs:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                break
            if pid == 0:
                break
            if pid in jobs:
                _send({"id": jobs.pop(pid), "exit": os.waitstatus_to_exitcode(status)})
        if 0 not in ready:
            continue
        data = os.read(0, 65536)
        if not data:  # the parent is gone or closed us: the jobs go with us
            for pid in jobs:
                os.kill(pid, signal.SIGKILL)
            return 0
        buf += data
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            req = json.loads(line)
            if req["op"] == "kill":
                for pid, jid in jobs.items():
                    if jid == req["id"]:
                        os.kill(pid, signal.SIGKILL)
            elif req["op"] == "run":
                pid = os.fork()
                if pid == 0:
                    signal.set_wakeup_fd(-1)
                    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
                    _run_job(req, module, uid, gid)
                jobs[pid] = req["id"]


if __name__ == "__main__":
    sys.exit(main())
