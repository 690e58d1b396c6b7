# near-miss: a 2-D kernel receives (stride(1), stride(0)): the input is read as if transposed
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 24, 40


class Model(nn.Module):
    def forward(self, x):
        return x * 2.0 + 1.0


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []


@triton.jit
def affine2d_kernel(x_ptr, out_ptr, M, N, stride_m, stride_n, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr):
    offs_m = tl.program_id(0) * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = tl.arange(0, BLOCK_N)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    x = tl.load(x_ptr + offs_m[:, None] * stride_m + offs_n[None, :] * stride_n, mask=mask, other=0.0)
    tl.store(out_ptr + offs_m[:, None] * N + offs_n[None, :], x * 2.0 + 1.0, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        M, N = x.shape
        affine2d_kernel[(triton.cdiv(M, 8),)](x, out, M, N, x.stride(1), x.stride(0), BLOCK_M=8, BLOCK_N=64)
        return out
