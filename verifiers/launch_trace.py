"""Every CUDA kernel launch in the process, by name, through CUPTI's callback API.

The launch counter (traps.LaunchCounter) needs the device kernels a candidate's forward launches:
its own (Triton, load_inline, pycuda, ctypes) apart from ATen's and the vendor libraries'. torch.profiler
gives them, but its first start in a process costs seconds (Kineto starting CUPTI's activity API:
6.5 s on the H200, benchmarks/cupti_start.py). CUPTI's callbacks on the driver's launch entry points
start in ~15 ms and see the same launches, from every thread, with the kernel's name. Every runtime
launch (cudaLaunchKernel, `<<<>>>`) reaches the driver, so the driver domain sees them all, once.

The callback is C, built here with the system's C compiler (Triton's GPU path needs one too): a
Python callback would take the interpreter lock on the launching thread, and deadlock where a C++
thread launches while its caller holds that lock. It only copies names into a buffer under a mutex.

A CUDA graph's launch names no kernel (`cuGraphLaunch`): the counter falls back to torch.profiler
for a call that launches one. Where CUPTI, the compiler or the subscription is missing, `start()`
says why and the caller uses torch.profiler.
"""

from __future__ import annotations

import ctypes
import glob
import hashlib
import os
import subprocess
import tempfile
import threading
from pathlib import Path

_SOURCE = r"""
#include <pthread.h>
#include <stdint.h>
#include <string.h>

typedef struct {
  int site; const char *function_name; const void *params; void *ret; const char *symbol_name;
  void *context; uint32_t context_uid; uint64_t *correlation_data; uint32_t correlation_id;
} callback_data;

#define MAX_LAUNCHES 4096
#define NAME_LEN 160
static char names[MAX_LAUNCHES][NAME_LEN];
static unsigned cbids[MAX_LAUNCHES];
static int count;
static long total;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void kagent_on_call(void *user, int domain, unsigned cbid, const void *data) {
  const callback_data *d = (const callback_data *)data;
  (void)user; (void)domain;
  if (d == 0 || d->site != 0) return;  /* API enter only */
  pthread_mutex_lock(&lock);
  total++;
  if (count < MAX_LAUNCHES) {
    const char *s = d->symbol_name ? d->symbol_name : "";
    strncpy(names[count], s, NAME_LEN - 1);
    names[count][NAME_LEN - 1] = 0;
    cbids[count] = cbid;
    count++;
  }
  pthread_mutex_unlock(&lock);
}

long kagent_total(void) { long t; pthread_mutex_lock(&lock); t = total; pthread_mutex_unlock(&lock); return t; }
int kagent_count(void) { int c; pthread_mutex_lock(&lock); c = count; pthread_mutex_unlock(&lock); return c; }
const char *kagent_name(int i) { return (i >= 0 && i < count) ? names[i] : ""; }
unsigned kagent_cbid(int i) { return (i >= 0 && i < count) ? cbids[i] : 0; }
void kagent_reset(void) { pthread_mutex_lock(&lock); count = 0; total = 0; pthread_mutex_unlock(&lock); }
"""

_DRIVER_DOMAIN = 1
# CUPTI_DRIVER_TRACE_CBID_*: cuLaunch, cuLaunchGrid, cuLaunchGridAsync, cuLaunchKernel(_ptsz),
# cuLaunchCooperativeKernel(_ptsz), cuLaunchCooperativeKernelMultiDevice, cuLaunchKernelEx(_ptsz)
_LAUNCH_CBIDS = (115, 116, 117, 307, 442, 477, 478, 480, 652, 653)
_CHECKED_CBIDS = (307, 652)  # cuLaunchKernel (ATen, load_inline) and cuLaunchKernelEx (Triton): still on?
_GRAPH_CBIDS = (514, 515)  # cuGraphLaunch(_ptsz): the graph's kernels are not named
GRAPH_LAUNCH = "<CUDA graph launch>"

_lock = threading.Lock()
_state: dict = {}


def _library_path(build_dir: str | None) -> Path:
    digest = hashlib.sha256(_SOURCE.encode()).hexdigest()[:16]
    folder = Path(build_dir or tempfile.gettempdir()) / f"kagent-launch-trace-{os.getuid()}"
    return folder / f"launch_trace_{digest}.so"


