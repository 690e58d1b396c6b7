"""Windowed-sinc polyphase resampling in Triton: one program per (signal, block of output samples); each output
sample decodes its frame and phase and evaluates its filter taps on the fly over a (sample x tap) tile."""

import math

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def sinc_resample_kernel(x_ptr, out_ptr, L, OUT_LEN, orig, new, width, n_taps, base_freq, lpw, scale,
                         BLOCK_O: tl.constexpr, BLOCK_K: tl.constexpr):
    b = tl.program_id(0)
    o = tl.program_id(1) * BLOCK_O + tl.arange(0, BLOCK_O)
    mask_o = o < OUT_LEN
    f = o // new
    p = o % new
    k = tl.arange(0, BLOCK_K)
    mask_k = k < n_taps
    t = (-(p.to(tl.float32)) / new)[:, None] + ((k - width).to(tl.float32) / orig)[None, :]
    t = t * base_freq
    t = tl.minimum(tl.maximum(t, -lpw), lpw)
    c = tl.cos(t * 3.141592653589793 / lpw / 2.0)
    window = c * c
    t = t * 3.141592653589793
    kern = tl.where(t == 0, 1.0, tl.sin(t) / tl.where(t == 0, 1.0, t)) * window * scale
    src = f[:, None] * orig + k[None, :] - width
    m = mask_o[:, None] & mask_k[None, :] & (src >= 0) & (src < L)
    x = tl.load(x_ptr + b * L + src, mask=m, other=0.0)
    y = tl.sum(tl.where(m, x * kern, 0.0), axis=1)
    tl.store(out_ptr + b * OUT_LEN + o, y, mask=mask_o)


class ModelNew(nn.Module):
    def __init__(self, orig_freq: int, new_freq: int, lowpass_filter_width: int = 6, rolloff: float = 0.99):
        super().__init__()
        self.orig_freq, self.new_freq = orig_freq, new_freq
        self.lowpass_filter_width, self.rolloff = lowpass_filter_width, rolloff

    def forward(self, waveform):
        waveform = waveform.contiguous()
        g = math.gcd(self.orig_freq, self.new_freq)
        orig, new = self.orig_freq // g, self.new_freq // g
        lpw = self.lowpass_filter_width
        base_freq = min(orig, new) * self.rolloff
        width = math.ceil(lpw * orig / base_freq)
        n_taps = 2 * width + orig
        B, L = waveform.shape
        out_len = math.ceil(new * L / orig)
        out = torch.empty(B, out_len, device=waveform.device, dtype=waveform.dtype)
        BLOCK_O = 64
        sinc_resample_kernel[(B, triton.cdiv(out_len, BLOCK_O))](
            waveform, out, L, out_len, orig, new, width, n_taps, base_freq, float(lpw), base_freq / orig,
            BLOCK_O=BLOCK_O, BLOCK_K=triton.next_power_of_2(n_taps))
        return out
