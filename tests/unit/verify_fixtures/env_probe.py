"""A candidate that fails if any secret-looking variable reached it; otherwise a correct softmax."""
import os

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _softmax(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(in_ptr + row * n_cols + cols, mask=mask, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * n_cols + cols, num / tl.sum(num, axis=0), mask=mask)


LEAKED = sorted(k for k in os.environ if any(w in k for w in ("KEY", "TOKEN", "SECRET")))
if LEAKED:
    raise RuntimeError(f"secrets reached the candidate: {LEAKED}")


class ModelNew(nn.Module):
    def forward(self, x):
        x = x.contiguous()
        out = torch.empty_like(x)
        _softmax[(x.shape[0],)](out, x, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return out
