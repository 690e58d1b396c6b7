"""Triton mean over dim 1 with keepdim: grid (batch, column blocks); each program averages
[BLOCK_R, BLOCK_D] tiles down the reduced dimension."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mean_dim1_kernel(x_ptr, out_ptr, R, D, stride_b, stride_r, BLOCK_R: tl.constexpr, BLOCK_D: tl.constexpr):
    pid_b = tl.program_id(0)
    offs_d = tl.program_id(1) * BLOCK_D + tl.arange(0, BLOCK_D)
    acc = tl.zeros([BLOCK_D], dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        offs_r = r0 + tl.arange(0, BLOCK_R)
        mask = (offs_r[:, None] < R) & (offs_d[None, :] < D)
        acc += tl.sum(tl.load(x_ptr + pid_b * stride_b + offs_r[:, None] * stride_r + offs_d[None, :],
                              mask=mask, other=0.0), axis=0)
    tl.store(out_ptr + pid_b * D + offs_d, acc / R, mask=offs_d < D)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, R, D = x.shape
        out = torch.empty((B, 1, D), dtype=x.dtype, device=x.device)
        BLOCK_R, BLOCK_D = 16, 64
        mean_dim1_kernel[(B, triton.cdiv(D, BLOCK_D))](x, out, R, D, x.stride(0), x.stride(1),
                                                       BLOCK_R=BLOCK_R, BLOCK_D=BLOCK_D)
        return out
