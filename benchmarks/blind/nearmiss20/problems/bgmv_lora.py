"""Multi-LoRA batched gather matrix-vector (punica / vLLM bgmv shrink + expand).

Every token t picks adapter indices[t] (-1: no adapter) and gets
out[t] = base[t] + scaling * lora_b[i] @ (lora_a[i] @ x[t]).
lora_a: (num_loras, rank, in_features); lora_b: (num_loras, out_features, rank).
"""

import torch
import torch.nn as nn

num_tokens = 40
in_features = 64
out_features = 48
rank = 8
num_loras = 3
scaling = 2


class Model(nn.Module):
    def __init__(self, scaling: float = 1.0):
        super().__init__()
        self.scaling = float(scaling)

    def forward(self, x, base, lora_a, lora_b, indices):
        valid = indices >= 0
        idx = torch.where(valid, indices, torch.zeros_like(indices))
        h = torch.einsum("tri,ti->tr", lora_a[idx], x)
        y = torch.einsum("tor,tr->to", lora_b[idx], h)
        return base + self.scaling * y * valid.unsqueeze(1).to(x.dtype)


def get_inputs():
    x = torch.randn(num_tokens, in_features)
    base = torch.randn(num_tokens, out_features)
    lora_a = torch.randn(num_loras, rank, in_features) / 8.0
    lora_b = torch.randn(num_loras, out_features, rank) / 4.0
    indices = torch.randint(-1, num_loras, (num_tokens,))
    indices[:num_loras + 1] = torch.arange(-1, num_loras)
    return [x, base, lora_a, lora_b, indices]


def get_init_inputs():
    return [scaling]
