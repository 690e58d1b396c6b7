"""Triton add_noise: one program per waveform, a chunked loop for the two energies, a second loop to write."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def add_noise_kernel(w_ptr, n_ptr, snr_ptr, out_ptr, L, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    base = row * L
    es = tl.zeros([BLOCK], dtype=tl.float32)
    en = tl.zeros([BLOCK], dtype=tl.float32)
    for k in range(0, tl.cdiv(L, BLOCK)):
        offs = k * BLOCK + tl.arange(0, BLOCK)
        m = offs < L
        w = tl.load(w_ptr + base + offs, mask=m, other=0.0)
        n = tl.load(n_ptr + base + offs, mask=m, other=0.0)
        es += w * w
        en += n * n
    e_sig = tl.sum(es, axis=0)
    e_noise = tl.sum(en, axis=0)
    ln10 = 2.302585092994046
    orig_db = 10.0 * (tl.log(e_sig) - tl.log(e_noise)) / ln10
    snr = tl.load(snr_ptr + row)
    scale = tl.exp((orig_db - snr) / 10.0 * ln10)
    for k in range(0, tl.cdiv(L, BLOCK)):
        offs = k * BLOCK + tl.arange(0, BLOCK)
        m = offs < L
        w = tl.load(w_ptr + base + offs, mask=m, other=0.0)
        n = tl.load(n_ptr + base + offs, mask=m, other=0.0)
        tl.store(out_ptr + base + offs, w + scale * n, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, waveform, noise, snr):
        waveform, noise = waveform.contiguous(), noise.contiguous()
        B, L = waveform.shape
        out = torch.empty_like(waveform)
        add_noise_kernel[(B,)](waveform, noise, snr.contiguous(), out, L, BLOCK=256)
        return out
