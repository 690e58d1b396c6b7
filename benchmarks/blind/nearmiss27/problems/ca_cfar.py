"""Cell-averaging CFAR detection thresholds along radar range profiles (guard and training cells on both sides)."""

import torch
import torch.nn as nn

num_profiles = 8
num_cells = 1000
guard_cells = 2
train_cells = 12
false_alarm_exp = 3


class Model(nn.Module):
    def __init__(self, guard: int, train: int, pfa_exp: int):
        super().__init__()
        self.guard = guard
        self.train = train
        self.pfa = 10.0 ** (-pfa_exp)

    def forward(self, power: torch.Tensor) -> torch.Tensor:
        # power: (B, L) square-law detector output. Returns (B, L) thresholds alpha * noise estimate, the
        # estimate being the mean of the training cells that lie inside the profile.
        b, n = power.shape
        g, t = self.guard, self.train
        pad = g + t
        padded = torch.nn.functional.pad(power, (pad, pad))
        valid = torch.nn.functional.pad(torch.ones_like(power), (pad, pad))
        total = torch.zeros_like(power)
        count = torch.zeros_like(power)
        for k in range(g + 1, g + t + 1):
            for sgn in (-1, 1):
                sl = slice(pad + sgn * k, pad + sgn * k + n)
                total = total + padded[:, sl]
                count = count + valid[:, sl]
        n_train = 2 * t
        alpha = n_train * (self.pfa ** (-1.0 / n_train) - 1.0)
        return alpha * total / count


def get_inputs():
    r = torch.arange(num_cells, dtype=torch.float32)
    floor = 1.0 + 0.5 * torch.sin(r / 90.0 + 6.0 * torch.rand(num_profiles, 1)) + 0.002 * r
    noise = -torch.log(torch.rand(num_profiles, num_cells).clamp_min(1e-12)) * floor
    targets = torch.zeros(num_profiles, num_cells)
    idx = torch.randint(0, num_cells, (num_profiles, 6))
    targets.scatter_(1, idx, 20.0 + 30.0 * torch.rand(num_profiles, 6))
    return [noise + targets]


def get_init_inputs():
    return [guard_cells, train_cells, false_alarm_exp]
