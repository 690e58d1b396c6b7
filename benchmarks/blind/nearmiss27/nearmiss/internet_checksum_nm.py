"""RFC 1071 Internet checksum: a (packet x word) tile of 16-bit words, summed and folded per packet."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _inet_csum_kernel(d_ptr, out_ptr, n_packets, n_bytes, stride_d,
                      BLOCK_P: tl.constexpr, BLOCK_W: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_P + tl.arange(0, BLOCK_P)
    w = tl.arange(0, BLOCK_W)
    rm = rows < n_packets
    base = d_ptr + rows[:, None] * stride_d
    hi_m = rm[:, None] & (2 * w < n_bytes)[None, :]
    lo_m = rm[:, None] & (2 * w + 1 < n_bytes)[None, :]
    hi = tl.load(base + 2 * w[None, :], mask=hi_m, other=0)
    lo = tl.load(base + 2 * w[None, :] + 1, mask=lo_m, other=0)
    word = hi | (lo << 8)
    s = tl.sum(word, axis=1)
    s = (s & 0xFFFF) + (s >> 16)
    s = s + (s >> 16)
    ck = (~s) & 0xFFFF
    tl.store(out_ptr + rows, ck, mask=rm)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, data: torch.Tensor) -> torch.Tensor:
        d = data.contiguous()
        b, n = d.shape
        out = torch.empty(b, device=d.device, dtype=torch.int64)
        BLOCK_P = 32
        BLOCK_W = triton.next_power_of_2((n + 1) // 2)
        grid = (triton.cdiv(b, BLOCK_P),)
        _inet_csum_kernel[grid](d, out, b, n, d.stride(0), BLOCK_P=BLOCK_P, BLOCK_W=BLOCK_W)
        return out
