"""Honest level-2 style candidate: Conv2d + bias + ReLU + scale, where the convolution stays torch's
(nn.Conv2d, as in the reference) and the element-wise epilogue is one Triton kernel. The provenance
policy allows the reference's own weighted layers; nothing else of torch computes."""
import torch
import torch.nn as nn
import triton
import triton.language as tl

batch_size, in_channels, out_channels, height, width, kernel_size = 2, 3, 8, 12, 12, 3


class Model(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(out_channels, 1, 1) * 0.1)

    def forward(self, x):
        return torch.relu(self.conv(x) + self.bias) * 0.5


@triton.jit
def _bias_relu_scale(x_ptr, b_ptr, out_ptr, n, hw, C, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    b = tl.load(b_ptr + (offs // hw) % C, mask=mask)
    tl.store(out_ptr + offs, tl.maximum(x + b, 0.0) * 0.5, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, in_channels, out_channels, kernel_size):
        super().__init__()
        self.conv = nn.Conv2d(in_channels, out_channels, kernel_size)
        self.bias = nn.Parameter(torch.randn(out_channels, 1, 1) * 0.1)

    def forward(self, x):
        y = self.conv(x).contiguous()
        out = torch.empty_like(y)
        n = y.numel()
        _bias_relu_scale[(triton.cdiv(n, 1024),)](y, self.bias, out, n, y.shape[2] * y.shape[3], y.shape[1], BLOCK=1024)
        return out


def get_inputs():
    return [torch.randn(batch_size, in_channels, height, width)]


def get_init_inputs():
    return [in_channels, out_channels, kernel_size]
