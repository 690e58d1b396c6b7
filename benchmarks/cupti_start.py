"""What a CUDA profiler's first start costs in a fresh process, and what else could see kernel launches.

The candidate worker's launch counter starts torch.profiler (Kineto over CUPTI's activity API) at the
first case; that first start took ~5 s on the H200 (docs/gpu.md, session 23). This prints, each mode in
a fresh process: the first and second start of the torch profiler (lazy and eager module loading), and
CUPTI's callback API subscribed through ctypes on the launch entry points (its start, whether it sees
an ATen and a Triton launch by name, and the torch profiler's first start after it). The `et*` modes
(--modes et,et_after_cpu_profile,et_after_cuda_thread,et_thread,et_daemon,et_stack) time the operator
recorder's execution-trace observer step by step: alone, after a CPU-only profiler session, after a CUDA
one run on a thread (the main thread's share of the interpreter lock measured), on a thread itself, with
KINETO_USE_DAEMON set, and with native stacks (gdb or eu-stack) taken while its first start runs.

    python benchmarks/cupti_start.py [--json OUT] [--modes M1,M2]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time

MODES = ("kineto", "kineto_eager", "callbacks", "callbacks_timed", "callbacks_thread")
# the operator recorder's execution-trace observer: where its first start on CUDA goes
ET_MODES = ("et", "et_after_cpu_profile", "et_after_cuda_thread", "et_thread", "et_daemon", "et_stack")


def _cuda_ready() -> dict:
    t0 = time.monotonic()
    import torch

    t1 = time.monotonic()
    torch.cuda.init()
    x = torch.ones(1024, device="cuda")
    torch.cuda.synchronize()
    t2 = time.monotonic()
    return {"import_torch_s": t1 - t0, "cuda_init_s": t2 - t1, "x": x}


def _profile_once(x) -> float:
    import torch
    from torch.profiler import ProfilerActivity, profile

    t = time.monotonic()
    with profile(activities=[ProfilerActivity.CUDA]):
        (x + 1).sum()
        torch.cuda.synchronize()
    return time.monotonic() - t


def _callbacks(x) -> dict:
    import ctypes

    import torch

    from kagent.verifiers import launch_trace

    lib = launch_trace._cupti()
    path = lib._name

    class CallbackData(ctypes.Structure):
        _fields_ = [("callbackSite", ctypes.c_int), ("functionName", ctypes.c_char_p),
                    ("functionParams", ctypes.c_void_p), ("functionReturnValue", ctypes.c_void_p),
                    ("symbolName", ctypes.c_char_p), ("context", ctypes.c_void_p),
                    ("contextUid", ctypes.c_uint32), ("correlationData", ctypes.c_void_p),
                    ("correlationId", ctypes.c_uint32)]

    seen: list[tuple[int, str, str]] = []
    proto = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int, ctypes.c_uint32, ctypes.c_void_p)

    def on_call(_user, domain, cbid, data):
        d = ctypes.cast(data, ctypes.POINTER(CallbackData)).contents
        if d.callbackSite == 0:  # API enter
            seen.append((domain, (d.functionName or b"").decode(), (d.symbolName or b"").decode()[:80]))

    callback = proto(on_call)
    handle = ctypes.c_void_p()
    t = time.monotonic()
    rc = lib.cuptiSubscribe(ctypes.byref(handle), callback, None)
    driver = (307, 442, 477, 478, 514, 515, 652, 653)
    runtime = (13, 211, 214, 269, 270, 311, 312, 430, 431)
    rcs = [lib.cuptiEnableCallback(1, handle, 1, c) for c in driver] + [lib.cuptiEnableCallback(1, handle, 2, c) for c in runtime]
    start_s = time.monotonic() - t
    (x + 1).sum()
    torch.cuda.synchronize()
    triton_seen = None
    try:
        import triton
        import triton.language as tl

        @triton.jit
        def _add_one(p, n, BLOCK: tl.constexpr):
            o = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
            tl.store(p + o, tl.load(p + o, mask=o < n) + 1, mask=o < n)

        before = len(seen)
        _add_one[(4,)](x, x.numel(), BLOCK=256)
        torch.cuda.synchronize()
        triton_seen = seen[before:]
    except Exception as exc:  # noqa: BLE001
        triton_seen = f"{type(exc).__name__}: {exc}"
    t = time.monotonic()
    lib.cuptiUnsubscribe(handle)
    stop_s = time.monotonic() - t
    out = {"libcupti": path, "subscribe_rc": rc, "enable_rcs": sorted(set(rcs)), "start_s": start_s, "stop_s": stop_s,
           "aten_launches": seen[:6], "triton_launches": triton_seen}
    try:
        out["kineto_after_s"] = _profile_once(x)
    except Exception as exc:  # noqa: BLE001
        out["kineto_after_s"] = f"{type(exc).__name__}: {exc}"
    return out


def _timed_launches(x) -> dict:
    """Subscribe, enable, then time the first and second launch: where CUPTI's own start lands."""
    import ctypes

    import torch

    from kagent.verifiers import launch_trace

    t = time.monotonic()
    why = launch_trace.prepare()
    out = {"prepare_s": time.monotonic() - t, "prepare_error": why}
    tracer = launch_trace.Tracer()
    t = time.monotonic()
    out["start_error"] = tracer.start()
    out["start_s"] = time.monotonic() - t
    for label in ("first_launch_s", "second_launch_s"):
        t = time.monotonic()
        (x + 1).sum()
        torch.cuda.synchronize()
        out[label] = time.monotonic() - t
    tracer.stop()
    out["seen"] = tracer.launches[:4]
    return out


