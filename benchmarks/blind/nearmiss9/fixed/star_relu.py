"""StarReLU in Triton; the learnable scale and bias are read inside the kernel."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def star_relu_kernel(x_ptr, s_ptr, b_ptr, out_ptr, n, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    s = tl.load(s_ptr)
    b = tl.load(b_ptr)
    r = tl.maximum(x, 0.0)
    tl.store(out_ptr + offs, s * r * r + b, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = nn.Parameter(0.8944 + 0.1 * torch.randn(1))
        self.bias = nn.Parameter(-0.4472 + 0.1 * torch.randn(1))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        out = torch.empty_like(x)
        n = x.numel()
        BLOCK = 1024
        grid = (triton.cdiv(n, BLOCK),)
        star_relu_kernel[grid](x, self.scale.detach(), self.bias.detach(), out, n, BLOCK=BLOCK)
        return out
