"""Group-limited top-k expert routing (DeepSeek-V3 "noaux_tc"): sigmoid scores plus a correction bias
pick the expert groups (score of a group = sum of its two best biased scores) and then the experts
inside the chosen groups; the routing weights are the unbiased scores of the chosen experts,
renormalised and scaled. Returned packed as (weights | expert ids as float), experts ordered by
decreasing biased score."""

import torch
import torch.nn as nn

num_tokens = 37
num_experts = 24
num_groups = 6
topk_groups = 3
top_k = 4


class Model(nn.Module):
    def __init__(self, num_groups: int, topk_groups: int, top_k: int, routed_scaling: float):
        super().__init__()
        self.num_groups = num_groups
        self.topk_groups = topk_groups
        self.top_k = top_k
        self.routed_scaling = routed_scaling

    def forward(self, logits: torch.Tensor, bias: torch.Tensor) -> torch.Tensor:
        T, E = logits.shape
        G = self.num_groups
        scores = logits.sigmoid()
        biased = scores + bias[None, :]
        group_scores = biased.view(T, G, E // G).topk(2, dim=-1).values.sum(-1)
        group_idx = group_scores.topk(self.topk_groups, dim=-1).indices
        group_mask = torch.zeros_like(group_scores).scatter_(1, group_idx, 1.0)
        expert_mask = group_mask[:, :, None].expand(T, G, E // G).reshape(T, E)
        masked = biased.masked_fill(expert_mask == 0, float("-inf"))
        idx = masked.topk(self.top_k, dim=-1).indices
        w = scores.gather(1, idx)
        w = w / w.sum(-1, keepdim=True) * self.routed_scaling
        return torch.cat([w, idx.to(w.dtype)], dim=1)


def get_inputs():
    logits = torch.randn(num_tokens, num_experts) * 2.0
    bias = torch.randn(num_experts) * 0.3
    return [logits, bias]


def get_init_inputs():
    return [num_groups, topk_groups, top_k, 2.5]
