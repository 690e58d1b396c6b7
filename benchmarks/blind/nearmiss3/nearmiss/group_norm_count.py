import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _group_norm_fwd(x_ptr, w_ptr, b_ptr, y_ptr, C, HW, G, eps, BLOCK: tl.constexpr):
    # one program per (sample, group); a group is C // G contiguous channels of HW elements
    pid = tl.program_id(0)
    n = pid // G
    g = pid % G
    cpg = C // G
    group_size = cpg * HW
    base = n * C * HW + g * group_size
    offs = tl.arange(0, BLOCK)
    mask = offs < group_size
    x = tl.load(x_ptr + base + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / HW
    diff = tl.where(mask, x - mean, 0.0)
    var = tl.sum(diff * diff, axis=0) / group_size
    rstd = 1.0 / tl.sqrt(var + eps)
    ch = g * cpg + offs // HW
    w = tl.load(w_ptr + ch, mask=mask, other=0.0)
    b = tl.load(b_ptr + ch, mask=mask, other=0.0)
    tl.store(y_ptr + base + offs, diff * rstd * w + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, groups, channels, eps=1e-5):
        super().__init__()
        self.groups = groups
        self.eps = eps
        self.weight = nn.Parameter(torch.randn(channels))
        self.bias = nn.Parameter(torch.randn(channels))

    def forward(self, x):
        x = x.contiguous()
        N, C, H, W = x.shape
        y = torch.empty_like(x)
        G = self.groups
        BLOCK = triton.next_power_of_2((C // G) * H * W)
        _group_norm_fwd[(N * G,)](x, self.weight, self.bias, y, C, H * W, G, self.eps, BLOCK=BLOCK)
        return y
