"""Under TRITON_INTERPRET=1 a @triton.jit body is plain Python: this kernel calls a host helper that
runs PyTorch's softmax (kernel bodies are never scanned, and the helper is reached only from one).
Skipping the launch skips the helper too, so ghost replay sees poison."""
import torch
import torch.nn as nn
import triton
import triton.language as tl

_IO = {}


def _rows_on_host():
    _IO["out"].copy_(torch.softmax(_IO["x"], dim=1))


@triton.jit
def softmax_kernel(x_ptr, y_ptr, n_cols, BLOCK: tl.constexpr):
    _rows_on_host()


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        out = torch.empty_like(x)
        _IO["x"], _IO["out"] = x, out
        softmax_kernel[(1,)](x, out, x.shape[1], BLOCK=triton.next_power_of_2(x.shape[1]))
        _IO.clear()
        return out
