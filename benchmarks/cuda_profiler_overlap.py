"""Can CUPTI's start (torch.profiler, CUDA activity: ~5 s the first time in a process) overlap other
start-up work? A thread opens and closes one profiler session while the main thread imports Triton
and runs Python for a while; prints how far each got and the total.

    python benchmarks/cuda_profiler_overlap.py [--serial]
"""

import sys
import threading
import time

t0 = time.monotonic()
import torch  # noqa: E402
from torch.profiler import ProfilerActivity, profile  # noqa: E402

torch.ones(1, device="cuda")
torch.cuda.synchronize()
t_ready = time.monotonic()
done = {}


def warm() -> None:
    t = time.monotonic()
    with profile(activities=[ProfilerActivity.CUDA]):
        pass
    done["warm_s"] = time.monotonic() - t


thread = threading.Thread(target=warm)
if "--serial" in sys.argv:
    warm()
else:
    thread.start()
t = time.monotonic()
import triton  # noqa: E402,F401

done["import_triton_s"] = time.monotonic() - t
t = time.monotonic()
n = 0
while time.monotonic() - t < 3.0:  # pure Python work: does it progress while CUPTI starts?
    n += sum(range(1000))
    done.setdefault("python_iters", 0)
    done["python_iters"] += 1
done["python_s"] = time.monotonic() - t
if thread.is_alive() or thread.ident:
    thread.join()
t = time.monotonic()
with profile(activities=[ProfilerActivity.CUDA]) as prof:
    (torch.ones(1024, device="cuda") * 2).sum().item()
done["session_after_s"] = time.monotonic() - t
done["total_after_cuda_ready_s"] = time.monotonic() - t_ready
print({k: round(v, 3) if isinstance(v, float) else v for k, v in done.items()})
