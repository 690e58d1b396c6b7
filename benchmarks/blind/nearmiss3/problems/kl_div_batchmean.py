import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
dim = 500


class Model(nn.Module):
    """KL divergence KL(target || exp(input)) with batchmean reduction; input holds log-probabilities."""

    def __init__(self):
        super().__init__()

    def forward(self, log_q, p):
        return F.kl_div(log_q, p, reduction="batchmean")


def get_inputs():
    log_q = torch.log_softmax(torch.randn(batch_size, dim), dim=1)
    p = torch.softmax(torch.randn(batch_size, dim), dim=1)
    return [log_q, p]


def get_init_inputs():
    return []
