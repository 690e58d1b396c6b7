"""Membership test of int64 ids against a small set of test ids (torch.isin)."""

import torch
import torch.nn as nn

num_elements = 2000
num_test = 64
id_range = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, elements, test_elements):
        return torch.isin(elements, test_elements)


def get_inputs():
    return [torch.randint(0, id_range, (num_elements,)), torch.randint(0, id_range, (num_test,))]


def get_init_inputs():
    return []
