"""Scale-invariant signal-to-distortion ratio of padded batches of audio estimates."""

import torch
import torch.nn as nn

batch_size = 24
max_len = 4000

EPS = 1e-8


class Model(nn.Module):
    """SI-SDR (dB) of each estimate against its reference over the first `lengths` samples.

    estimate, target: (B, L) padded signals; lengths: (B,) int64 valid samples per row. Both signals
    are made zero-mean over their valid samples; alpha = <e, s> / (<s, s> + eps), the target part is
    alpha s and the distortion is e - alpha s; SI-SDR = 10 log10((|alpha s|^2 + eps) / (|e - alpha s|^2 + eps))
    with eps = 1e-8. Returns (B,).
    """

    def __init__(self):
        super().__init__()

    def forward(self, estimate, target, lengths):
        n_max = estimate.shape[1]
        valid = torch.arange(n_max, device=estimate.device)[None, :] < lengths[:, None]
        n = lengths.float()
        e_mean = torch.where(valid, estimate, 0.0).sum(1) / n
        s_mean = torch.where(valid, target, 0.0).sum(1) / n
        e = torch.where(valid, estimate - e_mean[:, None], 0.0)
        s = torch.where(valid, target - s_mean[:, None], 0.0)
        alpha = (e * s).sum(1) / ((s * s).sum(1) + EPS)
        proj = alpha[:, None] * s
        noise = e - proj
        num = (proj * proj).sum(1) + EPS
        den = (noise * noise).sum(1) + EPS
        return 10.0 * torch.log10(num / den)


def get_inputs():
    b, n = batch_size, max_len
    lengths = torch.randint(n // 3, n + 1, (b,))
    t = torch.arange(n).float()
    f = 0.005 + 0.05 * torch.rand(b, 3)
    ph = 6.2832 * torch.rand(b, 3)
    env = 0.5 + 0.5 * torch.sin(6.2832 * t[None, :] / (200.0 + 600.0 * torch.rand(b, 1)))
    target = env * (torch.sin(6.2832 * f[:, 0:1] * t + ph[:, 0:1]) + 0.5 * torch.sin(6.2832 * f[:, 1:2] * t + ph[:, 1:2])
                    + 0.3 * torch.sin(6.2832 * f[:, 2:3] * t + ph[:, 2:3])) + 0.05 * torch.randn(b, n)
    sdr_db = -5.0 + 45.0 * torch.rand(b, 1)
    gain = 0.3 + 1.5 * torch.rand(b, 1)
    noise = torch.randn(b, n) * target.std(1, keepdim=True) * torch.pow(10.0, -sdr_db / 20.0)
    estimate = gain * target + noise + (torch.rand(b, 1) - 0.5) * 0.8
    target = target + (torch.rand(b, 1) - 0.5) * 0.4
    pad = torch.arange(n)[None, :] >= lengths[:, None]
    estimate = torch.where(pad, torch.randn(b, n), estimate)
    target = torch.where(pad, torch.randn(b, n), target)
    return [estimate, target, lengths]


def get_init_inputs():
    return []
