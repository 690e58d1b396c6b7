"""Sum over dim 1 split across 4 programs per block of outputs, each adding its partial sums into the
output with a plain load/add/store (no atomic): the interpreter runs programs one after another and
is always right; on a GPU the programs race and partial sums are lost. (GPU only.)"""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def split_sum_kernel(x_ptr, y_ptr, r, inner, chunk, BLOCK_I: tl.constexpr):
    o = tl.program_id(0)
    part = tl.program_id(1)
    i = tl.program_id(2) * BLOCK_I + tl.arange(0, BLOCK_I)
    im = i < inner
    acc = tl.zeros([BLOCK_I], dtype=tl.float32)
    for step in range(0, chunk):
        k = part * chunk + step
        acc += tl.load(x_ptr + o * r * inner + k * inner + i, mask=im & (k < r), other=0.0)
    cur = tl.load(y_ptr + o * inner + i, mask=im, other=0.0)
    tl.store(y_ptr + o * inner + i, cur + acc, mask=im)


class ModelNew(nn.Module):
    def __init__(self, dim: int):
        super().__init__()
        self.dim = dim

    def forward(self, x):
        x = x.contiguous()
        shape = list(x.shape)
        r = shape[self.dim]
        outer = 1
        for s in shape[: self.dim]:
            outer *= s
        inner = 1
        for s in shape[self.dim + 1:]:
            inner *= s
        shape[self.dim] = 1
        out = torch.zeros(shape, dtype=x.dtype, device=x.device)
        split = 4
        chunk = triton.cdiv(r, split)
        block_i = min(128, triton.next_power_of_2(inner))
        split_sum_kernel[(outer, split, triton.cdiv(inner, block_i))](x, out, r, inner, chunk, BLOCK_I=block_i)
        return out
