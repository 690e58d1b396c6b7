"""Run a fixture's half_kernel on rows 2**30 elements apart: row * stride passes 2**31 for row 2.

    python int64_overflow_run.py FIXTURE   -> prints OK (exit 0), WRONG (exit 1), or dies (segfault);
                                              exit 3 when the 12 GiB virtual input cannot be reserved
Run with TRITON_INTERPRET=1. Only the rows touched become resident memory (~300 MB).
"""

import importlib.util
import sys

import torch

spec = importlib.util.spec_from_file_location("fixture", sys.argv[1])
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)

rows, cols, stride = 3, 1000, 1 << 30
try:
    x = torch.empty(rows * stride, dtype=torch.float32)
    out = torch.empty_like(x)
except RuntimeError as exc:  # allocation refused (address-space limit)
    print(f"cannot allocate: {exc}")
    sys.exit(3)
for r in range(rows):
    x[r * stride : r * stride + cols] = torch.arange(cols, dtype=torch.float32) + r
xv = x.as_strided((rows, cols), (stride, 1))
ov = out.as_strided((rows, cols), (stride, 1))
mod.half_kernel[(rows,)](xv, ov, cols, stride, BLOCK=1024)
ok = all(torch.equal(ov[r], xv[r] * 0.5) for r in range(rows))
print("OK" if ok else "WRONG")
sys.exit(0 if ok else 1)
