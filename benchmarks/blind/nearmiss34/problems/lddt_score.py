"""Per-residue lDDT (local distance difference test) of predicted against true coordinates."""

import torch
import torch.nn as nn

batch_size = 2
num_res = 100

CUTOFF = 15.0


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, pred: torch.Tensor, true: torch.Tensor, mask: torch.Tensor) -> torch.Tensor:
        d_true = torch.sqrt(1e-10 + torch.sum((true[:, :, None, :] - true[:, None, :, :]) ** 2, dim=-1))
        d_pred = torch.sqrt(1e-10 + torch.sum((pred[:, :, None, :] - pred[:, None, :, :]) ** 2, dim=-1))
        n = true.shape[1]
        eye = torch.eye(n, device=true.device, dtype=true.dtype)
        to_score = (d_true < CUTOFF).to(true.dtype) * mask[:, :, None] * mask[:, None, :] * (1.0 - eye)
        l1 = torch.abs(d_true - d_pred)
        score = 0.25 * ((l1 < 0.5).to(true.dtype) + (l1 < 1.0).to(true.dtype)
                        + (l1 < 2.0).to(true.dtype) + (l1 < 4.0).to(true.dtype))
        norm = 1.0 / (1e-10 + torch.sum(to_score, dim=-1))
        return norm * (1e-10 + torch.sum(to_score * score, dim=-1))


def get_inputs():
    steps = torch.randn(batch_size, num_res, 3)
    steps = 3.8 * steps / steps.norm(dim=-1, keepdim=True)
    true = torch.cumsum(steps, dim=1)
    pred = true + 1.5 * torch.randn(batch_size, num_res, 3)
    mask = (torch.rand(batch_size, num_res) > 0.1).float()
    return [pred, true, mask]


def get_init_inputs():
    return []
