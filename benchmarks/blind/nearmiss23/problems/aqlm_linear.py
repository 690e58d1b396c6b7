"""AQLM-style additive-quantised linear layer: every group of 8 input weights of an output row is the sum of
one code vector from each of two codebooks, times a per-output-row scale; y = x @ W^T."""

import torch
import torch.nn as nn

batch_size = 16
in_features = 64
out_features = 48
group_size = 8
num_codebooks = 2
codebook_size = 16


class Model(nn.Module):
    def __init__(self, in_features, out_features, group_size, num_codebooks, codebook_size):
        super().__init__()
        self.group_size = group_size
        self.register_buffer("codes", torch.randint(0, codebook_size, (out_features, in_features // group_size, num_codebooks)))
        self.codebooks = nn.Parameter(torch.randn(num_codebooks, codebook_size, group_size) * 0.5)
        self.scales = nn.Parameter(torch.rand(out_features) + 0.5)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        out_f, groups, m = self.codes.shape
        vecs = torch.zeros(out_f, groups, self.group_size, device=x.device)
        for c in range(m):
            vecs = vecs + self.codebooks[c][self.codes[:, :, c]]
        w = vecs.reshape(out_f, groups * self.group_size) * self.scales[:, None]
        return x @ w.t()


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, group_size, num_codebooks, codebook_size]
