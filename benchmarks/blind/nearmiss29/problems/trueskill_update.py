"""TrueSkill rating update of two-player matches with no draws; returns [mu_w, sigma_w, mu_l, sigma_l]."""

import math

import torch
import torch.nn as nn

num_matches = 4000


class Model(nn.Module):
    def __init__(self, beta: float = 25.0 / 6.0):
        super().__init__()
        self.beta = beta

    def forward(self, mu_w, sigma_w, mu_l, sigma_l):
        c2 = 2.0 * self.beta * self.beta + sigma_w * sigma_w + sigma_l * sigma_l
        c = torch.sqrt(c2)
        t = (mu_w - mu_l) / c
        pdf = torch.exp(-0.5 * t * t) * (1.0 / math.sqrt(2.0 * math.pi))
        cdf = 0.5 * (1.0 + torch.erf(t * (1.0 / math.sqrt(2.0))))
        v = pdf / cdf
        w = v * (v + t)
        new_mu_w = mu_w + sigma_w * sigma_w / c * v
        new_mu_l = mu_l - sigma_l * sigma_l / c * v
        new_sigma_w = sigma_w * torch.sqrt(1.0 - sigma_w * sigma_w / c2 * w)
        new_sigma_l = sigma_l * torch.sqrt(1.0 - sigma_l * sigma_l / c2 * w)
        return torch.stack([new_mu_w, new_sigma_w, new_mu_l, new_sigma_l])


def get_inputs():
    mu_w = 25.0 + torch.randn(num_matches) * 3.0
    mu_l = 25.0 + torch.randn(num_matches) * 3.0
    sigma_w = 1.0 + torch.rand(num_matches) * 7.0
    sigma_l = 1.0 + torch.rand(num_matches) * 7.0
    return [mu_w, sigma_w, mu_l, sigma_l]


def get_init_inputs():
    return [25.0 / 6.0]
