"""What starting torch.profiler's CUDA activity (CUPTI) costs in a fresh process, first and later times.

    python benchmarks/cuda_profiler_start.py

Prints seconds for: import torch, CUDA init, the first profiler session (CUDA activity) around one
tiny kernel, a second one, and a session of CPU activity only. The verifier's launch counter
(verifiers/traps.py) opens such a session in the candidate's worker at its first case.
"""

import time

t0 = time.monotonic()
import torch  # noqa: E402
from torch.profiler import ProfilerActivity, profile  # noqa: E402

t1 = time.monotonic()
x = torch.ones(1024, device="cuda")
torch.cuda.synchronize()
t2 = time.monotonic()
times = {"import_torch": t1 - t0, "cuda_init": t2 - t1}
for name, acts in (("profile_cuda_first", [ProfilerActivity.CUDA]), ("profile_cuda_second", [ProfilerActivity.CUDA]),
                   ("profile_cpu", [ProfilerActivity.CPU])):
    t = time.monotonic()
    with profile(activities=acts) as prof:
        (x * 2).sum().item()
    prof.events()
    times[name] = time.monotonic() - t
print({k: round(v, 3) for k, v in times.items()})
