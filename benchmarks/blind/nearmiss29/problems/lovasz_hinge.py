"""Per-image Lovasz hinge loss of binary segmentation logits over flattened pixels."""

import torch
import torch.nn as nn

batch_size = 16
num_pixels = 100


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        signs = 2.0 * labels - 1.0
        errors = 1.0 - logits * signs
        errors_sorted, perm = torch.sort(errors, dim=1, descending=True)
        gt_sorted = torch.gather(labels, 1, perm)
        gts = gt_sorted.sum(dim=1, keepdim=True)
        inter = gts - gt_sorted.cumsum(dim=1)
        union = gts + (1.0 - gt_sorted).cumsum(dim=1)
        jac = 1.0 - inter / union
        grad = torch.cat([jac[:, :1], jac[:, 1:] - jac[:, :-1]], dim=1)
        return (torch.relu(errors_sorted) * grad).sum(dim=1)


def get_inputs():
    logits = torch.randn(batch_size, num_pixels) * 2.0
    labels = (torch.rand(batch_size, num_pixels) < 0.4).to(torch.float32)
    labels[:, 0] = 1.0
    return [logits, labels]


def get_init_inputs():
    return []
