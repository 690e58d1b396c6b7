"""Sum of Thompson-Cox-Hastings pseudo-Voigt peaks evaluated on a grid (powder-diffraction style)."""

import math

import torch
import torch.nn as nn

batch_size = 4
num_peaks = 12
num_points = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, center: torch.Tensor, amp: torch.Tensor,
                fwhm_g: torch.Tensor, fwhm_l: torch.Tensor) -> torch.Tensor:
        fg, fl = fwhm_g, fwhm_l
        f = (fg ** 5 + 2.69269 * fg ** 4 * fl + 2.42843 * fg ** 3 * fl ** 2 + 4.47163 * fg ** 2 * fl ** 3
             + 0.07842 * fg * fl ** 4 + fl ** 5) ** 0.2
        r = fl / f
        eta = 1.36603 * r - 0.47719 * r * r + 0.11116 * r * r * r
        dx = x[None, None, :] - center[:, :, None]
        f3 = f[:, :, None]
        hw = 0.5 * f3
        lor = (hw / math.pi) / (dx * dx + hw * hw)
        gau = math.sqrt(4.0 * math.log(2.0) / math.pi) / f3 * torch.exp(-4.0 * math.log(2.0) * dx * dx / (f3 * f3))
        e3 = eta[:, :, None]
        prof = e3 * lor + (1.0 - e3) * gau
        return (amp[:, :, None] * prof).sum(dim=1)


def get_inputs():
    x = torch.linspace(10.0, 60.0, num_points)
    center = 12.0 + 46.0 * torch.rand(batch_size, num_peaks)
    amp = 0.5 + 4.5 * torch.rand(batch_size, num_peaks)
    fwhm_g = 0.1 + 0.6 * torch.rand(batch_size, num_peaks)
    fwhm_l = 0.05 + 0.6 * torch.rand(batch_size, num_peaks)
    return [x, center, amp, fwhm_g, fwhm_l]


def get_init_inputs():
    return []
