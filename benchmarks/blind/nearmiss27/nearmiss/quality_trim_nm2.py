"""3'-end quality trimming of reads in the BWA manner: one program per block of reads, a reversed running sum per row."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def _trim_kernel(q_ptr, out_ptr, n_reads, read_len, stride_r, threshold, min_len,
                 BLOCK_R: tl.constexpr, BLOCK_L: tl.constexpr):
    pid = tl.program_id(0)
    rows = pid * BLOCK_R + tl.arange(0, BLOCK_R)
    idx = tl.arange(0, BLOCK_L)
    rmask = rows < n_reads
    inside = idx < read_len
    m2 = rmask[:, None] & inside[None, :]
    q = tl.load(q_ptr + rows[:, None] * stride_r + idx[None, :], mask=m2, other=33).to(tl.int32)
    d = tl.where(inside[None, :], threshold - (q - 33), 0)
    c = tl.cumsum(d, axis=1, reverse=True)
    scanned = inside[None, :] & (idx[None, :] >= min_len)
    stop = tl.max(tl.where(scanned & (c < 0), idx[None, :], -1), axis=1)
    valid = scanned & (idx[None, :] > stop[:, None])
    mx = tl.max(tl.where(valid, c, 0), axis=1)
    last = tl.min(tl.where(valid & (c == mx[:, None]), idx[None, :], read_len), axis=1)
    keep = tl.where(mx > 0, last, read_len)
    tl.store(out_ptr + rows, keep.to(tl.int64), mask=rmask)


class ModelNew(nn.Module):
    def __init__(self, threshold: int, min_len: int):
        super().__init__()
        self.threshold = threshold
        self.min_len = min_len

    def forward(self, qual_ascii: torch.Tensor) -> torch.Tensor:
        q = qual_ascii.contiguous()
        reads, length = q.shape
        out = torch.empty(reads, device=q.device, dtype=torch.int64)
        BLOCK_R = 16
        BLOCK_L = triton.next_power_of_2(length)
        grid = (triton.cdiv(reads, BLOCK_R),)
        _trim_kernel[grid](q, out, reads, length, q.stride(0), self.threshold, self.min_len,
                           BLOCK_R=BLOCK_R, BLOCK_L=BLOCK_L)
        return out
