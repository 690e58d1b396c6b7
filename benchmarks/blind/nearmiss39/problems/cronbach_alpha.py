"""Cronbach's alpha (1951) of multi-item tests: alpha = K / (K - 1) (1 - sum_k var_k / var_total).

scores is (tests, respondents, items) on a scaled-score metric (means near 500); variances are sample
variances (N - 1 divisor) over respondents, var_total that of the respondents' summed scores.
"""

import torch
import torch.nn as nn

num_tests = 24
num_respondents = 400
num_items = 12


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, scores):
        k = scores.shape[2]
        item_var = scores.var(dim=1).sum(dim=1)
        total_var = scores.sum(dim=2).var(dim=1)
        return k / (k - 1.0) * (1.0 - item_var / total_var)


def get_inputs():
    t, r, k = num_tests, num_respondents, num_items
    ability = torch.randn(t, r, 1)
    loading = 2.0 + 8.0 * torch.rand(t, 1, k)
    offset = 480.0 + 40.0 * torch.rand(t, 1, k)
    noise = (3.0 + 9.0 * torch.rand(t, 1, k)) * torch.randn(t, r, k)
    return [torch.round((offset + loading * ability + noise) * 4.0) / 4.0]


def get_init_inputs():
    return []
