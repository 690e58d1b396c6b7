"""One lattice-Boltzmann D2Q9 step: BGK collision towards the second-order equilibrium, then periodic
streaming (population i moves by (ey_i, ex_i))."""

import torch
import torch.nn as nn

batch_size = 2
height = 12
width = 16

EX = [0, 1, 0, -1, 0, 1, -1, -1, 1]
EY = [0, 0, 1, 0, -1, 1, 1, -1, -1]
W = [4 / 9, 1 / 9, 1 / 9, 1 / 9, 1 / 9, 1 / 36, 1 / 36, 1 / 36, 1 / 36]


class Model(nn.Module):
    def __init__(self, tau=0.8):
        super().__init__()
        self.tau = tau

    def forward(self, f):
        dev = f.device
        ex = torch.tensor(EX, dtype=f.dtype, device=dev)[None, :, None, None]
        ey = torch.tensor(EY, dtype=f.dtype, device=dev)[None, :, None, None]
        w = torch.tensor(W, dtype=f.dtype, device=dev)[None, :, None, None]
        rho = f.sum(dim=1, keepdim=True)
        ux = (f * ex).sum(dim=1, keepdim=True) / rho
        uy = (f * ey).sum(dim=1, keepdim=True) / rho
        eu = ex * ux + ey * uy
        usq = ux * ux + uy * uy
        feq = w * rho * (1.0 + 3.0 * eu + 4.5 * eu * eu - 1.5 * usq)
        post = f - (f - feq) / self.tau
        out = torch.empty_like(post)
        for i in range(9):
            out[:, i] = torch.roll(post[:, i], shifts=(EY[i], EX[i]), dims=(-2, -1))
        return out


def get_inputs():
    w = torch.tensor(W)[None, :, None, None]
    f = 10.0 * w * (0.5 + 1.5 * torch.rand(batch_size, 9, height, width))
    return [f]


def get_init_inputs():
    return []
