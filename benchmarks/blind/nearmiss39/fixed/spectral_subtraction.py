"""Spectral subtraction in Triton: a noise-estimate kernel over (bin block) tiles of the leading frames,
then a kernel per (signal, frame block) that sums frame and noise power over bin chunks and writes the
cleaned bins in a second pass."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def noise_kernel(noise_ptr, mag_ptr, f, n0, sm0, sm1, sn0, BF: tl.constexpr, BT: tl.constexpr):
    b = tl.program_id(0)
    bins = tl.program_id(1) * BF + tl.arange(0, BF)
    frames = tl.arange(0, BT)
    m = (bins[:, None] < f) & (frames[None, :] < n0)
    y = tl.load(mag_ptr + b * sm0 + bins[:, None] * sm1 + frames[None, :], mask=m, other=0.0)
    tl.store(noise_ptr + b * sn0 + bins, tl.sum(y * y, axis=1) / n0, mask=bins < f)


@triton.jit
def subtract_kernel(out_ptr, mag_ptr, noise_ptr, f, t, sm0, sm1, so0, so1, sn0, floor, inv_ln10,
                    BF: tl.constexpr, BT: tl.constexpr):
    b = tl.program_id(0)
    frames = tl.program_id(1) * BT + tl.arange(0, BT)
    mt = frames < t
    psum = tl.zeros([BT], dtype=tl.float32)
    nsum = 0.0
    for start in range(0, f, BF):
        bins = start + tl.arange(0, BF)
        mb = bins < f
        m = mb[:, None] & mt[None, :]
        y = tl.load(mag_ptr + b * sm0 + bins[:, None] * sm1 + frames[None, :], mask=m, other=0.0)
        psum += tl.sum(y * y, axis=0)
        nsum += tl.sum(tl.load(noise_ptr + b * sn0 + bins, mask=mb, other=0.0), axis=0)
    snr = 10.0 * (tl.log(psum / nsum) * inv_ln10)
    alpha = 4.0 - 0.15 * tl.minimum(tl.maximum(snr, -5.0), 20.0)
    for start in range(0, f, BF):
        bins = start + tl.arange(0, BF)
        mb = bins < f
        m = mb[:, None] & mt[None, :]
        y = tl.load(mag_ptr + b * sm0 + bins[:, None] * sm1 + frames[None, :], mask=m, other=0.0)
        nz = tl.load(noise_ptr + b * sn0 + bins, mask=mb, other=0.0)[:, None]
        clean = tl.maximum(y * y - alpha[None, :] * nz, floor * nz)
        tl.store(out_ptr + b * so0 + bins[:, None] * so1 + frames[None, :], tl.sqrt(clean), mask=m)


class ModelNew(nn.Module):
    def __init__(self, noise_frames: int, floor: float):
        super().__init__()
        self.noise_frames = noise_frames
        self.floor = floor

    def forward(self, mag):
        mag = mag.contiguous()
        b, f, t = mag.shape
        noise = torch.empty((b, f), dtype=torch.float32, device=mag.device)
        out = torch.empty_like(mag)
        BF, BT = 32, 32
        noise_kernel[(b, triton.cdiv(f, BF))](noise, mag, f, self.noise_frames, mag.stride(0), mag.stride(1),
                                              noise.stride(0), BF=BF, BT=triton.next_power_of_2(self.noise_frames))
        subtract_kernel[(b, triton.cdiv(t, BT))](out, mag, noise, f, t, mag.stride(0), mag.stride(1), out.stride(0),
                                                 out.stride(1), noise.stride(0), self.floor, 1.0 / math.log(10.0),
                                                 BF=BF, BT=BT)
        return out
