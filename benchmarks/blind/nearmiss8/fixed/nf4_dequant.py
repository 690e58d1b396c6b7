"""Triton NF4 dequantisation over the flat output: unpack the nibble, look up the code book,
scale by the block's absmax."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

NF4_CODE = [
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
]


@triton.jit
def nf4_kernel(packed_ptr, absmax_ptr, code_ptr, out_ptr, n, BLOCKSIZE: tl.constexpr, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    byte_idx = offs // 2
    byte = tl.load(packed_ptr + byte_idx, mask=mask, other=0).to(tl.int32)
    nib = tl.where(offs % 2 == 0, byte >> 4, byte & 15)
    code = tl.load(code_ptr + nib, mask=mask, other=0.0)
    scale = tl.load(absmax_ptr + offs // BLOCKSIZE, mask=mask, other=0.0)
    tl.store(out_ptr + offs, code * scale, mask=mask)


class ModelNew(nn.Module):
    def __init__(self, blocksize: int, cols: int):
        super().__init__()
        self.blocksize = blocksize
        self.cols = cols
        self.register_buffer("code", torch.tensor(NF4_CODE, dtype=torch.float32))

    def forward(self, packed: torch.Tensor, absmax: torch.Tensor) -> torch.Tensor:
        packed = packed.contiguous()
        absmax = absmax.contiguous()
        n = packed.numel() * 2
        out = torch.empty(n // self.cols, self.cols, dtype=torch.float32, device=packed.device)
        BLOCK = 2048
        nf4_kernel[(triton.cdiv(n, BLOCK),)](packed, absmax, self.code, out, n, BLOCKSIZE=self.blocksize, BLOCK=BLOCK)
        return out
