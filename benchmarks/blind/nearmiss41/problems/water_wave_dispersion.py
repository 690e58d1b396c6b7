"""Linear water-wave dispersion at finite depth: wavelength, phase speed and group speed."""

import math

import torch
import torch.nn as nn

num_waves = 4000


class Model(nn.Module):
    """Solve omega^2 = g k tanh(k h) for the wavenumber k of each (period, depth) pair.

    period: (N,) s; depth: (N,) m. omega = 2 pi / T, g = 9.80665 m/s^2. Starting from Eckart's
    estimate k = k0 / sqrt(tanh(k0 h)) with k0 = omega^2 / g, `newton_steps` Newton steps on
    f(k) = g k tanh(k h) - omega^2 (f' = g tanh(kh) + g k h (1 - tanh^2(kh))). Returns (N, 3): wavelength
    2 pi / k (m), phase speed omega / k and group speed c (1 + 2 k h / sinh(2 k h)) / 2 (m/s).
    """

    def __init__(self, newton_steps: int):
        super().__init__()
        self.steps = newton_steps

    def forward(self, period, depth):
        g = 9.80665
        omega = 2.0 * math.pi / period
        w2 = omega * omega
        k0 = w2 / g
        k = k0 / torch.sqrt(torch.tanh(k0 * depth))
        for _ in range(self.steps):
            th = torch.tanh(k * depth)
            f = g * k * th - w2
            fp = g * th + g * k * depth * (1.0 - th * th)
            k = k - f / fp
        kh = k * depth
        c = omega / k
        cg = 0.5 * c * (1.0 + 2.0 * kh / torch.sinh(2.0 * kh))
        return torch.stack([2.0 * math.pi / k, c, cg], 1)


def get_inputs():
    period = 1.5 + 18.5 * torch.rand(num_waves)
    depth = torch.pow(10.0, -0.3 + 2.9 * torch.rand(num_waves))
    return [period, depth]


def get_init_inputs():
    return [5]
