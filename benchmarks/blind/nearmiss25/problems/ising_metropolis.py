"""Metropolis sweeps of a 2-D Ising model with periodic boundaries, coupling J and external field h:
each sweep updates the even checkerboard colour, then the odd one; a spin flips when
u < exp(-beta * dE), dE = 2 s (J * sum of 4 neighbours + h), with the uniforms given as input
(u[2 * sweep + colour])."""

import torch
import torch.nn as nn

batch_size = 4
height = 24
width = 20
num_sweeps = 3


class Model(nn.Module):
    def __init__(self, num_sweeps: int, beta: float, coupling: float, field: float):
        super().__init__()
        self.num_sweeps = num_sweeps
        self.beta = beta
        self.coupling = coupling
        self.field = field

    def forward(self, spins: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        s = spins.clone()
        H, W = s.shape[1], s.shape[2]
        ii = torch.arange(H, device=s.device)[:, None]
        jj = torch.arange(W, device=s.device)[None, :]
        parity = (ii + jj) % 2
        for sweep in range(self.num_sweeps):
            for colour in range(2):
                nb = (torch.roll(s, 1, 1) + torch.roll(s, -1, 1)) + torch.roll(s, 1, 2) + torch.roll(s, -1, 2)
                de = 2.0 * s * (self.coupling * nb + self.field)
                flip = (u[2 * sweep + colour] < torch.exp(-self.beta * de)) & (parity == colour)
                s = torch.where(flip, -s, s)
        return s


def get_inputs():
    spins = torch.where(torch.rand(batch_size, height, width) < 0.6, 1.0, -1.0)
    u = torch.rand(2 * num_sweeps, batch_size, height, width)
    return [spins, u]


def get_init_inputs():
    return [num_sweeps, 0.42, 1.0, 0.3]
