"""SigLIP pairwise sigmoid contrastive loss with a learnable temperature and bias."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 48
embed_dim = 32


class Model(nn.Module):
    """-sum_ij log sigmoid(z_ij * (exp(t) * <x_i, y_j> + b)) / B, z_ij = 1 on matching pairs, -1 elsewhere."""

    def __init__(self):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(math.log(10.0)))
        self.logit_bias = nn.Parameter(torch.tensor(-10.0))

    def forward(self, img: torch.Tensor, txt: torch.Tensor) -> torch.Tensor:
        logits = img @ txt.t() * self.logit_scale.exp() + self.logit_bias
        labels = 2.0 * torch.eye(img.shape[0], dtype=img.dtype, device=img.device) - 1.0
        return -F.logsigmoid(labels * logits).sum() / img.shape[0]


def get_inputs():
    img = F.normalize(torch.randn(batch_size, embed_dim), dim=-1)
    txt = F.normalize(img + 0.5 * torch.randn(batch_size, embed_dim), dim=-1)
    return [img, txt]


def get_init_inputs():
    return []
