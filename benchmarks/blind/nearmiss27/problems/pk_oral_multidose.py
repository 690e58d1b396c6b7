"""One-compartment oral pharmacokinetics with first-order absorption: plasma concentration under repeated doses (superposition)."""

import torch
import torch.nn as nn

num_patients = 128
num_doses = 6
num_samples = 96


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pk: torch.Tensor, dose_time: torch.Tensor, dose_amt: torch.Tensor, t: torch.Tensor) -> torch.Tensor:
        # pk: (N, 4) = ka (1/h), ke (1/h), V (L), F (bioavailability); dose_time, dose_amt: (N, K) h and mg;
        # t: (N, T) sampling times (h). Returns (N, T) concentrations (mg/L); a dose counts once t >= its time.
        ka, ke, v, f = [pk[:, i:i + 1, None] for i in range(4)]
        dt = t[:, None, :] - dose_time[:, :, None]
        coef = f * dose_amt[:, :, None] * ka / (v * (ka - ke))
        c = coef * (torch.exp(-ke * dt.clamp_min(0.0)) - torch.exp(-ka * dt.clamp_min(0.0)))
        return torch.where(dt >= 0, c, torch.zeros_like(c)).sum(1)


def get_inputs():
    ka = 0.5 + 2.0 * torch.rand(num_patients)
    ke = 0.05 + 0.25 * torch.rand(num_patients)
    v = 20.0 + 60.0 * torch.rand(num_patients)
    f = 0.5 + 0.5 * torch.rand(num_patients)
    interval = 8.0 + 4.0 * torch.rand(num_patients, 1)
    dose_time = interval * torch.arange(num_doses, dtype=torch.float32) + 0.5 * torch.rand(num_patients, num_doses)
    dose_amt = 100.0 + 400.0 * torch.rand(num_patients, num_doses)
    grid = torch.linspace(0.0, 72.0, num_samples)
    t = (grid + 0.3 * torch.rand(num_patients, num_samples)).clamp(0.0, 72.0)
    return [torch.stack([ka, ke, v, f], dim=1), dose_time, dose_amt, t]


def get_init_inputs():
    return []
