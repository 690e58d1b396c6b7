"""Observation normalisation of an RL agent (RunningMeanStd): merge the batch statistics into the running
mean / variance (parallel-variance merge with a prior count), then normalise the batch with the updated
statistics and clip it."""

import torch
import torch.nn as nn

batch_size = 256
obs_dim = 24
prior_count = 1000


class Model(nn.Module):
    def __init__(self, prior_count, clip_obs=10.0, eps=1e-8):
        super().__init__()
        self.prior_count = float(prior_count)
        self.clip_obs = clip_obs
        self.eps = eps

    def forward(self, obs, mean, var):
        n = obs.shape[0]
        c = self.prior_count
        batch_mean = obs.mean(dim=0)
        batch_var = obs.var(dim=0, unbiased=False)
        delta = batch_mean - mean
        tot = c + n
        new_mean = mean + delta * (n / tot)
        m2 = var * c + batch_var * n + delta * delta * (c * n / tot)
        new_var = m2 / tot
        out = (obs - new_mean) / torch.sqrt(new_var + self.eps)
        return torch.clamp(out, -self.clip_obs, self.clip_obs)


def get_inputs():
    return [torch.randn(batch_size, obs_dim) * 2.0 + 50.0,
            torch.randn(obs_dim) * 3.0 + 50.0,
            torch.rand(obs_dim) * 3.0 + 0.5]


def get_init_inputs():
    return [prior_count]
