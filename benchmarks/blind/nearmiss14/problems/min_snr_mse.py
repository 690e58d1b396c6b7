"""Min-SNR-gamma weighted MSE diffusion loss for epsilon prediction (diffusers training scripts)."""

import torch
import torch.nn as nn

batch_size = 4
channels = 3
height = 8
width = 10
num_train_timesteps = 1000


class Model(nn.Module):
    def __init__(self, num_train_timesteps: int, snr_gamma: float):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps, dtype=torch.float32)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))
        self.snr_gamma = snr_gamma

    def forward(self, pred, target, timesteps):
        a = self.alphas_cumprod[timesteps]
        snr = a / (1.0 - a)
        weight = torch.clamp(snr, max=self.snr_gamma) / snr
        per_example = ((pred - target) ** 2).mean(dim=(1, 2, 3))
        return (per_example * weight).mean()


def get_inputs():
    pred = torch.randn(batch_size, channels, height, width)
    target = torch.randn(batch_size, channels, height, width)
    timesteps = torch.randint(0, num_train_timesteps, (batch_size,))
    timesteps[0] = 5
    return [pred, target, timesteps]


def get_init_inputs():
    return [num_train_timesteps, 5.0]
