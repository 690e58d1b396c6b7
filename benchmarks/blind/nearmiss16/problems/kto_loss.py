"""KTO loss (TRL / Liger style) with a batch KL reference point estimated from mismatched pairs, clamped at 0."""

import torch
import torch.nn as nn

batch_size = 512


class Model(nn.Module):
    def __init__(self, beta=0.1, desirable_weight=1.0, undesirable_weight=1.33):
        super().__init__()
        self.beta = beta
        self.dw = desirable_weight
        self.uw = undesirable_weight

    def forward(self, policy_logps, ref_logps, desirable, kl_policy_logps, kl_ref_logps):
        kl = (kl_policy_logps - kl_ref_logps).mean().clamp(min=0)
        logratio = policy_logps - ref_logps
        pos = self.dw * (1.0 - torch.sigmoid(self.beta * (logratio - kl)))
        neg = self.uw * (1.0 - torch.sigmoid(self.beta * (kl - logratio)))
        return torch.where(desirable, pos, neg).mean()


def get_inputs():
    ref = -torch.rand(batch_size) * 200.0 - 50.0
    policy = ref + torch.randn(batch_size) * 20.0
    desirable = torch.rand(batch_size) < 0.8
    kl_ref = -torch.rand(batch_size) * 200.0 - 50.0
    kl_policy = kl_ref + torch.randn(batch_size) * 5.0 - 20.0
    return [policy, ref, desirable, kl_policy, kl_ref]


def get_init_inputs():
    return [0.1, 1.0, 1.33]
