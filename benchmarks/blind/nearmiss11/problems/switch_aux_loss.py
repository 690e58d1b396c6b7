"""Switch-Transformer load-balancing auxiliary loss of a top-1 router."""

import torch
import torch.nn as nn
import torch.nn.functional as F

num_tokens = 512
num_experts = 8


class Model(nn.Module):
    """E * sum_e f_e * P_e: f_e the fraction of tokens whose top-1 expert is e, P_e the mean router
    probability of e."""

    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor) -> torch.Tensor:
        E = logits.shape[-1]
        probs = torch.softmax(logits, dim=-1)
        top = probs.argmax(dim=-1)
        f = F.one_hot(top, E).to(probs.dtype).mean(dim=0)
        P = probs.mean(dim=0)
        return E * (f * P).sum()


def get_inputs():
    return [torch.randn(num_tokens, num_experts) + torch.linspace(-1.5, 1.5, num_experts)]


def get_init_inputs():
    return []
