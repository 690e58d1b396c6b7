"""A Triton IMA ADPCM encoder: one lane per channel walks the samples in order with the predictor and step
index in registers, the step size gathered from a step-table buffer, three successive-approximation bits and
the index adaptation per sample."""

import torch
import torch.nn as nn
import triton
import triton.language as tl

_STEPS = [
    7, 8, 9, 10, 11, 12, 13, 14, 16, 17, 19, 21, 23, 25, 28, 31, 34, 37, 41, 45, 50, 55, 60, 66, 73, 80, 88, 97,
    107, 118, 130, 143, 157, 173, 190, 209, 230, 253, 279, 307, 337, 371, 408, 449, 494, 544, 598, 658, 724, 796,
    876, 963, 1060, 1166, 1282, 1411, 1552, 1707, 1878, 2066, 2272, 2499, 2749, 3024, 3327, 3660, 4026, 4428,
    4871, 5358, 5894, 6484, 7132, 7845, 8630, 9493, 10442, 11487, 12635, 13899, 15289, 16818, 18500, 20350,
    22385, 24623, 27086, 29794, 32767,
]


@triton.jit
def adpcm_kernel(x_ptr, steps_ptr, out_ptr, B, T, BLOCK: tl.constexpr):
    ch = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = ch < B
    pred = tl.zeros([BLOCK], dtype=tl.int32)
    idx = tl.zeros([BLOCK], dtype=tl.int32)
    for t in range(0, T):
        s = tl.load(x_ptr + ch * T + t, mask=mask, other=0)
        diff = s - pred
        neg = diff < 0
        diff = tl.abs(diff)
        step = tl.load(steps_ptr + idx)
        vp = step >> 2
        b4 = diff >= step
        code = tl.where(b4, 4, 0)
        diff = tl.where(b4, diff - step, diff)
        vp = tl.where(b4, vp + step, vp)
        half = step >> 1
        b2 = diff >= half
        code = tl.where(b2, code | 2, code)
        diff = tl.where(b2, diff - half, diff)
        vp = tl.where(b2, vp + half, vp)
        quarter = step >> 2
        b1 = diff >= quarter
        code = tl.where(b1, code | 1, code)
        vp = tl.where(b1, vp + quarter, vp)
        pred = tl.where(neg, pred - vp, pred + vp)
        pred = tl.minimum(tl.maximum(pred, -32768), 32767)
        idx = idx + tl.where(code >= 4, (code - 3) * 2, -1)
        idx = tl.minimum(tl.maximum(idx, 0), 88)
        tl.store(out_ptr + ch * T + t, code | tl.where(neg, 8, 0), mask=mask)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("steps", torch.tensor(_STEPS, dtype=torch.int32))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        x = x.contiguous()
        B, T = x.shape
        out = torch.empty((B, T), dtype=torch.int32, device=x.device)
        BLOCK = 64
        adpcm_kernel[(triton.cdiv(B, BLOCK),)](x, self.steps, out, B, T, BLOCK=BLOCK)
        return out
