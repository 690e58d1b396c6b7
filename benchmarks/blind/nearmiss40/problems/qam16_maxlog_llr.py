"""Max-log bit log-likelihood ratios of received 16-QAM symbols (3GPP TS 38.211 Gray mapping).

The constellation point of bits (b0, b1, b2, b3) is [(1 - 2 b0)(2 - (1 - 2 b2)) + j (1 - 2 b1)(2 - (1 - 2 b3))]
/ sqrt(10), with point index p = 8 b0 + 4 b1 + 2 b2 + b3. For a received y and complex noise variance N0 of its
frame, LLR_k = (min_{s: b_k = 1} |y - s|^2 - min_{s: b_k = 0} |y - s|^2) / N0 (positive when bit k is more likely
0). y is (num_frames, num_symbols, 2) (I, Q); output (num_frames, num_symbols, 4).
"""

import math

import torch
import torch.nn as nn

num_frames = 16
num_symbols = 500


def _constellation(device):
    p = torch.arange(16, device=device)
    bits = torch.stack([(p >> (3 - k)) & 1 for k in range(4)], dim=1)          # (16, 4): b0..b3
    sgn = (1 - 2 * bits).to(torch.float32)
    si = sgn[:, 0] * (2.0 - sgn[:, 2]) / math.sqrt(10.0)
    sq = sgn[:, 1] * (2.0 - sgn[:, 3]) / math.sqrt(10.0)
    return bits, si, sq


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, y: torch.Tensor, noise_var: torch.Tensor) -> torch.Tensor:
        bits, si, sq = _constellation(y.device)
        di = y[..., 0:1] - si
        dq = y[..., 1:2] - sq
        d2 = di * di + dq * dq                                                   # (F, S, 16)
        inf = torch.full_like(d2, float("inf"))
        llr = []
        for k in range(4):
            one = bits[:, k] == 1
            m1 = torch.where(one, d2, inf).amin(dim=-1)
            m0 = torch.where(one, inf, d2).amin(dim=-1)
            llr.append((m1 - m0) / noise_var[:, None])
        return torch.stack(llr, dim=-1)


def get_inputs():
    f, s = num_frames, num_symbols
    _, si, sq = _constellation("cpu")
    idx = torch.randint(0, 16, (f, s))
    snr_db = torch.empty(f).uniform_(4.0, 20.0)
    noise_var = torch.pow(10.0, -snr_db / 10.0)
    noise = torch.randn(f, s, 2) * torch.sqrt(noise_var / 2.0)[:, None, None]
    y = torch.stack([si[idx], sq[idx]], dim=-1) + noise
    return [y, noise_var]


def get_init_inputs():
    return []
