"""Row L2 norm of an fp16 matrix: one program per row, looping over blocks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def row_norm_kernel(x_ptr, out_ptr, n_cols, x_stride, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        cols = start + offs
        mask = cols < n_cols
        x = tl.load(x_ptr + row * x_stride + cols, mask=mask, other=0.0).to(tl.float32)
        acc += x * x
    norm = tl.sqrt(tl.sum(acc, axis=0))
    tl.store(out_ptr + row, norm.to(tl.float16))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        n_rows, n_cols = x.shape
        out = torch.empty(n_rows, dtype=x.dtype, device=x.device)
        row_norm_kernel[(n_rows,)](x, out, n_cols, x.stride(0), BLOCK=512)
        return out
