import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _avg_pool1d(x_ptr, y_ptr, L, L_out, BLOCK: tl.constexpr):
    # kernel 4, stride 2, padding 1, padded zeros count in the mean
    row = tl.program_id(0)
    o = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    omask = o < L_out
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k in range(4):
        i = o * 2 - 1 + k
        acc += tl.load(x_ptr + row * L + i, mask=omask & (i >= 0) & (i < L), other=0.0)
    tl.store(y_ptr + row * L_out + o, acc / 4.0, mask=omask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        N, C, L = x.shape
        L_out = (L + 2 - 4) // 2 + 1
        y = torch.empty(N, C, L_out, dtype=x.dtype, device=x.device)
        BLOCK = 16
        grid = (N * C, L_out // BLOCK)
        _avg_pool1d[grid](x, y, L, L_out, BLOCK=BLOCK)
        return y
