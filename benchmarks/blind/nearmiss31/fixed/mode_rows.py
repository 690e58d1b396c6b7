"""Triton row mode: one program per row, a (position x value) equality tile summed into per-value counts."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _mode_rows_kernel(x_ptr, out_ptr, L, L_BLOCK: tl.constexpr, K_BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, L_BLOCK)
    x = tl.load(x_ptr + row * L + cols, mask=cols < L, other=-1)
    kk = tl.arange(0, K_BLOCK)
    counts = tl.sum((x[:, None] == kk[None, :]).to(tl.int32), axis=0)
    best = tl.max(counts, axis=0)
    mode = tl.min(tl.where(counts == best, kk, K_BLOCK), axis=0)
    tl.store(out_ptr + row, mode.to(tl.int64))


class ModelNew(nn.Module):
    def __init__(self, num_values: int):
        super().__init__()
        self.num_values = num_values

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, L = x.shape
        out = torch.empty(B, device=x.device, dtype=torch.int64)
        _mode_rows_kernel[(B,)](x, out, L, L_BLOCK=triton.next_power_of_2(L),
                                K_BLOCK=triton.next_power_of_2(self.num_values))
        return out
