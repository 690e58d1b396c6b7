"""Estimated glomerular filtration rate by the race-free CKD-EPI 2021 equations."""

import torch
import torch.nn as nn

num_patients = 4000


class Model(nn.Module):
    """eGFR (mL/min/1.73 m^2) from serum creatinine alone and from creatinine with cystatin C.

    scr: (N,) serum creatinine (mg/dL); scys: (N,) serum cystatin C (mg/L); age: (N,) years;
    female: (N,) int64 (1 female, 0 male). kappa = 0.7 (female) / 0.9 (male), r = scr / kappa,
    q = scys / 0.8.
    creatinine: 142 min(r, 1)^alpha max(r, 1)^-1.200 0.9938^age (x 1.012 female), alpha = -0.241 / -0.302;
    creatinine-cystatin: 135 min(r, 1)^alpha2 max(r, 1)^-0.544 min(q, 1)^-0.323 max(q, 1)^-0.778
    0.9961^age (x 0.963 female), alpha2 = -0.219 / -0.144. Returns (N, 2).
    """

    def __init__(self):
        super().__init__()

    def forward(self, scr, scys, age, female):
        fem = female == 1
        kappa = torch.where(fem, 0.7, 0.9)
        alpha = torch.where(fem, -0.241, -0.302)
        alpha2 = torch.where(fem, -0.219, -0.144)
        r = scr / kappa
        q = scys / 0.8
        r_lo = torch.clamp(r, max=1.0)
        r_hi = torch.clamp(r, min=1.0)
        q_lo = torch.clamp(q, max=1.0)
        q_hi = torch.clamp(q, min=1.0)
        cr = 142.0 * torch.pow(r_lo, alpha) * torch.pow(r_hi, -1.200) * torch.pow(0.9938, age) * torch.where(fem, 1.012, 1.0)
        cys = (135.0 * torch.pow(r_lo, alpha2) * torch.pow(r_hi, -0.544) * torch.pow(q_lo, -0.323)
               * torch.pow(q_hi, -0.778) * torch.pow(0.9961, age) * torch.where(fem, 0.963, 1.0))
        return torch.stack([cr, cys], 1)


def get_inputs():
    n = num_patients
    scr = torch.exp(torch.log(torch.tensor(0.4)) + (torch.log(torch.tensor(8.0)) - torch.log(torch.tensor(0.4))) * torch.rand(n))
    scys = torch.exp(torch.log(torch.tensor(0.5)) + (torch.log(torch.tensor(5.0)) - torch.log(torch.tensor(0.5))) * torch.rand(n))
    age = 18.0 + 72.0 * torch.rand(n)
    female = torch.randint(0, 2, (n,))
    return [scr, scys, age, female]


def get_init_inputs():
    return []
