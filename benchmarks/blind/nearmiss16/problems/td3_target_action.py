"""TD3 target policy smoothing: clipped Gaussian noise on the target action, then the action bound."""

import torch
import torch.nn as nn

batch_size = 256
action_dim = 17


class Model(nn.Module):
    def __init__(self, policy_noise=0.2, noise_clip=0.5, max_action=2.0):
        super().__init__()
        self.policy_noise = policy_noise
        self.noise_clip = noise_clip
        self.max_action = max_action

    def forward(self, mu: torch.Tensor, noise: torch.Tensor) -> torch.Tensor:
        eps = (noise * self.policy_noise).clamp(-self.noise_clip, self.noise_clip)
        return (mu + eps).clamp(-self.max_action, self.max_action)


def get_inputs():
    mu = torch.tanh(torch.randn(batch_size, action_dim)) * 2.0
    noise = torch.randn(batch_size, action_dim) * 2.0
    return [mu, noise]


def get_init_inputs():
    return [0.2, 0.5, 2.0]
