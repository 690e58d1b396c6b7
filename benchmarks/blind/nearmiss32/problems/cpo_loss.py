"""CPO (contrastive preference optimisation) loss: -logsigmoid(beta * (logp_chosen - logp_rejected)) averaged, plus alpha * token-mean NLL of the chosen responses."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
seq_len = 64


class Model(nn.Module):
    def __init__(self, beta: float = 0.1, alpha: float = 1.0):
        super().__init__()
        self.beta = beta
        self.alpha = alpha

    def forward(self, chosen_logps, rejected_logps, chosen_len, rejected_len):
        T = chosen_logps.shape[1]
        t = torch.arange(T, device=chosen_logps.device)[None, :]
        mc = (t < chosen_len[:, None]).to(chosen_logps.dtype)
        mr = (t < rejected_len[:, None]).to(chosen_logps.dtype)
        c = (chosen_logps * mc).sum(1)
        r = (rejected_logps * mr).sum(1)
        pref = -F.logsigmoid(self.beta * (c - r)).mean()
        nll = -(chosen_logps * mc).sum() / mc.sum()
        return pref + self.alpha * nll


def get_inputs():
    chosen = -torch.rand(batch_size, seq_len) * 2.0
    rejected = -torch.rand(batch_size, seq_len) * 2.0
    chosen_len = torch.randint(4, seq_len + 1, (batch_size,))
    rejected_len = torch.randint(4, seq_len + 1, (batch_size,))
    return [chosen, rejected, chosen_len, rejected_len]


def get_init_inputs():
    return []
