import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _instance_norm_fwd(x_ptr, y_ptr, L, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)  # one (n, c) signal
    offs = tl.arange(0, BLOCK)
    mask = offs < L
    x = tl.load(x_ptr + row * L + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / L
    d = tl.where(mask, x - mean, 0.0)
    var = tl.sum(d * d, axis=0) / L
    y = d / tl.sqrt(var + eps)
    tl.store(y_ptr + row * L + offs, y, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, eps=1e-5):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        x = x.contiguous()
        N, C, L = x.shape
        y = torch.empty_like(x)
        _instance_norm_fwd[(N * C,)](x, y, L, self.eps, BLOCK=triton.next_power_of_2(L))
        return y
