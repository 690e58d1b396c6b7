import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _dwconv1d(x_ptr, w_ptr, y_ptr, C, L, K: tl.constexpr, PAD: tl.constexpr, BLOCK: tl.constexpr):
    row = tl.program_id(0)  # (n, c)
    c = row % C
    o = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    omask = o < L
    acc = tl.zeros((BLOCK,), dtype=tl.float32)
    for k in range(K):
        w = tl.load(w_ptr + c * K + k)  # cross-correlation, like nn.Conv1d
        i = o + k - PAD
        x = tl.load(x_ptr + row * L + i, mask=omask & (i >= 0) & (i < L), other=0.0)
        acc += w * x
    tl.store(y_ptr + row * L + o, acc, mask=omask)


class ModelNew(nn.Module):
    def __init__(self, channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv1d(channels, channels, kernel_size, padding=kernel_size // 2, groups=channels, bias=False)

    def forward(self, x):
        x = x.contiguous()
        N, C, L = x.shape
        K = self.conv.kernel_size[0]
        y = torch.empty_like(x)
        BLOCK = 128
        _dwconv1d[(N * C, triton.cdiv(L, BLOCK))](x, self.conv.weight, y, C, L, K=K, PAD=K // 2, BLOCK=BLOCK)
        return y
