# near-miss: `<=` mask lets the first padded lane through (reads and writes one element too many)
import torch
import torch.nn as nn
import triton
import triton.language as tl

n = 3000


class Model(nn.Module):
    def forward(self, x):
        return torch.relu(x) * 2.0


def get_inputs():
    return [torch.randn(n)]


def get_init_inputs():
    return []


@triton.jit
def relu2_kernel(x_ptr, out_ptr, n_elements, BLOCK: tl.constexpr):
    pid = tl.program_id(0)
    offs = pid * BLOCK + tl.arange(0, BLOCK)
    mask = offs <= n_elements
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + offs, tl.maximum(x, 0.0) * 2.0, mask=mask)


class ModelNew(nn.Module):
    def forward(self, x):
        # the output is a view into a larger buffer: the element past its end is a canary
        buf = torch.full((x.numel() + 1,), 7.0)
        out = buf[: x.numel()]
        relu2_kernel[(triton.cdiv(x.numel(), 1024),)](x, out, x.numel(), BLOCK=1024)
        if buf[-1].item() != 7.0:
            raise RuntimeError("kernel wrote past the end of its output")
        return out
