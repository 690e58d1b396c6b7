import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def mad_rows_kernel(X, OUT, N, stride_x, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    x_row = X + pid * stride_x
    # pass 1: row mean
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        acc += tl.load(x_row + idx, mask=idx < N, other=0.0)
    mean = tl.sum(acc, axis=0) / N
    # pass 2: mean absolute deviation
    dev_acc = tl.zeros([BLOCK], dtype=tl.float32)
    for off in range(0, N, BLOCK):
        idx = off + tl.arange(0, BLOCK)
        inb = idx < N
        v = tl.load(x_row + idx, mask=inb, other=0.0)
        dev = tl.where(inb, tl.abs(v - mean), 0.0)
        dev_acc += dev
    tl.store(OUT + pid, tl.sum(dev_acc, axis=0) / N)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        M, N = x.shape
        out = torch.empty(M, device=x.device, dtype=x.dtype)
        mad_rows_kernel[(M,)](x, out, N, x.stride(0), BLOCK=256)
        return out
