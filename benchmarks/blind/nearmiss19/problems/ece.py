"""Expected calibration error (Guo et al. 2017) of a softmax classifier: equal-width confidence bins
(lo, hi], sum over bins of |mean confidence - accuracy| weighted by the bin's share of samples."""

import torch
import torch.nn as nn

num_samples = 2000
num_classes = 10
n_bins = 15


class Model(nn.Module):
    def __init__(self, n_bins: int):
        super().__init__()
        self.n_bins = n_bins

    def forward(self, logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        probs = torch.softmax(logits, dim=1)
        conf, pred = probs.max(dim=1)
        acc = pred.eq(labels).float()
        edges = torch.linspace(0, 1, self.n_bins + 1, device=logits.device)
        ece = torch.zeros((), device=logits.device)
        for lo, hi in zip(edges[:-1], edges[1:]):
            in_bin = (conf > lo) & (conf <= hi)
            prop = in_bin.float().mean()
            if prop > 0:
                ece += (conf[in_bin].mean() - acc[in_bin].mean()).abs() * prop
        return ece


def get_inputs():
    labels = torch.randint(0, num_classes, (num_samples,))
    guess = torch.where(torch.rand(num_samples) < 0.7, labels, torch.randint(0, num_classes, (num_samples,)))
    onehot = torch.nn.functional.one_hot(guess, num_classes).float()
    scale = 0.2 + 1.3 * torch.rand(num_samples, 1)
    logits = (torch.randn(num_samples, num_classes) + 4.0 * onehot) * scale
    return [logits, labels]


def get_init_inputs():
    return [n_bins]
