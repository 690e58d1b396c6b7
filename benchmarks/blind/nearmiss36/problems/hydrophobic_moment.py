"""Sliding-window hydrophobic moment of protein sequences (Eisenberg consensus scale, 100 degrees per residue for an
alpha helix): |sum_k h_k exp(i k delta)| / window for every full window."""

import math

import torch
import torch.nn as nn

batch_size = 4
seq_len = 300
window = 11
angle_deg = 100.0

EISENBERG = [0.62, -2.53, -0.78, -0.90, 0.29, -0.85, -0.74, 0.48, -0.40, 1.38,
             1.06, -1.50, 0.64, 1.19, 0.12, -0.18, -0.05, 0.81, 0.26, 1.08]


class Model(nn.Module):
    def __init__(self, window: int, angle_deg: float):
        super().__init__()
        self.window = window
        self.delta = math.radians(angle_deg)
        self.register_buffer("scale", torch.tensor(EISENBERG))

    def forward(self, residues: torch.Tensor) -> torch.Tensor:
        h = self.scale.to(residues.device)[residues]
        k = torch.arange(self.window, device=residues.device, dtype=h.dtype)
        win = h.unfold(1, self.window, 1)
        cs = (win * torch.cos(k * self.delta)).sum(dim=2)
        sn = (win * torch.sin(k * self.delta)).sum(dim=2)
        return torch.sqrt(cs * cs + sn * sn) / self.window


def get_inputs():
    residues = torch.randint(0, 20, (batch_size, seq_len))
    helix = torch.tensor([9, 1, 11, 10, 2, 3, 19])
    residues[:, 40:40 + 7 * 6] = helix.repeat(6)
    return [residues]


def get_init_inputs():
    return [window, angle_deg]
