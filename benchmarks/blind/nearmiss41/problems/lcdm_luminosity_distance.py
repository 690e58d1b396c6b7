"""Luminosity distances in Friedmann-Lemaitre cosmologies with matter, radiation, curvature and Lambda."""

import math

import torch
import torch.nn as nn

num_cosmologies = 40
num_redshifts = 150


class Model(nn.Module):
    """Luminosity distance D_L (Mpc) of each redshift in each cosmology.

    cosmo: (C, 4) rows (H0 in km/s/Mpc, Omega_m, Omega_Lambda, Omega_r); z: (Z,) redshifts.
    Omega_k = 1 - Omega_m - Omega_Lambda - Omega_r; E(z) = sqrt(Omega_r (1+z)^4 + Omega_m (1+z)^3 +
    Omega_k (1+z)^2 + Omega_Lambda). D_C = D_H int_0^z dz' / E(z') with D_H = c / H0, by composite
    Simpson's rule over `intervals` (even) equal steps. D_M = D_H / sqrt(Omega_k) sinh(sqrt(Omega_k) D_C / D_H)
    for Omega_k > 1e-6, D_H / sqrt(-Omega_k) sin(sqrt(-Omega_k) D_C / D_H) for Omega_k < -1e-6 and D_C
    otherwise; D_L = (1 + z) D_M. Returns (C, Z).
    """

    def __init__(self, intervals: int):
        super().__init__()
        self.intervals = intervals

    def forward(self, cosmo, z):
        n = self.intervals
        h0, om, ol, orad = [c[:, None, None] for c in cosmo.unbind(1)]
        ok = 1.0 - om - ol - orad
        j = torch.arange(n + 1, device=cosmo.device).float()
        wgt = torch.where((j == 0) | (j == n), 1.0, torch.where(j % 2 == 1, 4.0, 2.0))
        zj = z[:, None] * j[None, :] / n
        u = 1.0 + zj[None, :, :]
        u2 = u * u
        e = torch.sqrt(orad * (u2 * u2) + om * (u2 * u) + ok * u2 + ol)
        integral = (wgt / e).sum(-1) * (z[None, :] / (3.0 * n))
        ok = ok[:, :, 0]
        dh = 299792.458 / h0[:, :, 0]
        dc = dh * integral
        sk = torch.sqrt(ok.abs())
        arg = sk * integral
        dm = torch.where(ok > 1e-6, dh / sk * torch.sinh(arg), torch.where(ok < -1e-6, dh / sk * torch.sin(arg), dc))
        return (1.0 + z[None, :]) * dm


def get_inputs():
    c = num_cosmologies
    h0 = 60.0 + 20.0 * torch.rand(c)
    om = 0.15 + 0.35 * torch.rand(c)
    orad = 4e-5 + 6e-5 * torch.rand(c)
    kind = torch.arange(c) % 3
    ok = torch.where(kind == 0, 0.0, torch.where(kind == 1, 0.05 + 0.25 * torch.rand(c), -0.05 - 0.25 * torch.rand(c)))
    ol = 1.0 - om - orad - ok
    cosmo = torch.stack([h0, om, ol, orad], 1)
    z = 0.02 + 2.98 * torch.rand(num_redshifts)
    return [cosmo, z]


def get_init_inputs():
    return [64]
