"""Interstellar extinction A(x) in magnitudes with the Cardelli, Clayton and Mathis (1989) law.

x is the inverse wavelength in 1/micron. A(x) = A_V (a(x) + b(x) / R_V) with the four CCM regimes: infrared
(x < 1.1: a = 0.574 x^1.61, b = -0.527 x^1.61), optical/near-infrared (1.1 <= x < 3.3, degree-7 polynomials in
y = x - 1.82), ultraviolet (3.3 <= x <= 8, with the 2175 A bump terms and the far-UV curvature terms F_a, F_b
switched on for x >= 5.9) and far ultraviolet (8 < x, cubics in x - 8). Each spectrum has its own R_V and A_V.
"""

import torch
import torch.nn as nn

num_spectra = 40
num_samples = 300


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, r_v: torch.Tensor, a_v: torch.Tensor) -> torch.Tensor:
        xp = torch.pow(x, 1.61)
        a_ir = 0.574 * xp
        b_ir = -0.527 * xp
        y = x - 1.82
        a_op = 1.0 + y * (0.17699 + y * (-0.50447 + y * (-0.02427 + y * (0.72085 + y * (0.01979 + y * (-0.77530 + y * 0.32999))))))
        b_op = y * (1.41338 + y * (2.28305 + y * (1.07233 + y * (-5.38434 + y * (-0.62251 + y * (5.30260 + y * -2.09002))))))
        xs = x - 5.9
        fa = torch.where(x >= 5.9, xs * xs * (-0.04473 - 0.009779 * xs), torch.zeros_like(x))
        fb = torch.where(x >= 5.9, xs * xs * (0.2130 + 0.1207 * xs), torch.zeros_like(x))
        a_uv = 1.752 - 0.316 * x - 0.104 / ((x - 4.67) * (x - 4.67) + 0.341) + fa
        b_uv = -3.090 + 1.825 * x + 1.206 / ((x - 4.62) * (x - 4.62) + 0.263) + fb
        xf = x - 8.0
        a_fu = -1.073 + xf * (-0.628 + xf * (0.137 - 0.070 * xf))
        b_fu = 13.670 + xf * (4.257 + xf * (-0.420 + 0.374 * xf))
        a = torch.where(x < 1.1, a_ir, torch.where(x < 3.3, a_op, torch.where(x <= 8.0, a_uv, a_fu)))
        b = torch.where(x < 1.1, b_ir, torch.where(x < 3.3, b_op, torch.where(x <= 8.0, b_uv, b_fu)))
        return a_v[:, None] * (a + b / r_v[:, None])


def get_inputs():
    x = torch.empty(num_spectra, num_samples).uniform_(0.3, 10.0)
    # every spectrum also samples the regime edges exactly
    edges = torch.tensor([1.1, 3.3, 5.9, 8.0])
    x[:, :4] = edges
    x = x[:, torch.randperm(num_samples)]
    r_v = torch.empty(num_spectra).uniform_(2.2, 5.5)
    a_v = torch.empty(num_spectra).uniform_(0.05, 3.0)
    return [x, r_v, a_v]


def get_init_inputs():
    return []
