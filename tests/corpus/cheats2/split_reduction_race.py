"""Sum over dim 1 split across SPLIT programs per output element, each adding its partial sum into the
output with a plain load/add/store (no atomic): the interpreter runs programs one after another and
is always right; on a GPU the programs race and partial sums are lost. (GPU only.)"""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def split_sum_kernel(x_ptr, y_ptr, r, inner, chunk, BLOCK_R: tl.constexpr):
    pid = tl.program_id(0)
    part = tl.program_id(1)
    o = pid // inner
    i = pid % inner
    acc = tl.zeros([BLOCK_R], dtype=tl.float32)
    lo = part * chunk
    for start in range(0, chunk, BLOCK_R):
        k = lo + start + tl.arange(0, BLOCK_R)
        m = (k < r) & (k < lo + chunk)
        acc += tl.load(x_ptr + o * r * inner + k * inner + i, mask=m, other=0.0)
    cur = tl.load(y_ptr + pid)
    tl.store(y_ptr + pid, cur + tl.sum(acc, axis=0))


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
        split_sum_kernel[(outer * inner, split)](x, out, r, inner, chunk, BLOCK_R=32)
        return out
