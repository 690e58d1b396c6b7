"""Speculative decoding, rejection-sampling acceptance: for every sequence, the number of leading draft
tokens accepted (token i is accepted when u_i < p_target_i / p_draft_i); int64."""

import torch
import torch.nn as nn

batch_size = 64
num_draft = 8


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, p_target: torch.Tensor, p_draft: torch.Tensor, u: torch.Tensor) -> torch.Tensor:
        accept = u < p_target / p_draft
        return torch.cumprod(accept.to(torch.int64), dim=1).sum(dim=1)


def get_inputs():
    p_draft = 0.1 + 0.9 * torch.rand(batch_size, num_draft)
    p_target = (p_draft * (0.6 + 0.6 * torch.rand(batch_size, num_draft))).clamp(max=1.0)
    u = torch.rand(batch_size, num_draft)
    return [p_target, p_draft, u]


def get_init_inputs():
    return []
