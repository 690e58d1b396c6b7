"""Multi-kernel maximum mean discrepancy (DAN-style domain adaptation loss): Gaussian kernels whose bandwidths are
powers of a multiplier around the mean pairwise squared distance of the pooled samples; biased estimate."""

import torch
import torch.nn as nn

num_samples = 40
feature_dim = 20
kernel_num = 5


class Model(nn.Module):
    def __init__(self, kernel_num: int, kernel_mul: float = 2.0):
        super().__init__()
        self.kernel_num = kernel_num
        self.kernel_mul = kernel_mul

    def forward(self, source, target):
        n = source.shape[0]
        total = torch.cat([source, target], 0)
        ns = total.shape[0]
        diff = total[None, :, :] - total[:, None, :]
        l2 = (diff * diff).sum(2)
        bandwidth = l2.sum() / (ns * ns - ns)
        bandwidth = bandwidth / (self.kernel_mul ** (self.kernel_num // 2))
        kernels = sum(torch.exp(-l2 / (bandwidth * self.kernel_mul ** i)) for i in range(self.kernel_num))
        xx = kernels[:n, :n]
        yy = kernels[n:, n:]
        xy = kernels[:n, n:]
        yx = kernels[n:, :n]
        return torch.mean(xx + yy - xy - yx)


def get_inputs():
    source = torch.randn(num_samples, feature_dim)
    target = torch.randn(num_samples, feature_dim) * 1.3 + 0.4
    return [source, target]


def get_init_inputs():
    return [kernel_num]
