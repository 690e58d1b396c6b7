"""Current-voltage curves of photovoltaic modules from the single-diode model (Newton iteration)."""

import torch
import torch.nn as nn

num_modules = 64
num_points = 60


class Model(nn.Module):
    """Module current at each terminal voltage, single-diode equivalent circuit.

    params: (M, 6) rows (I_ph (A), I_0 (A), ideality n, R_s (ohm), R_sh (ohm), cell temperature (deg C));
    voltage: (M, P) terminal voltages (V). With a = n N_s k (T + 273.15) / q for `cells_in_series` cells,
    I solves I = I_ph - I_0 (exp((V + I R_s) / a) - 1) - (V + I R_s) / R_sh; `newton_steps` Newton steps
    from I = I_ph. Returns (M, P) currents (A).
    """

    def __init__(self, cells_in_series: int, newton_steps: int):
        super().__init__()
        self.ns = cells_in_series
        self.steps = newton_steps

    def forward(self, params, voltage):
        iph, i0, nid, rs, rsh, tc = [p[:, None] for p in params.unbind(1)]
        a = nid * self.ns * 8.617333262e-5 * (tc + 273.15)
        cur = iph.expand_as(voltage)
        for _ in range(self.steps):
            vd = voltage + cur * rs
            ex = torch.exp(vd / a)
            f = iph - i0 * (ex - 1.0) - vd / rsh - cur
            fp = -i0 * rs / a * ex - rs / rsh - 1.0
            cur = cur - f / fp
        return cur


def get_inputs():
    m, p = num_modules, num_points
    iph = 3.0 + 7.0 * torch.rand(m)
    i0 = torch.pow(10.0, -11.0 + 3.0 * torch.rand(m))
    nid = 1.0 + 0.5 * torch.rand(m)
    rs = 0.1 + 0.5 * torch.rand(m)
    rsh = 100.0 + 900.0 * torch.rand(m)
    tc = 15.0 + 50.0 * torch.rand(m)
    params = torch.stack([iph, i0, nid, rs, rsh, tc], 1)
    a = nid * 60 * 8.617333262e-5 * (tc + 273.15)
    voc = a * torch.log(iph / i0)
    frac = torch.sort(1.08 * torch.rand(m, p), dim=1).values
    voltage = frac * voc[:, None]
    return [params, voltage]


def get_init_inputs():
    return [60, 40]
