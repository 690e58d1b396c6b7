"""Resting membrane potential (Goldman-Hodgkin-Katz voltage equation for K+, Na+, Cl-) and the K+ Nernst potential."""

import torch
import torch.nn as nn

num_cells = 4000

GAS_CONSTANT = 8.314462618
FARADAY = 96485.33212


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, conc: torch.Tensor, perm: torch.Tensor, temp_c: torch.Tensor) -> torch.Tensor:
        # conc: (N, 6) mM [K_out, K_in, Na_out, Na_in, Cl_out, Cl_in]; perm: (N, 3) [P_K, P_Na, P_Cl]
        # temp_c: (N,) degrees Celsius; returns (N, 2) float32 [V_m, E_K] in mV
        k_o, k_i, na_o, na_i, cl_o, cl_i = conc.unbind(dim=1)
        p_k, p_na, p_cl = perm.unbind(dim=1)
        rt_f = 1000.0 * GAS_CONSTANT * (temp_c + 273.15) / FARADAY
        num = p_k * k_o + p_na * na_o + p_cl * cl_i
        den = p_k * k_i + p_na * na_i + p_cl * cl_o
        vm = rt_f * torch.log(num / den)
        ek = rt_f * torch.log(k_o / k_i)
        return torch.stack([vm, ek], dim=1)


def get_inputs():
    n = num_cells
    lo = torch.tensor([2.0, 120.0, 130.0, 5.0, 100.0, 5.0])
    hi = torch.tensor([10.0, 160.0, 150.0, 20.0, 130.0, 40.0])
    conc = lo + (hi - lo) * torch.rand(n, 6)
    perm = torch.stack([torch.ones(n), 0.01 + 0.09 * torch.rand(n), 0.1 + 0.4 * torch.rand(n)], dim=1)
    temp_c = 6.0 + 34.0 * torch.rand(n)
    return [conc, perm, temp_c]


def get_init_inputs():
    return []
