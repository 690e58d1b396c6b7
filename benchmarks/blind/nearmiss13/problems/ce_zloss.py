"""Mean cross-entropy with an auxiliary z-loss on the log-partition (PaLM style)."""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 777
z_loss_weight = 0.01


class Model(nn.Module):
    def __init__(self, z_weight: float):
        super().__init__()
        self.z_weight = z_weight

    def forward(self, logits: torch.Tensor, target: torch.Tensor) -> torch.Tensor:
        lse = torch.logsumexp(logits, dim=1)
        ce = lse - logits.gather(1, target[:, None]).squeeze(1)
        return (ce + self.z_weight * lse * lse).mean()


def get_inputs():
    return [torch.randn(batch_size, vocab_size) * 3.0, torch.randint(0, vocab_size, (batch_size,))]


def get_init_inputs():
    return [z_loss_weight]
