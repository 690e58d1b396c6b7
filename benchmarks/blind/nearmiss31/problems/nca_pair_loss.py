"""NCA pair loss (TRL-style) for each preference pair, from summed sequence log-probabilities of the policy and reference models."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 3000


class Model(nn.Module):
    def __init__(self, beta: float = 0.1):
        super().__init__()
        self.beta = beta

    def forward(self, policy_chosen_logps, policy_rejected_logps, reference_chosen_logps, reference_rejected_logps):
        chosen = (policy_chosen_logps - reference_chosen_logps) * self.beta
        rejected = (policy_rejected_logps - reference_rejected_logps) * self.beta
        return -F.logsigmoid(chosen) - 0.5 * F.logsigmoid(-chosen) - 0.5 * F.logsigmoid(-rejected)


def get_inputs():
    reference_chosen = -(torch.rand(batch_size) * 150.0 + 20.0)
    reference_rejected = -(torch.rand(batch_size) * 150.0 + 20.0)
    policy_chosen = reference_chosen + torch.randn(batch_size) * 40.0
    policy_rejected = reference_rejected + torch.randn(batch_size) * 40.0
    return [policy_chosen, policy_rejected, reference_chosen, reference_rejected]


def get_init_inputs():
    return [0.1]
