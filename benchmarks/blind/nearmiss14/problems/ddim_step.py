"""One deterministic DDIM step (eta = 0) from an epsilon prediction (diffusers DDIMScheduler.step)."""

import torch
import torch.nn as nn

batch_size = 4
channels = 3
height = 8
width = 8
num_train_timesteps = 1000
num_inference_steps = 50


class Model(nn.Module):
    def __init__(self, num_train_timesteps: int, num_inference_steps: int):
        super().__init__()
        betas = torch.linspace(1e-4, 0.02, num_train_timesteps, dtype=torch.float32)
        self.register_buffer("alphas_cumprod", torch.cumprod(1.0 - betas, dim=0))
        self.step_ratio = num_train_timesteps // num_inference_steps

    def forward(self, sample, eps, timesteps):
        prev = timesteps - self.step_ratio
        a_t = self.alphas_cumprod[timesteps].view(-1, 1, 1, 1)
        a_prev = torch.where(prev >= 0, self.alphas_cumprod[prev.clamp(min=0)],
                             torch.ones_like(self.alphas_cumprod[timesteps])).view(-1, 1, 1, 1)
        x0 = (sample - torch.sqrt(1.0 - a_t) * eps) / torch.sqrt(a_t)
        return torch.sqrt(a_prev) * x0 + torch.sqrt(1.0 - a_prev) * eps


def get_inputs():
    sample = torch.randn(batch_size, channels, height, width)
    eps = torch.randn(batch_size, channels, height, width)
    timesteps = torch.randint(0, num_inference_steps, (batch_size,)) * (num_train_timesteps // num_inference_steps)
    timesteps[0] = 0
    return [sample, eps, timesteps]


def get_init_inputs():
    return [num_train_timesteps, num_inference_steps]
