"""torch.gather along dim 1: one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def gather_kernel(x_ptr, idx_ptr, out_ptr, n_idx, sx, si, so, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    j = tl.arange(0, BLOCK)
    mask = j < n_idx
    ix = tl.load(idx_ptr + row * si + j, mask=mask, other=0)
    v = tl.load(x_ptr + ix, mask=mask, other=0.0)
    tl.store(out_ptr + row * so + j, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        x, idx = x.contiguous(), idx.contiguous()
        n_rows, n_idx = idx.shape
        out = torch.empty(n_rows, n_idx, device=x.device, dtype=x.dtype)
        gather_kernel[(n_rows,)](x, idx, out, n_idx, x.stride(0), idx.stride(0), out.stride(0),
                                 BLOCK=triton.next_power_of_2(n_idx))
        return out
