import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _gather_dim1(x_ptr, idx_ptr, y_ptr, n_cols, K, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < K
    j = tl.load(idx_ptr + row * K + offs, mask=mask, other=0)
    v = tl.load(x_ptr + row * n_cols + j, mask=mask, other=0.0)
    tl.store(y_ptr + row * K + offs, v, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x, idx):
        x = x.contiguous()
        idx = idx.contiguous()
        B, N = x.shape
        K = idx.shape[1]
        y = torch.empty(B, K, dtype=x.dtype, device=x.device)
        _gather_dim1[(B,)](x, idx, y, N, K, BLOCK=triton.next_power_of_2(K))
        return y
