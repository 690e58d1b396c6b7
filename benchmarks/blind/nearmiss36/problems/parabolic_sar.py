"""Wilder's parabolic SAR (acceleration 0.02 step 0.02 up to 0.2), starting long at the first bar with SAR = first low
and extreme point = first high; on a reversal the SAR jumps to the previous extreme point."""

import torch
import torch.nn as nn

num_series = 40
length = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, high: torch.Tensor, low: torch.Tensor) -> torch.Tensor:
        n = high.shape[1]
        step = torch.tensor(0.02, device=high.device, dtype=high.dtype)
        amax = torch.tensor(0.2, device=high.device, dtype=high.dtype)
        up = torch.ones(high.shape[0], dtype=torch.bool, device=high.device)
        sar = low[:, 0].clone()
        ep = high[:, 0].clone()
        af = torch.full_like(sar, 0.02)
        out = torch.empty_like(high)
        out[:, 0] = sar
        for t in range(1, n):
            sar = sar + af * (ep - sar)
            t2 = max(t - 2, 0)
            sar_up = torch.minimum(torch.minimum(sar, low[:, t - 1]), low[:, t2])
            sar_dn = torch.maximum(torch.maximum(sar, high[:, t - 1]), high[:, t2])
            sar = torch.where(up, sar_up, sar_dn)
            flip = torch.where(up, low[:, t] < sar, high[:, t] > sar)
            new_ep = torch.where(up, high[:, t] > ep, low[:, t] < ep) & ~flip
            sar = torch.where(flip, ep, sar)
            ep = torch.where(flip, torch.where(up, low[:, t], high[:, t]), ep)
            ep = torch.where(new_ep, torch.where(up, high[:, t], low[:, t]), ep)
            af = torch.where(flip, step, torch.where(new_ep, torch.minimum(af + step, amax), af))
            up = up ^ flip
            out[:, t] = sar
        return out


def get_inputs():
    drift = 0.3 * torch.sin(torch.linspace(0, 12, length)).unsqueeze(0) * torch.rand(num_series, 1)
    mid = 50.0 + torch.cumsum(drift + 0.6 * torch.randn(num_series, length), dim=1)
    spread = 0.1 + torch.rand(num_series, length)
    return [mid + spread, mid - spread]


def get_init_inputs():
    return []
