"""Single-ion activity coefficients of aqueous solutions with the Davies equation at the solution temperature.

Ionic strength I = 1/2 sum_i c_i z_i^2 (mol/kg). log10 gamma_i = -A z_i^2 (sqrt(I) / (1 + sqrt(I)) - 0.3 I)
(Davies 1962), with the Debye-Hueckel constant A = 1.82483e6 (eps T)^(-3/2) (T in kelvin) and the dielectric
constant of water eps(t) = 87.74 - 0.40008 t + 9.398e-4 t^2 - 1.410e-6 t^3 (t in Celsius; Malmberg and
Maryott 1956). Species charges are shared by all solutions (a neutral species has gamma = 1).
Output gamma, shape (num_solutions, num_species).
"""

import torch
import torch.nn as nn

num_solutions = 1000
num_species = 10

_CHARGES = [1, 1, 2, 2, -1, -2, -1, -2, 1, 0, 3, -3]   # Na K Ca Mg Cl SO4 HCO3 CO3 NH4 SiO2 Al PO4


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, conc: torch.Tensor, temp_c: torch.Tensor, charges: torch.Tensor) -> torch.Tensor:
        z = charges.to(conc.dtype)[None, :]
        z2 = z * z
        ionic = 0.5 * (conc * z2).sum(dim=1)
        t = temp_c
        eps = 87.74 - 0.40008 * t + 9.398e-4 * t * t - 1.410e-6 * t * t * t
        a = 1.82483e6 * torch.pow(eps * (t + 273.15), -1.5)
        sq = torch.sqrt(ionic)
        f = sq / (1.0 + sq) - 0.3 * ionic
        log_g = -a[:, None] * z2 * f[:, None]
        return torch.pow(10.0, log_g)


def get_inputs():
    n, k = num_solutions, num_species
    charges = torch.tensor([_CHARGES[i % len(_CHARGES)] for i in range(k)], dtype=torch.int64)
    target = torch.exp(torch.empty(n, 1).uniform_(-9.0, -0.7))          # ionic strength 1e-4 .. 0.5
    share = torch.rand(n, k) * (charges != 0).float()[None, :] + 0.01 * torch.rand(n, k)
    z2 = (charges * charges).float()[None, :]
    conc = share * target * 2.0 / (share * z2).sum(dim=1, keepdim=True).clamp_min(1e-6)
    temp_c = torch.empty(n).uniform_(0.0, 80.0)
    return [conc, temp_c, charges]


def get_init_inputs():
    return []