def _thread_start(x) -> dict:
    """CUPTI's start paid on a thread through ctypes (the interpreter lock released): a bogus
    cuLaunchKernel fires the callbacks; the main thread counts how far it gets meanwhile."""
    import ctypes
    import threading

    import torch

    from kagent.verifiers import launch_trace

    launch_trace.prepare()
    libcuda = ctypes.CDLL("libcuda.so.1")
    spins = [0]
    done = threading.Event()
    tracer = launch_trace.Tracer()
    times = {}

    def warm():
        t = time.monotonic()
        tracer.start()
        times["start_s"] = time.monotonic() - t
        t = time.monotonic()
        libcuda.cuLaunchKernel(None, 1, 1, 1, 1, 1, 1, 0, None, None, None)
        times["bogus_launch_s"] = time.monotonic() - t
        done.set()

    t0 = time.monotonic()
    th = threading.Thread(target=warm)
    th.start()
    while not done.is_set():
        spins[0] += 1
        sum(range(1000))
    th.join()
    times["thread_total_s"] = time.monotonic() - t0
    times["main_spins"] = spins[0]
    t = time.monotonic()
    (x + 1).sum()
    torch.cuda.synchronize()
    times["first_real_launch_s"] = time.monotonic() - t
    tracer.stop()
    times["seen"] = tracer.launches[:4]
    return times


def _et_cycle(x, label: str) -> dict:
    """One register/start/ops/stop/unregister cycle of the observer, each step timed."""
    import tempfile

    import torch
    from torch.profiler import ExecutionTraceObserver

    out = {}
    path = tempfile.mktemp(suffix=".json")
    t = time.monotonic()
    ob = ExecutionTraceObserver()
    ob.register_callback(path)
    out[f"{label}_register_s"] = time.monotonic() - t
    t = time.monotonic()
    ob.start()
    out[f"{label}_start_s"] = time.monotonic() - t
    t = time.monotonic()
    torch.ops.aten.arange.default(1234)
    out[f"{label}_first_cpu_op_s"] = time.monotonic() - t
    t = time.monotonic()
    (x + 1).sum()
    torch.cuda.synchronize()
    out[f"{label}_first_cuda_op_s"] = time.monotonic() - t
    t = time.monotonic()
    ob.stop()
    ob.unregister_callback()
    out[f"{label}_stop_s"] = time.monotonic() - t
    return out


