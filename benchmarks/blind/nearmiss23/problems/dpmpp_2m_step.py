"""One DPM-Solver++(2M) sampler step (k-diffusion sample_dpmpp_2m, second-order branch)."""

import math

import torch
import torch.nn as nn

batch_size = 2
channels = 4
height = 16
width = 16


class Model(nn.Module):
    def __init__(self, sigma_prev=2.0, sigma=1.5, sigma_next=1.0):
        super().__init__()
        self.sigma_prev, self.sigma, self.sigma_next = sigma_prev, sigma, sigma_next

    def forward(self, x, denoised, old_denoised):
        t_prev, t, t_next = -math.log(self.sigma_prev), -math.log(self.sigma), -math.log(self.sigma_next)
        h = t_next - t
        h_last = t - t_prev
        r = h_last / h
        denoised_d = (1.0 + 1.0 / (2.0 * r)) * denoised - (1.0 / (2.0 * r)) * old_denoised
        return (self.sigma_next / self.sigma) * x - math.expm1(-h) * denoised_d


def get_inputs():
    shape = (batch_size, channels, height, width)
    return [torch.randn(shape), torch.randn(shape), torch.randn(shape)]


def get_init_inputs():
    return []
