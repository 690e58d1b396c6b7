"""Pressure fall-off of unimolecular / recombination rate coefficients (Lindemann and Troe forms)."""

import math

import torch
import torch.nn as nn

num_reactions = 24
num_conditions = 300


class Model(nn.Module):
    """Fall-off ratio k / k_inf of each reaction at each (temperature, pressure) condition.

    params: (R, 10) per reaction: ln A0, b0, E0 / R (K) of the low-pressure limit k0, ln Ainf, binf,
    Einf / R (K) of the high-pressure limit kinf (k = A T^b exp(-E / RT), cm3 mol s units), and the
    Troe parameters a, T***, T*, T** (zero where unused). form: (R,) int64, 0 = Lindemann (F = 1),
    1 = three-parameter Troe, 2 = four-parameter Troe (with the exp(-T** / T) term).
    temperature: (N,) K; pressure: (N,) Pa (bath-gas concentration [M] = P / (R_u T), in mol / cm3).
    k / k_inf = Pr / (1 + Pr) F with Pr = k0 [M] / kinf and the Troe broadening
    log10 F = log10 Fcent / (1 + ((log10 Pr + c) / (n - 0.14 (log10 Pr + c)))^2),
    c = -0.4 - 0.67 log10 Fcent, n = 0.75 - 1.27 log10 Fcent. Returns (R, N).
    """

    def __init__(self):
        super().__init__()

    def forward(self, params, form, temperature, pressure):
        p = params[:, :, None]
        t = temperature[None, :]
        ln_t = torch.log(t)
        ln_k0 = p[:, 0] + p[:, 1] * ln_t - p[:, 2] / t
        ln_kinf = p[:, 3] + p[:, 4] * ln_t - p[:, 5] / t
        ln_m = torch.log(pressure / (8.314462618 * temperature) * 1e-6)[None, :]
        pr = torch.exp(ln_k0 + ln_m - ln_kinf)
        a = p[:, 6]
        fcent = (1.0 - a) * torch.exp(-t / p[:, 7]) + a * torch.exp(-t / p[:, 8])
        fcent = fcent + torch.where(form[:, None] == 2, torch.exp(-p[:, 9] / t), 0.0)
        fcent = torch.where(form[:, None] == 0, 1.0, fcent)
        lf = torch.log10(fcent)
        c = -0.4 - 0.67 * lf
        n = 0.75 - 1.27 * lf
        lp = torch.log10(pr)
        f1 = (lp + c) / (n - 0.14 * (lp + c))
        log_f = lf / (1.0 + f1 * f1)
        return pr / (1.0 + pr) * torch.pow(10.0, log_f)


def get_inputs():
    r = num_reactions
    params = torch.zeros(r, 10)
    params[:, 0] = 33.0 + 7.0 * torch.rand(r)
    params[:, 1] = -2.5 + 2.5 * torch.rand(r)
    params[:, 2] = 6000.0 * torch.rand(r)
    params[:, 3] = 27.0 + 5.0 * torch.rand(r)
    params[:, 4] = -1.0 + 1.5 * torch.rand(r)
    params[:, 5] = 8000.0 * torch.rand(r)
    form = (torch.arange(r) % 3)[torch.randperm(r)]
    troe = form > 0
    params[:, 6] = torch.where(troe, 0.1 + 0.8 * torch.rand(r), 0.0)
    params[:, 7] = torch.where(troe, 50.0 + 1450.0 * torch.rand(r), 0.0)
    params[:, 8] = torch.where(troe, 500.0 + 7500.0 * torch.rand(r), 0.0)
    params[:, 9] = torch.where(form == 2, 2000.0 + 7000.0 * torch.rand(r), 0.0)
    temperature = 300.0 + 2200.0 * torch.rand(num_conditions)
    pressure = torch.exp(math.log(1e3) + (math.log(1e7) - math.log(1e3)) * torch.rand(num_conditions))
    return [params, form, temperature, pressure]


def get_init_inputs():
    return []
