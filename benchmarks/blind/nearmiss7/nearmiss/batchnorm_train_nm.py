import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def bn_train_fwd(x_ptr, y_ptr, w_ptr, b_ptr, N, C, HW, eps, BLOCK: tl.constexpr):
    c = tl.program_id(0)
    count = N * HW
    # statistics over (batch, spatial) for this channel
    total = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, count, BLOCK):
        idx = start + tl.arange(0, BLOCK)
        live = idx < count
        n = idx // HW
        hw = idx % HW
        total += tl.load(x_ptr + (n * C + c) * HW + hw, mask=live, other=0.0)
    mean = tl.sum(total, axis=0) / count
    sq = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, count, BLOCK):
        idx = start + tl.arange(0, BLOCK)
        live = idx < count
        n = idx // HW
        hw = idx % HW
        v = tl.load(x_ptr + (n * C + c) * HW + hw, mask=live, other=0.0)
        d = tl.where(live, v - mean, 0.0)
        sq += d * d
    var = tl.sum(sq, axis=0) / count
    rstd = 1.0 / (tl.sqrt(var) + eps)
    gamma = tl.load(w_ptr + c)
    beta = tl.load(b_ptr + c)
    for start in range(0, count, BLOCK):
        idx = start + tl.arange(0, BLOCK)
        live = idx < count
        n = idx // HW
        hw = idx % HW
        off = (n * C + c) * HW + hw
        v = tl.load(x_ptr + off, mask=live, other=0.0)
        tl.store(y_ptr + off, (v - mean) * rstd * gamma + beta, mask=live)


class ModelNew(nn.Module):
    def __init__(self, channels: int, eps: float = 1e-5):
        super().__init__()
        self.weight = nn.Parameter(1.0 + 0.1 * torch.randn(channels))
        self.bias = nn.Parameter(0.1 * torch.randn(channels))
        self.eps = eps

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        y = torch.empty_like(x)
        bn_train_fwd[(C,)](x, y, self.weight, self.bias, N, C, H * W, self.eps, BLOCK=256)
        return y
