# near-miss: sum over a dim whose output drops the dim the reference keeps (from tests/corpus/nearmiss/sum_reduction_dropped_keepdim.py)
import math
import torch
import torch.nn as nn
import triton
import triton.language as tl

batch_size = 4
dim1 = 37
dim2 = 20
reduce_dim = 1


class Model(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        return torch.sum(x, dim=self.dim, keepdim=True)


def get_inputs():
    return [torch.randn(batch_size, dim1, dim2)]


def get_init_inputs():
    return [reduce_dim]


@triton.jit
def sum_dim_kernel(x_ptr, out_ptr, R, INNER, BLOCK_R: tl.constexpr, BLOCK_I: tl.constexpr):
    pid_o = tl.program_id(0)
    pid_i = tl.program_id(1)
    offs_i = pid_i * BLOCK_I + tl.arange(0, BLOCK_I)
    mask_i = offs_i < INNER
    base = x_ptr + pid_o * R * INNER
    acc = tl.zeros([BLOCK_I], dtype=tl.float32)
    for r0 in range(0, R, BLOCK_R):
        offs_r = r0 + tl.arange(0, BLOCK_R)
        mask = (offs_r[:, None] < R) & mask_i[None, :]
        x = tl.load(base + offs_r[:, None] * INNER + offs_i[None, :], mask=mask, other=0.0)
        acc += tl.sum(x.to(tl.float32), axis=0)
    tl.store(out_ptr + pid_o * INNER + offs_i, acc, mask=mask_i)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        dim = self.dim % x.ndim
        outer = math.prod(x.shape[:dim])
        R = x.shape[dim]
        inner = math.prod(x.shape[dim + 1:])
        out_shape = list(x.shape)
        del out_shape[dim]
        out = torch.empty(out_shape, device=x.device, dtype=x.dtype)
        BLOCK_R, BLOCK_I = 16, 32
        grid = (outer, triton.cdiv(inner, BLOCK_I))
        sum_dim_kernel[grid](x, out, R, inner, BLOCK_R=BLOCK_R, BLOCK_I=BLOCK_I)
        return out
