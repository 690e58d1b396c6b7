"""torchaudio-style IIR filtering with a low-pass biquad (lfilter with clamp=True): the recursion
y[n] = (b0 x[n] + b1 x[n-1] + b2 x[n-2] - a1 y[n-1] - a2 y[n-2]) / a0 runs on the unclamped signal and
the output is clamped to [-1, 1]."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_samples = 400


class Model(nn.Module):
    def __init__(self, sample_rate=16000, cutoff=2000.0, q=0.707):
        super().__init__()
        w0 = 2.0 * math.pi * cutoff / sample_rate
        alpha = math.sin(w0) / (2.0 * q)
        b = [(1.0 - math.cos(w0)) / 2.0, 1.0 - math.cos(w0), (1.0 - math.cos(w0)) / 2.0]
        a = [1.0 + alpha, -2.0 * math.cos(w0), 1.0 - alpha]
        self.register_buffer("b_coeffs", torch.tensor(b, dtype=torch.float32))
        self.register_buffer("a_coeffs", torch.tensor(a, dtype=torch.float32))

    def forward(self, x):
        a = self.a_coeffs / self.a_coeffs[0]
        b = self.b_coeffs / self.a_coeffs[0]
        B, T = x.shape
        zero = torch.zeros(B, device=x.device, dtype=x.dtype)
        x1, x2, y1, y2 = zero, zero, zero, zero
        out = []
        for t in range(T):
            xt = x[:, t]
            y = b[0] * xt + b[1] * x1 + b[2] * x2 - a[1] * y1 - a[2] * y2
            out.append(y)
            x2, x1 = x1, xt
            y2, y1 = y1, y
        return torch.clamp(torch.stack(out, dim=1), -1.0, 1.0)


def get_inputs():
    return [torch.randn(batch_size, num_samples) * 0.8]


def get_init_inputs():
    return []
