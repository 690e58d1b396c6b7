"""Single file: a ramp over each row's columns, the step computed on the host as 1 / (cols - 1), as
linspace does. At one column the host division raises ZeroDivisionError: the formula does not define
that size, loudly, so the one-column boundary shape is "not supported", not a failure."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 8
cols = 48


class Model(nn.Module):
    def forward(self, x):
        ramp = torch.linspace(0.0, 1.0, x.shape[1], device=x.device)
        return x * ramp


@triton.jit
def _ramp(x_ptr, y_ptr, n_cols, step, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    mask = cols < n_cols
    x = tl.load(x_ptr + row * n_cols + cols, mask=mask)
    tl.store(y_ptr + row * n_cols + cols, x * (cols * step), mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        step = 1.0 / (x.shape[1] - 1)
        y = torch.empty_like(x)
        _ramp[(x.shape[0],)](x, y, x.shape[1], step, BLOCK=triton.next_power_of_2(x.shape[1]))
        return y


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
