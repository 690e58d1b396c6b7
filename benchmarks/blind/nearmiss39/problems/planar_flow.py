"""A stack of planar normalizing flows (Rezende and Mohamed 2015) with the invertibility fix.

Flow k maps z -> z + u_hat tanh(w . z + b) with u_hat = u + (m(w . u) - w . u) w / |w|^2 and
m(a) = -1 + softplus(a), and adds log|1 + (1 - tanh^2(w . z + b)) w . u_hat| to the log-determinant.
The output is (batch, dim + 1): the final z and, in the last column, the summed log-determinant.
"""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 250
dim = 16
num_flows = 6


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, z, u, w, b):
        logdet = torch.zeros(z.shape[0], device=z.device)
        for k in range(u.shape[0]):
            wu = (w[k] * u[k]).sum()
            u_hat = u[k] + (-1.0 + F.softplus(wu) - wu) * w[k] / (w[k] * w[k]).sum()
            h = torch.tanh((z * w[k][None, :]).sum(dim=1) + b[k])
            wuh = (w[k] * u_hat).sum()
            logdet = logdet + torch.log(torch.abs(1.0 + (1.0 - h * h) * wuh))
            z = z + u_hat[None, :] * h[:, None]
        return torch.cat([z, logdet[:, None]], dim=1)


def get_inputs():
    z = torch.randn(batch_size, dim)
    u = torch.randn(num_flows, dim) / dim ** 0.5
    w = torch.randn(num_flows, dim) / dim ** 0.5
    b = 0.3 * torch.randn(num_flows)
    u[1] = -1.5 * w[1]
    e = torch.randn(dim)
    e = e / torch.sqrt((e * e).sum())
    w[num_flows - 2] = 3.0 * e
    u[num_flows - 2] = 35.0 * e + 0.1 * torch.randn(dim)
    return [z, u, w, b]


def get_init_inputs():
    return []
