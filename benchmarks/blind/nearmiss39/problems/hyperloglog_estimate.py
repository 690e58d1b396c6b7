"""HyperLogLog cardinality estimates (Flajolet, Fusy, Gandouet and Meunier 2007) from register arrays.

Each row is one sketch of m registers (int32, the largest leading-zero rank seen in the bucket). The raw
estimate alpha_m m^2 / sum 2^-M gets the paper's small-range correction (linear counting, m ln(m / V) with
V empty registers, when the estimate is at most 5m/2 and V > 0) and its large-range correction for
32-bit hashes (-2^32 ln(1 - E / 2^32) above 2^32 / 30).
"""

import math

import torch
import torch.nn as nn

num_sketches = 48
num_registers = 256


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, registers):
        m = registers.shape[1]
        alpha = 0.7213 / (1.0 + 1.079 / m)
        z = torch.pow(2.0, -registers.to(torch.float32)).sum(dim=1)
        est = alpha * m * m / z
        zeros = (registers == 0).sum(dim=1).to(torch.float32)
        small = (est <= 2.5 * m) & (zeros > 0)
        est = torch.where(small, m * torch.log(m / zeros), est)
        two32 = 4294967296.0
        large = est > two32 / 30.0
        return torch.where(large, -two32 * torch.log(1.0 - est / two32), est)


def get_inputs():
    m = num_registers
    p = int(round(math.log2(m)))
    cap = 32 - p + 1
    log_n = 0.3 + 9.2 * torch.rand(num_sketches, dtype=torch.float64)
    log_n[:4] = torch.tensor([0.7, 1.9, 2.6, 8.6], dtype=torch.float64)
    n = torch.pow(10.0, log_n)[:, None]
    u = torch.rand(num_sketches, m, dtype=torch.float64).clamp_min(1e-12)
    k = torch.ceil(torch.log2(n / (m * -torch.log(u))))
    return [k.clamp(0, cap).to(torch.int32)]


def get_init_inputs():
    return []
