"""diag_embed with an offset in Triton: 2-D grid over (batch, output row); each program writes
one full row of the square matrix."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def diag_embed_kernel(x_ptr, out_ptr, N, M, OFF, BLOCK: tl.constexpr):
    b = tl.program_id(0)
    r = tl.program_id(1)
    cols = tl.arange(0, BLOCK)
    cmask = cols < M
    on_diag = (cols - r) == OFF
    idx = tl.minimum(cols, r)
    v = tl.load(x_ptr + b * N + idx, mask=cmask & on_diag, other=0.0)
    tl.store(out_ptr + b * M * M + r * M + cols, v, mask=cmask)


class ModelNew(nn.Module):
    def __init__(self, offset: int):
        super().__init__()
        self.offset = offset

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        b, n = x.shape
        m = n + abs(self.offset)
        out = torch.empty((b, m, m), dtype=x.dtype, device=x.device)
        diag_embed_kernel[(b, m)](x, out, n, m, self.offset, BLOCK=triton.next_power_of_2(m))
        return out
