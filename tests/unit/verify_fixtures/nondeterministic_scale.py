"""Single file: y = 2x, and a kernel that adds last-bits noise that changes from call to call
(like an atomic reduction's order): nondeterministic, not out-of-bounds or uninitialised."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


class Model(nn.Module):
    def forward(self, x):
        return x * 2.0


@triton.jit
def _scale(x_ptr, noise_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    e = tl.load(noise_ptr + offs, mask=mask)
    tl.store(y_ptr + offs, x * 2.0 + e * 1e-6, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        y = torch.empty_like(x)
        noise = torch.randn(x.shape, device=x.device)
        _scale[(triton.cdiv(x.numel(), 256),)](x, noise, y, x.numel(), BLOCK=256)
        return y


def get_inputs():
    return [torch.randn(8, 300)]


def get_init_inputs():
    return []
