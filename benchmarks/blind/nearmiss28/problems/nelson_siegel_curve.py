"""Nelson-Siegel-Svensson zero-coupon yield curves (percent) and the matching discount factors."""

import torch
import torch.nn as nn

num_curves = 40
num_maturities = 60


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, params: torch.Tensor, tau: torch.Tensor) -> torch.Tensor:
        # params: (C, 6) [beta0, beta1, beta2, beta3, lambda1, lambda2] (yields in percent, lambdas in
        # years); tau: (M,) maturities in years. Returns (C, M, 2) float32 [zero yield %, discount factor]
        b0, b1, b2, b3, l1, l2 = params.double().unbind(dim=1)
        t = tau.double()[None, :]
        x1 = t / l1[:, None]
        x2 = t / l2[:, None]
        slope = (1.0 - torch.exp(-x1)) / x1
        hump1 = slope - torch.exp(-x1)
        hump2 = (1.0 - torch.exp(-x2)) / x2 - torch.exp(-x2)
        y = b0[:, None] + b1[:, None] * slope + b2[:, None] * hump1 + b3[:, None] * hump2
        disc = torch.exp(-0.01 * y * t)
        return torch.stack([y, disc], dim=-1).float()


def get_inputs():
    c = num_curves
    lo = torch.tensor([3.0, -3.0, -3.0, -2.0, 0.5, 3.0])
    hi = torch.tensor([6.0, 1.0, 3.0, 2.0, 3.0, 10.0])
    params = lo + (hi - lo) * torch.rand(c, 6)
    tau = torch.sort(0.25 + 29.75 * torch.rand(num_maturities)).values
    return [params, tau]


def get_init_inputs():
    return []
