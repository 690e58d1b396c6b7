"""U.S. Standard Atmosphere 1976 below 86 km: temperature, pressure and speed of sound."""

import math

import torch
import torch.nn as nn

num_samples = 3000

LAYER_BASE_KM = (0.0, 11.0, 20.0, 32.0, 47.0, 51.0, 71.0)
LAPSE_K_PER_KM = (-6.5, 0.0, 1.0, 2.8, 0.0, -2.8, -2.0)
R0_KM = 6356.766
G0M_OVER_R = 34.1632
T0 = 288.15
P0_HPA = 1013.25


class Model(nn.Module):
    """Standard-atmosphere state at geometric altitudes z (km, 0 <= z <= 86).

    The geometric altitude is converted to geopotential altitude h = r0 z / (r0 + z) (r0 = 6356.766 km);
    seven layers with base heights 0, 11, 20, 32, 47, 51, 71 km and lapse rates -6.5, 0, 1, 2.8, 0,
    -2.8, -2 K/km start from 288.15 K and 1013.25 hPa. In a layer with lapse rate L,
    T = Tb + L (h - hb) and p = pb (Tb / T)^(g0 M / (R L)); in an isothermal layer
    p = pb exp(-g0 M (h - hb) / (R Tb)) (g0 M / R = 34.1632 K/km). The speed of sound is
    sqrt(1.4 * 287.05287 T). Returns (N, 3): T (K), p (hPa), a (m/s).
    """

    def __init__(self):
        super().__init__()

    def forward(self, altitude_km):
        z = altitude_km
        h = R0_KM * z / (R0_KM + z)
        temp = torch.zeros_like(h)
        pres = torch.zeros_like(h)
        tb, pb = T0, P0_HPA
        n_layers = len(LAYER_BASE_KM)
        for k in range(n_layers):
            hb = LAYER_BASE_KM[k]
            lapse = LAPSE_K_PER_KM[k]
            top = LAYER_BASE_KM[k + 1] if k + 1 < n_layers else math.inf
            inside = (h >= hb) & (h < top)
            t = tb + lapse * (h - hb)
            if lapse != 0.0:
                p = pb * torch.pow(tb / t, G0M_OVER_R / lapse)
            else:
                p = pb * torch.exp(-G0M_OVER_R * (h - hb) / tb)
            temp = torch.where(inside, t, temp)
            pres = torch.where(inside, p, pres)
            if k + 1 < n_layers:
                t_top = tb + lapse * (top - hb)
                if lapse != 0.0:
                    pb = pb * (tb / t_top) ** (G0M_OVER_R / lapse)
                else:
                    pb = pb * math.exp(-G0M_OVER_R * (top - hb) / tb)
                tb = t_top
        sound = torch.sqrt(1.4 * 287.05287 * temp)
        return torch.stack([temp, pres, sound], 1)


def get_inputs():
    return [86.0 * torch.rand(num_samples)]


def get_init_inputs():
    return []
