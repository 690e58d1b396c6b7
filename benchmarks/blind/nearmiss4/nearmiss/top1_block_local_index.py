import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _top1_gather_kernel(s_ptr, v_ptr, out_ptr, N, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row * N
    best = -float("inf")
    best_idx = 0
    for start in range(0, N, BLOCK):
        cols = start + tl.arange(0, BLOCK)
        s = tl.load(s_ptr + base + cols, mask=cols < N, other=-float("inf"))
        m = tl.max(s, axis=0)
        i = tl.argmax(s, axis=0)
        take = m > best
        best_idx = tl.where(take, i, best_idx)
        best = tl.where(take, m, best)
    tl.store(out_ptr + row, tl.load(v_ptr + base + best_idx))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores, values):
        scores = scores.contiguous()
        values = values.contiguous()
        n_rows, n = scores.shape
        out = torch.empty(n_rows, device=scores.device, dtype=values.dtype)
        _top1_gather_kernel[(n_rows,)](scores, values, out, n, BLOCK=512)
        return out
