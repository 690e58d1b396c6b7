"""Row-wise top-k values in Triton: k rounds of max-and-remove, one program per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def topk_kernel(x_ptr, out_ptr, n_cols, stride, K: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * stride + cols, mask=cols < n_cols, other=float("-inf"))
    for i in tl.static_range(K):
        m = tl.max(x, axis=0)
        first = tl.min(tl.where(x == m, cols, BLOCK), axis=0)
        tl.store(out_ptr + row * K + i, m)
        x = tl.where(x == m, float("-inf"), x)


class ModelNew(nn.Module):
    def __init__(self, k: int):
        super().__init__()
        self.k = k

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        rows, cols = x.shape
        out = torch.empty((rows, self.k), dtype=x.dtype, device=x.device)
        topk_kernel[(rows,)](x, out, cols, x.stride(0), K=self.k, BLOCK=triton.next_power_of_2(cols))
        return out
