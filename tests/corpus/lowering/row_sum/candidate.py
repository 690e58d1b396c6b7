import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sum_dim1_kernel(x_ptr, out_ptr, D1, D2, stride_b, stride_1, BLOCK_R: tl.constexpr, BLOCK_C: tl.constexpr):
    # one program per (batch, column block): sum over dim 1 in chunks of BLOCK_R rows
    b = tl.program_id(0)
    cb = tl.program_id(1)
    cols = cb * BLOCK_C + tl.arange(0, BLOCK_C)
    cmask = cols < D2
    acc = tl.zeros((BLOCK_C,), dtype=tl.float32)
    for r0 in range(0, D1, BLOCK_R):
        rows = r0 + tl.arange(0, BLOCK_R)
        m = (rows[:, None] < D1) & cmask[None, :]
        x = tl.load(x_ptr + b * stride_b + rows[:, None] * stride_1 + cols[None, :], mask=m, other=0.0)
        acc += tl.sum(x, axis=0)
    tl.store(out_ptr + b * D2 + cols, acc, mask=cmask)


class ModelNew(nn.Module):
    def __init__(self, dim):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        assert self.dim == 1 and x.dim() == 3
        x = x.contiguous()
        B, D1, D2 = x.shape
        out = torch.empty((B, 1, D2), device=x.device, dtype=x.dtype)
        BLOCK_C = 128
        sum_dim1_kernel[(B, triton.cdiv(D2, BLOCK_C))](x, out, D1, D2, x.stride(0), x.stride(1),
                                                        BLOCK_R=32, BLOCK_C=BLOCK_C, num_warps=4)
        return out
