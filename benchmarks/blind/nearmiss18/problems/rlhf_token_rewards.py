"""Per-token RLHF rewards (TRL PPO style): a KL penalty -kl_coef * (logp - ref_logp) on every
response token, plus the sequence score on the last non-padded token; padding gets 0."""

import torch
import torch.nn as nn

batch_size = 8
resp_len = 100


class Model(nn.Module):
    def __init__(self, kl_coef: float = 0.05):
        super().__init__()
        self.kl_coef = kl_coef

    def forward(self, logprobs, ref_logprobs, mask, scores):
        m = mask.to(logprobs.dtype)
        rewards = -self.kl_coef * (logprobs - ref_logprobs) * m
        last = mask.sum(dim=1) - 1
        rows = torch.arange(logprobs.shape[0], device=logprobs.device)
        rewards[rows, last] = rewards[rows, last] + scores
        return rewards


def get_inputs():
    logprobs = -torch.rand(batch_size, resp_len) * 4.0
    ref_logprobs = logprobs + torch.randn(batch_size, resp_len) * 0.5
    lengths = torch.randint(1, resp_len + 1, (batch_size,))
    lengths[0] = resp_len
    lengths[1] = 1
    mask = (torch.arange(resp_len)[None, :] < lengths[:, None]).to(torch.int64)
    scores = torch.randn(batch_size) * 2.0
    return [logprobs, ref_logprobs, mask, scores]


def get_init_inputs():
    return [0.05]
