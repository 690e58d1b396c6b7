"""VICReg loss (Bardes et al. 2022) between two batches of embeddings: invariance (MSE), variance
(hinge on the per-dimension standard deviation sqrt(var + 1e-4), unbiased variance) and covariance
(squared off-diagonal covariance entries / dim) terms. Returns a 0-d tensor."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 37
dim = 24


class Model(nn.Module):
    def __init__(self, sim_coeff: float, std_coeff: float, cov_coeff: float):
        super().__init__()
        self.sim_coeff = sim_coeff
        self.std_coeff = std_coeff
        self.cov_coeff = cov_coeff

    def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        N, D = x.shape
        repr_loss = F.mse_loss(x, y)
        x = x - x.mean(dim=0)
        y = y - y.mean(dim=0)
        std_x = torch.sqrt(x.var(dim=0) + 1e-4)
        std_y = torch.sqrt(y.var(dim=0) + 1e-4)
        std_loss = torch.mean(F.relu(1.0 - std_x)) / 2 + torch.mean(F.relu(1.0 - std_y)) / 2
        cov_x = (x.T @ x) / (N - 1)
        cov_y = (y.T @ y) / (N - 1)
        off = ~torch.eye(D, dtype=torch.bool, device=x.device)
        cov_loss = cov_x[off].pow(2).sum() / D + cov_y[off].pow(2).sum() / D
        return self.sim_coeff * repr_loss + self.std_coeff * std_loss + self.cov_coeff * cov_loss


def get_inputs():
    scales = torch.linspace(0.4, 1.6, dim)
    x = torch.randn(batch_size, dim) * scales + 0.5
    y = x + 0.5 * torch.randn(batch_size, dim)
    return [x, y]


def get_init_inputs():
    return [25.0, 25.0, 1.0]
