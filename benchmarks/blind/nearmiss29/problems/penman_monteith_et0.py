"""FAO-56 Penman-Monteith daily grass reference evapotranspiration ET0 in mm/day (soil heat flux neglected)."""

import torch
import torch.nn as nn

num_days = 5000


def _svp(t):
    return 0.6108 * torch.exp(17.27 * t / (t + 237.3))


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, tmax, tmin, rh_mean, u2, rn, elevation):
        tmean = (tmax + tmin) * 0.5
        es = (_svp(tmax) + _svp(tmin)) * 0.5
        ea = es * rh_mean * 0.01
        delta = 4098.0 * _svp(tmean) / ((tmean + 237.3) * (tmean + 237.3))
        pres = 101.3 * torch.pow((293.0 - 0.0065 * elevation) / 293.0, 5.26)
        gamma = 0.000665 * pres
        num = 0.408 * delta * rn + gamma * (900.0 / (tmean + 273.0)) * u2 * (es - ea)
        return num / (delta + gamma * (1.0 + 0.34 * u2))


def get_inputs():
    tmin = torch.randn(num_days) * 5.0 + 10.0
    tmax = tmin + 3.0 + torch.rand(num_days) * 12.0
    rh_mean = 30.0 + torch.rand(num_days) * 60.0
    u2 = 0.5 + torch.rand(num_days) * 5.0
    rn = torch.rand(num_days) * 25.0
    elevation = torch.rand(num_days) * 3000.0
    return [tmax, tmin, rh_mean, u2, rn, elevation]


def get_init_inputs():
    return []
