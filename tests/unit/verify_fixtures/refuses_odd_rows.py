"""Single file: row-wise scale whose kernel asserts the row count is a multiple of 4 (a limit the
author states loudly): boundary shapes with other row counts are "not supported", not failures."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

rows = 8
cols = 64


class Model(nn.Module):
    def forward(self, x):
        return x * 3.0


@triton.jit
def _scale(x_ptr, y_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    tl.store(y_ptr + offs, tl.load(x_ptr + offs, mask=mask) * 3.0, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        assert x.shape[0] % 4 == 0, "row count must be a multiple of 4"
        y = torch.empty_like(x)
        _scale[(triton.cdiv(x.numel(), 128),)](x, y, x.numel(), BLOCK=128)
        return y


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return []
