"""Effectiveness-NTU rating of two-stream heat exchangers of four flow arrangements."""

import torch
import torch.nn as nn

num_exchangers = 2000


class Model(nn.Module):
    """Effectiveness, duty and outlet temperatures of heat exchangers (epsilon-NTU method).

    c_hot, c_cold: (N,) capacity rates m cp (W/K); ua: (N,) conductance (W/K); arrangement: (N,) int64,
    0 counterflow, 1 parallel flow, 2 crossflow with both streams unmixed, 3 shell-and-tube with one
    shell pass; t_hot_in, t_cold_in: (N,) K. Cr = Cmin / Cmax, NTU = UA / Cmin.
    counterflow: (1 - e^(-NTU (1 - Cr))) / (1 - Cr e^(-NTU (1 - Cr))), NTU / (1 + NTU) when Cr = 1;
    parallel: (1 - e^(-NTU (1 + Cr))) / (1 + Cr);
    crossflow: 1 - exp(NTU^0.22 / Cr (e^(-Cr NTU^0.78) - 1));
    shell-and-tube: 2 / (1 + Cr + S (1 + e^(-NTU S)) / (1 - e^(-NTU S))), S = sqrt(1 + Cr^2).
    q = eps Cmin (Th,in - Tc,in). Returns (N, 4): eps, q (kW), Th,out (K), Tc,out (K).
    """

    def __init__(self):
        super().__init__()

    def forward(self, c_hot, c_cold, ua, arrangement, t_hot_in, t_cold_in):
        cmin = torch.minimum(c_hot, c_cold)
        cmax = torch.maximum(c_hot, c_cold)
        cr = cmin / cmax
        ntu = ua / cmin
        e1 = torch.exp(-ntu * (1.0 - cr))
        e_counter = torch.where(cr < 1.0, (1.0 - e1) / (1.0 - cr * e1), ntu / (1.0 + ntu))
        e_parallel = (1.0 - torch.exp(-ntu * (1.0 + cr))) / (1.0 + cr)
        e_cross = 1.0 - torch.exp(ntu.pow(0.22) / cr * (torch.exp(-cr * ntu.pow(0.78)) - 1.0))
        s = torch.sqrt(1.0 + cr * cr)
        es = torch.exp(-ntu * s)
        e_shell = 2.0 / (1.0 + cr + s * (1.0 + es) / (1.0 - es))
        eps = torch.where(arrangement == 0, e_counter,
                          torch.where(arrangement == 1, e_parallel, torch.where(arrangement == 2, e_cross, e_shell)))
        q = eps * cmin * (t_hot_in - t_cold_in)
        return torch.stack([eps, q * 1e-3, t_hot_in - q / c_hot, t_cold_in + q / c_cold], 1)


def get_inputs():
    n = num_exchangers
    c_hot = 500.0 + 19500.0 * torch.rand(n)
    ratio = 0.05 + 0.9 * torch.rand(n)
    c_cold = torch.where(torch.rand(n) < 0.5, c_hot * ratio, c_hot / ratio)
    balanced = torch.rand(n) < 0.12
    c_cold = torch.where(balanced, c_hot, c_cold)
    ntu = 0.1 + 5.9 * torch.rand(n)
    ua = ntu * torch.minimum(c_hot, c_cold)
    arrangement = torch.randint(0, 4, (n,))
    t_hot_in = 350.0 + 150.0 * torch.rand(n)
    t_cold_in = 280.0 + 50.0 * torch.rand(n)
    return [c_hot, c_cold, ua, arrangement, t_hot_in, t_cold_in]


def get_init_inputs():
    return []
