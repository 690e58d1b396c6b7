import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _bn_infer_kernel(x_ptr, mean_ptr, var_ptr, w_ptr, b_ptr, out_ptr, C, HW, eps, BLOCK: tl.constexpr):
    plane = tl.program_id(0)          # n * C + c
    c = plane % C
    offs = tl.program_id(1) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < HW
    mu = tl.load(mean_ptr + c)
    var = tl.load(var_ptr + c)
    w = tl.load(w_ptr + c)
    b = tl.load(b_ptr + c)
    scale = w * tl.sqrt(var + eps)
    x = tl.load(x_ptr + plane * HW + offs, mask=mask, other=0.0)
    tl.store(out_ptr + plane * HW + offs, (x - mu) * scale + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, channels, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(channels) * 0.5 + 1.0)
        self.bias = nn.Parameter(torch.randn(channels) * 0.2)
        self.register_buffer("running_mean", torch.randn(channels) * 0.5)
        self.register_buffer("running_var", torch.rand(channels) + 0.25)
        self.eps = eps

    def forward(self, x):
        x = x.contiguous()
        n, c, h, w = x.shape
        out = torch.empty_like(x)
        BLOCK = 256
        grid = (n * c, triton.cdiv(h * w, BLOCK))
        _bn_infer_kernel[grid](x, self.running_mean, self.running_var, self.weight, self.bias, out,
                               c, h * w, float(self.eps), BLOCK=BLOCK)
        return out
