"""NWS heat index (Rothfusz regression with the Steadman simple formula and the two humidity adjustments)."""

import torch
import torch.nn as nn

batch_size = 4
num_points = 1000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, temp_f: torch.Tensor, rh: torch.Tensor) -> torch.Tensor:
        t, r = temp_f, rh
        simple = 0.5 * (t + 61.0 + (t - 68.0) * 1.2 + r * 0.094)
        full = (-42.379 + 2.04901523 * t + 10.14333127 * r - 0.22475541 * t * r - 0.00683783 * t * t
                - 0.05481717 * r * r + 0.00122874 * t * t * r + 0.00085282 * t * r * r
                - 0.00000199 * t * t * r * r)
        dry = (r < 13.0) & (t >= 80.0) & (t <= 112.0)
        adj_dry = (13.0 - r) / 4.0 * torch.sqrt(torch.clamp((17.0 - torch.abs(t - 95.0)) / 17.0, min=0.0))
        humid = (r > 85.0) & (t >= 80.0) & (t <= 87.0)
        adj_humid = (r - 85.0) / 10.0 * ((87.0 - t) / 5.0)
        full = torch.where(dry, full - adj_dry, full)
        full = torch.where(humid, full + adj_humid, full)
        return torch.where((simple + t) * 0.5 < 80.0, simple, full)


def get_inputs():
    t = torch.randint(60, 116, (batch_size, num_points)).float()
    r = torch.randint(1, 101, (batch_size, num_points)).float()
    k = max(4, num_points // 50)
    t[:, :k] = torch.tensor([80.0, 80.0, 100.0, 95.0]).repeat(k // 4 + 1)[:k]
    r[:, :k] = torch.tensor([90.0, 96.0, 8.0, 2.0]).repeat(k // 4 + 1)[:k]
    return [t, r]


def get_init_inputs():
    return []
