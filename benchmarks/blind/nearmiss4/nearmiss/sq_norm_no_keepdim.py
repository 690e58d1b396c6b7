import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _sq_norm_kernel(x_ptr, out_ptr, D, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    x = tl.load(x_ptr + row * D + cols, mask=cols < D, other=0.0)
    tl.store(out_ptr + row, tl.sum(x * x, axis=0))


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        x = x.contiguous()
        D = x.shape[-1]
        rows = x.numel() // D
        out = torch.empty(x.shape[:-1], device=x.device, dtype=x.dtype)
        _sq_norm_kernel[(rows,)](x, out, D, BLOCK=triton.next_power_of_2(D))
        return out
