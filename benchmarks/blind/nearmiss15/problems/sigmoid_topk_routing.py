"""DeepSeek-V3 style MoE routing (aux-loss-free balancing): sigmoid affinities, experts chosen by the
top-k of affinity + a per-expert correction bias (ties to the lower expert id), combine weights taken from
the unbiased affinities of the chosen experts, normalised to sum 1 and scaled. Returned as a dense
(tokens, experts) weight matrix, zero for experts not chosen."""

import torch
import torch.nn as nn

num_tokens = 64
num_experts = 64
top_k = 6


class Model(nn.Module):
    def __init__(self, num_experts, top_k, routed_scaling=2.5):
        super().__init__()
        self.top_k = top_k
        self.routed_scaling = routed_scaling
        self.register_buffer("correction_bias", torch.randn(num_experts) * 0.1)

    def forward(self, logits):
        scores = torch.sigmoid(logits)
        choice = scores + self.correction_bias
        weights = torch.zeros_like(scores)
        for _ in range(self.top_k):
            i = choice.argmax(dim=-1, keepdim=True)
            weights.scatter_(1, i, scores.gather(1, i))
            choice = choice.scatter(1, i, float("-inf"))
        weights = weights / (weights.sum(dim=-1, keepdim=True) + 1e-20)
        return weights * self.routed_scaling


def get_inputs():
    return [torch.randn(num_tokens, num_experts)]


def get_init_inputs():
    return [num_experts, top_k]
