"""3D Gaussian splatting covariance: Sigma = R S S^T R^T from log-scales and unnormalised (w, x, y, z) quaternions,
returned as the six upper-triangle entries (xx, xy, xz, yy, yz, zz)."""

import torch
import torch.nn as nn

num_gaussians = 4000


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_scales: torch.Tensor, quats: torch.Tensor) -> torch.Tensor:
        s = torch.exp(log_scales)
        q = quats / quats.norm(dim=-1, keepdim=True)
        w, x, y, z = q.unbind(-1)
        R = torch.stack([
            1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
            2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
            2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
        ], dim=-1).reshape(-1, 3, 3)
        L = R * s[:, None, :]
        cov = L @ L.transpose(1, 2)
        iu = torch.triu_indices(3, 3, device=cov.device)
        return cov[:, iu[0], iu[1]]


def get_inputs():
    return [torch.randn(num_gaussians, 3) * 0.5 - 1.0, torch.randn(num_gaussians, 4) * 2.0]


def get_init_inputs():
    return []
