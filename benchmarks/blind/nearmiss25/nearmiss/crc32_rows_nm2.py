"""A Triton CRC-32: one lane per message walks the bytes in order with the 32-bit register held in int64,
eight unrolled bitwise shift / conditional-xor steps per byte, and bytes past the message length skipped."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def crc32_kernel(data_ptr, len_ptr, out_ptr, B, L, BLOCK: tl.constexpr):
    m = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = m < B
    ln = tl.load(len_ptr + m, mask=mask, other=0)
    crc = tl.full([BLOCK], 0xFFFFFFFF, dtype=tl.int64)
    for i in range(0, L):
        active = i <= ln
        byte = tl.load(data_ptr + m * L + i, mask=mask & active, other=0).to(tl.int64)
        c = crc ^ byte
        for _ in tl.static_range(8):
            c = (c >> 1) ^ (0xEDB88320 & -(c & 1))
        crc = tl.where(active, c, crc)
    tl.store(out_ptr + m, crc ^ 0xFFFFFFFF, mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, data: torch.Tensor, lengths: torch.Tensor) -> torch.Tensor:
        data = data.contiguous()
        B, L = data.shape
        out = torch.empty((B,), dtype=torch.int64, device=data.device)
        BLOCK = 64
        crc32_kernel[(triton.cdiv(B, BLOCK),)](data, lengths.contiguous(), out, B, L, BLOCK=BLOCK)
        return out
