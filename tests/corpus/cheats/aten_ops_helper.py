"""Cheat: the kernel computes exp(x - max) but the normalisation is done by ATen ops in a helper
function reached from forward (torch.ops.aten.*)."""
import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def exp_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=m, other=-float("inf"))
    tl.store(y_ptr + row * n_cols + cols, tl.exp(x - tl.max(x, axis=0)), mask=m)


def _normalise(y):
    return torch.ops.aten.div(y, torch.ops.aten.sum(y, [1], True))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        y = torch.empty_like(x)
        exp_kernel[(x.shape[0],)](x, y, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        return _normalise(y)