def build(build_dir: str | None = None) -> Path:
    """The callback library, compiled once per source version into build_dir (default: the temp dir)."""
    target = _library_path(build_dir)
    if target.is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    src = target.with_suffix(f".{os.getpid()}.c")  # per process: workers may build at once
    src.write_text(_SOURCE)
    tmp = target.with_suffix(f".{os.getpid()}.tmp")
    cc = os.environ.get("CC") or "cc"
    subprocess.run([cc, "-O2", "-shared", "-fPIC", "-o", str(tmp), str(src), "-lpthread"], check=True,
                   capture_output=True, timeout=60)
    os.replace(tmp, target)
    return target


def _cupti() -> ctypes.CDLL:
    """The libcupti torch loaded (a second copy in the process would not see torch's context), else
    the one its wheels ship."""
    for line in Path("/proc/self/maps").read_text().splitlines():
        if "libcupti.so" in line:
            return ctypes.CDLL(line.split()[-1])
    import torch

    site = Path(torch.__file__).resolve().parents[1]
    for pattern in ("nvidia/cu*/lib/libcupti.so*", "nvidia/cuda_cupti/lib/libcupti.so*"):
        found = sorted(glob.glob(str(site / pattern)))
        if found:
            return ctypes.CDLL(found[0])
    return ctypes.CDLL("libcupti.so")


def prepare(build_dir: str | None = None) -> str | None:
    """Build and load the callback library and CUPTI (a worker does this ahead of its job). Returns
    why tracing cannot work here, or None."""
    with _lock:
        if "error" in _state or "trace" in _state:
            return _state.get("error")
        try:
            trace = ctypes.CDLL(str(build(build_dir)))
            trace.kagent_name.restype = ctypes.c_char_p
            trace.kagent_total.restype = ctypes.c_long
            cupti = _cupti()
            _state.update(trace=trace, cupti=cupti)
        except (OSError, subprocess.SubprocessError) as exc:
            _state["error"] = f"CUPTI launch callbacks unavailable: {type(exc).__name__}: {str(exc)[:200]}"
        return _state.get("error")


class Tracer:
    """One subscription: start() before the block, stop() after; `launches` then holds (name, cbid)."""

    def __init__(self) -> None:
        self.handle = ctypes.c_void_p()
        self.launches: list[tuple[str, int]] = []
        self.total = 0

    def start(self) -> str | None:
        """Subscribe; returns why not (the caller falls back to torch.profiler), or None."""
        why = prepare()
        if why:
            return why
        trace, cupti = _state["trace"], _state["cupti"]
        trace.kagent_reset()
        callback = ctypes.cast(trace.kagent_on_call, ctypes.c_void_p)
        rc = cupti.cuptiSubscribe(ctypes.byref(self.handle), callback, None)
        if rc != 0:
            return f"cuptiSubscribe returned {rc} (another CUPTI subscriber in the process?)"
        for cbid in (*_LAUNCH_CBIDS, *_GRAPH_CBIDS):
            rc = cupti.cuptiEnableCallback(1, self.handle, _DRIVER_DOMAIN, cbid)
            if rc != 0:
                cupti.cuptiUnsubscribe(self.handle)
                return f"cuptiEnableCallback({cbid}) returned {rc}"
        return None

    def still_on(self) -> bool:
        """Whether the launch callbacks are still enabled (a candidate that switched them off)."""
        cupti = _state["cupti"]
        state = ctypes.c_uint32(0)
        for cbid in _CHECKED_CBIDS:
            if cupti.cuptiGetCallbackState(ctypes.byref(state), self.handle, _DRIVER_DOMAIN, cbid) != 0 or not state.value:
                return False
        return True

    def stop(self) -> None:
        trace, cupti = _state["trace"], _state["cupti"]
        self.total = int(trace.kagent_total())
        self.launches = [(GRAPH_LAUNCH if trace.kagent_cbid(i) in _GRAPH_CBIDS else trace.kagent_name(i).decode(errors="replace"),
                          int(trace.kagent_cbid(i))) for i in range(trace.kagent_count())]
        cupti.cuptiUnsubscribe(self.handle)
