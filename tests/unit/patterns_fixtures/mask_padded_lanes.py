# near-miss: layer norm whose variance sums (0 - mean)^2 over the padded lanes
import torch
import torch.nn as nn
import triton
import triton.language as tl

rows, cols = 8, 1000


class Model(nn.Module):
    def forward(self, x):
        return torch.nn.functional.layer_norm(x, (x.shape[1],), eps=1e-5)


def get_inputs():
    return [torch.randn(rows, cols) + 3.0]


def get_init_inputs():
    return []


@triton.jit
def layernorm_kernel(x_ptr, out_ptr, n_cols, stride, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * stride + cols, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    diff = x - mean
    var = tl.sum(diff * diff, axis=0) / n_cols
    y = diff / tl.sqrt(var + eps)
    tl.store(out_ptr + row * stride + cols, y, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        out = torch.empty_like(x)
        layernorm_kernel[(x.shape[0],)](x, out, x.shape[1], x.stride(0), 1e-5, BLOCK=1024)
        return out
