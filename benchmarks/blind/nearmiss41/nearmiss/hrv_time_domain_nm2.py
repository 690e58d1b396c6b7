"""HRV indices: one program per recording, two chunk passes with current and previous-beat loads."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def hrv_kernel(rr_ptr, cnt_ptr, out_ptr, n_cols, rr_stride, BLOCK: tl.constexpr):
    rec = tl.program_id(0)
    cnt = tl.load(cnt_ptr + rec).to(tl.int32)
    nf = cnt.to(tl.float32)
    row = rr_ptr + rec * rr_stride
    acc_x = tl.zeros([BLOCK], dtype=tl.float32)
    acc_d2 = tl.zeros([BLOCK], dtype=tl.float32)
    acc_nn = tl.zeros([BLOCK], dtype=tl.int32)
    for start in range(0, n_cols, BLOCK):
        i = start + tl.arange(0, BLOCK)
        x = tl.load(row + i, mask=i < n_cols, other=0.0)
        xp = tl.load(row + i - 1, mask=(i >= 1) & (i < n_cols), other=0.0)
        vm = i < cnt
        dm = (i >= 1) & (i < cnt)
        d = x - xp
        acc_x += tl.where(vm, x, 0.0)
        acc_d2 += tl.where(dm, d * d, 0.0)
        acc_nn += (dm & (tl.abs(d) >= 50.0)).to(tl.int32)
    mean = tl.sum(acc_x, axis=0) / nf
    acc_v = tl.zeros([BLOCK], dtype=tl.float32)
    for start in range(0, n_cols, BLOCK):
        i = start + tl.arange(0, BLOCK)
        vm = i < cnt
        x = tl.load(row + i, mask=vm, other=0.0)
        dv = tl.where(vm, x - mean, 0.0)
        acc_v += dv * dv
    sdnn = tl.sqrt(tl.sum(acc_v, axis=0) / (nf - 1.0))
    rmssd = tl.sqrt(tl.sum(acc_d2, axis=0) / (nf - 1.0))
    pnn50 = 100.0 * tl.sum(acc_nn, axis=0).to(tl.float32) / (nf - 1.0)
    tl.store(out_ptr + rec * 4 + 0, 60000.0 / mean)
    tl.store(out_ptr + rec * 4 + 1, sdnn)
    tl.store(out_ptr + rec * 4 + 2, rmssd)
    tl.store(out_ptr + rec * 4 + 3, pnn50)


class ModelNew(nn.Module):
    """Mean heart rate, SDNN, RMSSD and pNN50 of each recording.

    rr: (N, M) RR intervals (ms), zero-padded after the first `count` beats; count: (N,) int64.
    Returns (N, 4).
    """

    def __init__(self):
        super().__init__()

    def forward(self, rr, count):
        rr = rr.contiguous()
        count = count.contiguous()
        n_rec, n_cols = rr.shape
        out = torch.empty(n_rec, 4, device=rr.device, dtype=torch.float32)
        hrv_kernel[(n_rec,)](rr, count, out, n_cols, rr.stride(0), BLOCK=256)
        return out
