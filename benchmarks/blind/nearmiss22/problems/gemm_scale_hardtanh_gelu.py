"""Linear -> scale -> Hardtanh -> GELU (KernelBench level 2, Gemm_Scaling_Hardtanh_GELU)."""

import torch
import torch.nn as nn

batch_size = 50
in_features = 48
out_features = 40
scaling_factor = 1.5
hardtanh_min = -1.0
hardtanh_max = 1.0


class Model(nn.Module):
    def __init__(self, in_features, out_features, scaling_factor, hardtanh_min, hardtanh_max):
        super().__init__()
        self.gemm = nn.Linear(in_features, out_features)
        self.scaling_factor = scaling_factor
        self.hardtanh = nn.Hardtanh(min_val=hardtanh_min, max_val=hardtanh_max)
        self.gelu = nn.GELU()

    def forward(self, x):
        x = self.gemm(x)
        x = x * self.scaling_factor
        x = self.hardtanh(x)
        return self.gelu(x)


def get_inputs():
    return [torch.randn(batch_size, in_features)]


def get_init_inputs():
    return [in_features, out_features, scaling_factor, hardtanh_min, hardtanh_max]
