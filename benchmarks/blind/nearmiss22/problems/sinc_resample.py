"""Band-limited resampling with a Hann-windowed sinc kernel (torchaudio.functional.resample semantics,
sinc_interp_hann, lowpass_filter_width 6, rolloff 0.99): the rates are reduced by their gcd, a polyphase kernel
bank of new_freq phases is built (the sinc argument clamped to +-lowpass_filter_width), the zero-padded signal is
convolved with stride orig_freq, the phases interleaved and the result cut to ceil(new * length / orig) samples."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3
num_samples = 500
orig_freq = 16000
new_freq = 12000


class Model(nn.Module):
    def __init__(self, orig_freq: int, new_freq: int, lowpass_filter_width: int = 6, rolloff: float = 0.99):
        super().__init__()
        self.orig_freq, self.new_freq = orig_freq, new_freq
        self.lowpass_filter_width, self.rolloff = lowpass_filter_width, rolloff

    def forward(self, waveform):
        g = math.gcd(self.orig_freq, self.new_freq)
        orig, new = self.orig_freq // g, self.new_freq // g
        lpw = self.lowpass_filter_width
        base_freq = min(orig, new) * self.rolloff
        width = math.ceil(lpw * orig / base_freq)
        dev, dt = waveform.device, waveform.dtype
        idx = torch.arange(-width, width + orig, dtype=dt, device=dev)[None, None] / orig
        t = torch.arange(0, -new, -1, dtype=dt, device=dev)[:, None, None] / new + idx
        t = t * base_freq
        t = t.clamp(-lpw, lpw)
        window = torch.cos(t * math.pi / lpw / 2) ** 2
        t = t * math.pi
        scale = base_freq / orig
        kernels = torch.where(t == 0, torch.ones_like(t), t.sin() / t)
        kernels = kernels * window * scale
        B, L = waveform.shape
        x = F.pad(waveform[:, None], (width, width + orig))
        y = F.conv1d(x, kernels, stride=orig)
        y = y.transpose(1, 2).reshape(B, -1)
        return y[..., :math.ceil(new * L / orig)]


def get_inputs():
    return [torch.randn(batch_size, num_samples)]


def get_init_inputs():
    return [orig_freq, new_freq]
