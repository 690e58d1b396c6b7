"""Distance correlation (Szekely, Rizzo and Bakirov 2007; dcor.distance_correlation): double-centred
Euclidean distance matrices of two paired samples, dCor = sqrt(dCov^2 / sqrt(dVar_x^2 dVar_y^2))."""

import torch
import torch.nn as nn

batch_size = 4
num_samples = 90
x_dim = 3
y_dim = 2


def _centred(z):
    d = ((z[:, :, None, :] - z[:, None, :, :]) ** 2).sum(dim=-1).sqrt()
    return d - d.mean(dim=1, keepdim=True) - d.mean(dim=2, keepdim=True) + d.mean(dim=(1, 2), keepdim=True)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        a = _centred(x)
        b = _centred(y)
        dcov = (a * b).mean(dim=(1, 2))
        dvx = (a * a).mean(dim=(1, 2))
        dvy = (b * b).mean(dim=(1, 2))
        return (dcov / torch.sqrt(dvx * dvy)).clamp(min=0.0).sqrt()


def get_inputs():
    x = torch.randn(batch_size, num_samples, x_dim)
    strength = torch.linspace(0.0, 1.5, batch_size)[:, None, None]
    f = torch.stack([torch.sin(2.0 * x[..., 0]) + x[..., 1] ** 2, x[..., 2] * x[..., 0],
                     torch.cos(x[..., 1]) * x[..., 0]], dim=-1)[..., :y_dim]
    y = strength * f + torch.randn(batch_size, num_samples, y_dim)
    return [x, y]


def get_init_inputs():
    return []
