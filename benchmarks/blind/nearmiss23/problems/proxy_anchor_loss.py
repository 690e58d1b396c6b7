"""Proxy-Anchor loss (Kim et al. 2020): cosine similarities of embeddings to learned class proxies,
positive term averaged over proxies that have positives, negative term over all proxies."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 32
embed_dim = 24
num_classes = 12
num_present = 8


class Model(nn.Module):
    def __init__(self, num_classes, embed_dim, mrg=0.1, alpha=32.0):
        super().__init__()
        self.proxies = nn.Parameter(torch.randn(num_classes, embed_dim))
        self.mrg, self.alpha = mrg, alpha

    def forward(self, x, labels):
        c = self.proxies.shape[0]
        cos = F.linear(F.normalize(x, dim=1), F.normalize(self.proxies, dim=1))
        p_one_hot = F.one_hot(labels, c).float()
        n_one_hot = 1.0 - p_one_hot
        pos_exp = torch.exp(-self.alpha * (cos - self.mrg))
        neg_exp = torch.exp(self.alpha * (cos + self.mrg))
        with_pos = (p_one_hot.sum(dim=0) != 0)
        num_valid = with_pos.sum()
        p_sim_sum = torch.where(p_one_hot == 1, pos_exp, torch.zeros_like(pos_exp)).sum(dim=0)
        n_sim_sum = torch.where(n_one_hot == 1, neg_exp, torch.zeros_like(neg_exp)).sum(dim=0)
        pos_term = torch.log1p(p_sim_sum).sum() / num_valid
        neg_term = torch.log1p(n_sim_sum).sum() / c
        return pos_term + neg_term


def get_inputs():
    return [torch.randn(batch_size, embed_dim), torch.randint(0, num_present, (batch_size,))]


def get_init_inputs():
    return [num_classes, embed_dim]
