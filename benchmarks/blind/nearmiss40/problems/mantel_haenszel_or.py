"""Mantel-Haenszel pooled odds ratio over strata of 2x2 tables, with the Robins-Breslow-Greenland variance.

Each study has num_strata tables (a, b, c, d) (exposed cases, exposed controls, unexposed cases, unexposed
controls); a stratum with n = a + b + c + d = 0 (a centre that enrolled no one, or padding) contributes nothing.
R_i = a d / n, S_i = b c / n, P_i = (a + d) / n, Q_i = (b + c) / n, R = sum R_i, S = sum S_i,
OR_MH = R / S and var(ln OR_MH) = sum P_i R_i / (2 R^2) + sum (P_i S_i + Q_i R_i) / (2 R S) + sum Q_i S_i / (2 S^2)
(Robins, Breslow and Greenland 1986). Output (num_studies, 2): ln OR_MH and its variance.
"""

import torch
import torch.nn as nn

num_studies = 500
num_strata = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, tables: torch.Tensor) -> torch.Tensor:
        a, b, c, d = tables.unbind(dim=2)
        n = a + b + c + d
        inv = torch.where(n > 0, 1.0 / torch.where(n > 0, n, torch.ones_like(n)), torch.zeros_like(n))
        r = a * d * inv
        s = b * c * inv
        p = (a + d) * inv
        q = (b + c) * inv
        rs = r.sum(dim=1)
        ss = s.sum(dim=1)
        var = (p * r).sum(dim=1) / (2.0 * rs * rs) + (p * s + q * r).sum(dim=1) / (2.0 * rs * ss) \
            + (q * s).sum(dim=1) / (2.0 * ss * ss)
        return torch.stack([torch.log(rs / ss), var], dim=1)


def get_inputs():
    m, k = num_studies, num_strata
    size = torch.exp(torch.empty(m, k).uniform_(2.0, 5.5))
    p_exp = torch.empty(m, k).uniform_(0.2, 0.8)
    base = torch.empty(m, 1).uniform_(0.1, 0.5) * torch.empty(m, k).uniform_(0.7, 1.3)
    odds = torch.exp(torch.empty(m, 1).uniform_(-1.0, 1.5) + 0.2 * torch.randn(m, k))
    p1 = odds * base / (1.0 - base + odds * base)
    ne = torch.round(size * p_exp)
    nu = torch.round(size * (1.0 - p_exp))
    a = torch.round(ne * p1 + torch.randn(m, k) * torch.sqrt(ne * p1 * (1 - p1))).clamp(0.0, None)
    a = torch.minimum(a, ne)
    c = torch.round(nu * base + torch.randn(m, k) * torch.sqrt(nu * base * (1 - base))).clamp(0.0, None)
    c = torch.minimum(c, nu)
    tables = torch.stack([a, ne - a, c, nu - c], dim=2)
    # studies have 6 to num_strata strata (the rest is zero padding), and one stratum in twelve is empty
    used = torch.randint(6, k + 1, (m, 1))
    empty = (torch.arange(k)[None, :] >= used) | (torch.rand(m, k) < 1.0 / 12.0)
    empty[:, 0] = False
    tables = torch.where(empty[:, :, None], torch.zeros_like(tables), tables)
    return [tables]


def get_init_inputs():
    return []
