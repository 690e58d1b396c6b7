"""scatter_add along dim 1: each program adds one block of a row's values into its bins."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def scatter_add_kernel(src_ptr, idx_ptr, out_ptr, n_src, ss, si, so, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    pid = tl.program_id(1)
    j = pid * BLOCK + tl.arange(0, BLOCK)
    mask = j < n_src
    v = tl.load(src_ptr + row * ss + j, mask=mask, other=0.0)
    ix = tl.load(idx_ptr + row * si + j, mask=mask, other=0)
    tl.atomic_add(out_ptr + row * so + ix, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, num_bins: int):
        super().__init__()
        self.num_bins = num_bins

    def forward(self, src: torch.Tensor, idx: torch.Tensor) -> torch.Tensor:
        src, idx = src.contiguous(), idx.contiguous()
        n_rows, n_src = src.shape
        out = torch.zeros(n_rows, self.num_bins, device=src.device, dtype=src.dtype)
        BLOCK = 128
        scatter_add_kernel[(n_rows, triton.cdiv(n_src, BLOCK))](src, idx, out, n_src, src.stride(0),
                                                                 idx.stride(0), out.stride(0), BLOCK=BLOCK)
        return out