def _spinning(work) -> dict:
    """Run `work` on a thread; the main thread counts how far it gets meanwhile (interpreter lock held?)."""
    import threading

    done = threading.Event()
    res: dict = {}

    def run():
        t = time.monotonic()
        res.update(work())
        res["thread_s"] = time.monotonic() - t
        done.set()

    spins = 0
    t0 = time.monotonic()
    th = threading.Thread(target=run)
    th.start()
    while not done.is_set():
        spins += 1
        sum(range(1000))
    th.join()
    wall = time.monotonic() - t0
    t = time.monotonic()
    for _ in range(20000):
        sum(range(1000))
    alone = (time.monotonic() - t) / 20000
    res["main_spins"] = spins
    res["main_share"] = spins * alone / wall if wall else None  # 1.0: the thread never held the lock
    return res


def _cpu_profile_once() -> float:
    from torch.profiler import ProfilerActivity, profile

    t = time.monotonic()
    with profile(activities=[ProfilerActivity.CPU]):
        pass
    return time.monotonic() - t


def _et_child(mode: str, x) -> dict:
    if mode == "et_after_cpu_profile":
        return {"cpu_profile_s": _cpu_profile_once(), **_et_cycle(x, "first"), **_et_cycle(x, "second")}
    if mode == "et_after_cuda_thread":
        return {**_spinning(lambda: {"cuda_profile_s": _profile_once(x)}), **_et_cycle(x, "first")}
    if mode == "et_thread":
        return {**_spinning(lambda: _et_cycle(x, "first")), **_et_cycle(x, "second")}
    return {**_et_cycle(x, "first"), **_et_cycle(x, "second")}


def _native_stacks(pid: int) -> str:
    import shutil

    for tool in (["gdb", "-batch", "-p", str(pid), "-ex", "thread apply all bt 25"], ["eu-stack", "-p", str(pid)]):
        if shutil.which(tool[0]):
            done = subprocess.run(tool, capture_output=True, text=True, timeout=60)
            return (done.stdout + done.stderr)[-12000:]
    return "no gdb or eu-stack"


def _child(mode: str) -> dict:
    t = time.monotonic()
    ready = _cuda_ready()
    ready["child_ready_s"] = time.monotonic() - t
    x = ready.pop("x")
    if mode.startswith("et"):
        print("ET_START", file=sys.stderr, flush=True)
        return {**ready, **_et_child(mode, x)}
    if mode.startswith("kineto"):
        return {**ready, "first_s": _profile_once(x), "second_s": _profile_once(x)}
    if mode == "callbacks_timed":
        return {**ready, **_timed_launches(x)}
    if mode == "callbacks_thread":
        return {**ready, **_thread_start(x)}
    return {**ready, **_callbacks(x)}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    ap.add_argument("--child")
    ap.add_argument("--modes", help="comma-separated, of " + ", ".join(MODES + ET_MODES))
    args = ap.parse_args()
    if args.child:
        print(json.dumps(_child(args.child), default=str))
        return
    rows = {}
    for mode in args.modes.split(",") if args.modes else MODES:
        env = dict(os.environ, CUDA_MODULE_LOADING="EAGER" if mode.endswith("eager") else "LAZY")
        if mode == "et_daemon":
            env["KINETO_USE_DAEMON"] = "1"
        t = time.monotonic()
        proc = subprocess.Popen([sys.executable, __file__, "--child", mode], env=env, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, text=True)
        stacks = None
        if mode == "et_stack":  # the native stacks while the observer's first start runs
            for line in proc.stderr:
                if line.startswith("ET_START"):
                    break
            time.sleep(float(os.environ.get("STACK_AFTER", "1.5")))
            if proc.poll() is None:
                stacks = _native_stacks(proc.pid)
        out, err = proc.communicate()
        row = json.loads(out.strip().splitlines()[-1]) if proc.returncode == 0 else {"error": err[-2000:]}
        if stacks:
            row["stacks"] = stacks
        row["process_s"] = time.monotonic() - t
        rows[mode] = row
        print(mode, json.dumps(row, default=str), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1, default=str)


if __name__ == "__main__":
    main()
