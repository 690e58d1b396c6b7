"""Equivalent potential temperature of air parcels (Bolton 1980).

Dew points above the air temperature (supersaturated analyses) are clamped to it. With t, t_d in Celsius and
p in hPa: e = 6.112 exp(17.67 t_d / (t_d + 243.5)) hPa, mixing ratio r = 622 e / (p - e) g/kg,
T_L = 1 / (1 / (T_D - 56) + ln(T / T_D) / 800) + 56 (kelvin, Bolton's eq. 15) and
theta_E = T (1000 / p)^(0.2854 (1 - 0.28e-3 r)) exp((3.376 / T_L - 0.00254) r (1 + 0.81e-3 r)) (eq. 43).
"""

import torch
import torch.nn as nn

num_parcels = 5000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, temp_c: torch.Tensor, dew_c: torch.Tensor, pres: torch.Tensor) -> torch.Tensor:
        td = torch.minimum(dew_c, temp_c)
        e = 6.112 * torch.exp(17.67 * td / (td + 243.5))
        r = 622.0 * e / (pres - e)
        tk = temp_c + 273.15
        tdk = td + 273.15
        tl = 1.0 / (1.0 / (tdk - 56.0) + torch.log(tk / tdk) / 800.0) + 56.0
        expo = 0.2854 * (1.0 - 0.28e-3 * r)
        return tk * torch.pow(1000.0 / pres, expo) * torch.exp((3.376 / tl - 0.00254) * r * (1.0 + 0.81e-3 * r))


def get_inputs():
    n = num_parcels
    pres = torch.empty(n).uniform_(300.0, 1050.0)
    temp = torch.empty(n).uniform_(-10.0, 38.0) - 0.085 * (1000.0 - pres)
    dep = torch.empty(n).exponential_(0.15)
    dep = torch.where(torch.rand(n) < 0.08, -torch.rand(n) * 2.0, dep)     # slightly supersaturated
    return [temp, temp - dep, pres]


def get_init_inputs():
    return []
