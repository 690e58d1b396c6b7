"""Ideal-gas mixture heat capacity, enthalpy and entropy from NASA 7-coefficient polynomials."""

import torch
import torch.nn as nn

num_mixtures = 500
num_species = 12


def _cp(a, t):
    return a[..., 0] + t * (a[..., 1] + t * (a[..., 2] + t * (a[..., 3] + t * a[..., 4])))


def _h(a, t):
    return (a[..., 0] + t * (a[..., 1] / 2.0 + t * (a[..., 2] / 3.0 + t * (a[..., 3] / 4.0 + t * a[..., 4] / 5.0)))
            + a[..., 5] / t)


def _s(a, t):
    return (a[..., 0] * torch.log(t) + t * (a[..., 1] + t * (a[..., 2] / 2.0 + t * (a[..., 3] / 3.0 + t * a[..., 4] / 4.0)))
            + a[..., 6])


class Model(nn.Module):
    """Molar cp (J/mol/K), enthalpy (kJ/mol) and entropy (J/mol/K) of ideal-gas mixtures.

    temperature: (N,) K; pressure: (N,) Pa; mole_fractions: (N, S) (zeros allowed);
    coeffs: (S, 2, 7) NASA 7-coefficient sets (index 0 for T < t_mid, index 1 for T >= t_mid);
    t_mid: (S,) K. Per species cp/R = a1 + a2 T + a3 T^2 + a4 T^3 + a5 T^4,
    h/RT = a1 + a2 T/2 + a3 T^2/3 + a4 T^3/4 + a5 T^4/5 + a6/T,
    s/R = a1 ln T + a2 T + a3 T^2/2 + a4 T^3/3 + a5 T^4/4 + a7.
    The mixture entropy adds the ideal mixing term -R sum x ln x and the pressure term
    -R ln(P / 101325 Pa). Returns (N, 3).
    """

    def __init__(self):
        super().__init__()

    def forward(self, temperature, pressure, mole_fractions, coeffs, t_mid):
        r_gas = 8.314462618
        t = temperature[:, None]
        high = t >= t_mid[None, :]
        a = torch.where(high[..., None], coeffs[None, :, 1, :], coeffs[None, :, 0, :])
        x = mole_fractions
        cp = _cp(a, t)
        h = _h(a, t)
        s = _s(a, t)
        xlnx = torch.where(x > 0, x * torch.log(x.clamp(min=1e-30)), 0.0)
        cp_mix = r_gas * (x * cp).sum(1)
        h_mix = r_gas * temperature * (x * h).sum(1) * 1e-3
        s_mix = r_gas * ((x * s).sum(1) - xlnx.sum(1) - torch.log(pressure / 101325.0))
        return torch.stack([cp_mix, h_mix, s_mix], 1)


def _poly_sets(s):
    low = torch.empty(s, 7)
    low[:, 0] = 2.5 + 2.0 * torch.rand(s)
    low[:, 1] = 6e-3 * torch.rand(s)
    low[:, 2] = -4e-6 + 6e-6 * torch.rand(s)
    low[:, 3] = -1e-9 + 3e-9 * torch.rand(s)
    low[:, 4] = -6e-13 + 8e-13 * torch.rand(s)
    low[:, 5] = -4e4 + 6e4 * torch.rand(s)
    low[:, 6] = -2.0 + 14.0 * torch.rand(s)
    t_mid = torch.where(torch.rand(s) < 0.7, torch.full((s,), 1000.0), 700.0 + 700.0 * torch.rand(s))
    high = torch.zeros(s, 7)
    high[:, 1] = 1e-3 + 2e-3 * torch.rand(s)
    high[:, 2] = -8e-7 + 6e-7 * torch.rand(s)
    high[:, 3] = 1e-11 + 1.2e-10 * torch.rand(s)
    high[:, 4] = -8e-15 + 6e-15 * torch.rand(s)
    tm = t_mid
    high[:, 0] = _cp(low, tm) - _cp(high, tm)
    high[:, 5] = tm * (_h(low, tm) - _h(high, tm))
    high[:, 6] = _s(low, tm) - _s(high, tm)
    return torch.stack([low, high], 1), t_mid


def get_inputs():
    coeffs, t_mid = _poly_sets(num_species)
    temperature = 300.0 + 2700.0 * torch.rand(num_mixtures)
    pressure = 1e4 * torch.exp(6.2 * torch.rand(num_mixtures))
    x = torch.rand(num_mixtures, num_species) * (torch.rand(num_mixtures, num_species) > 0.35).float()
    x[:, 0] = x[:, 0] + 0.05
    mole_fractions = x / x.sum(1, keepdim=True)
    return [temperature, pressure, mole_fractions, coeffs, t_mid]


def get_init_inputs():
    return []
