"""Triton DCN-V2 cross network: one program per block of rows keeps x_0 and x_l in registers and runs all cross
layers, each with a tl.dot against the layer's weight tile."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def crossnet_kernel(x_ptr, w_ptr, b_ptr, y_ptr, B, D, n_layers, x_stride, y_stride,
                    BLOCK_B: tl.constexpr, BLOCK_D: tl.constexpr):
    rows = tl.program_id(0) * BLOCK_B + tl.arange(0, BLOCK_B)
    cols = tl.arange(0, BLOCK_D)
    kk = tl.arange(0, BLOCK_D)
    rmask = rows < B
    cmask = cols < D
    m = rmask[:, None] & cmask[None, :]
    wmask = (kk[:, None] < D) & cmask[None, :]
    x0 = tl.load(x_ptr + rows[:, None] * x_stride + cols[None, :], mask=m, other=0.0)
    x = x0
    for l in range(n_layers):
        wt = tl.load(w_ptr + l * D * D + cols[None, :] * D + kk[:, None], mask=wmask, other=0.0)
        bias = tl.load(b_ptr + cols, mask=cmask, other=0.0)
        xw = tl.dot(x, wt, input_precision="ieee")
        x = x0 * (xw + bias[None, :]) + x
    tl.store(y_ptr + rows[:, None] * y_stride + cols[None, :], x, mask=m)


class ModelNew(nn.Module):
    def __init__(self, dim: int, num_layers: int):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(num_layers, dim, dim) * (0.5 / math.sqrt(dim)))
        self.bias = nn.Parameter(0.1 * torch.randn(num_layers, dim))
        self.num_layers = num_layers

    def forward(self, x0: torch.Tensor) -> torch.Tensor:
        x0 = x0.contiguous()
        B, D = x0.shape
        y = torch.empty_like(x0)
        BLOCK_B = 64
        crossnet_kernel[(triton.cdiv(B, BLOCK_B),)](x0, self.weight, self.bias, y, B, D, self.num_layers,
                                                    x0.stride(0), y.stride(0), BLOCK_B=BLOCK_B,
                                                    BLOCK_D=max(16, triton.next_power_of_2(D)))
        return y
