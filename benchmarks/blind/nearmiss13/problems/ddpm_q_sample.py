"""DDPM forward diffusion q(x_t | x_0) with a linear beta schedule and per-sample timesteps."""

import torch
import torch.nn as nn

batch_size = 4
channels = 3
height = 16
width = 16
num_timesteps = 1000


class Model(nn.Module):
    def __init__(self, num_timesteps: int):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, num_timesteps)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))

    def forward(self, x0, noise, t):
        a = self.alphas_cumprod[t].view(-1, 1, 1, 1)
        return a.sqrt() * x0 + (1.0 - a).sqrt() * noise


def get_inputs():
    return [torch.randn(batch_size, channels, height, width), torch.randn(batch_size, channels, height, width),
            torch.randint(0, num_timesteps, (batch_size,))]


def get_init_inputs():
    return [num_timesteps]
