"""Cross-entropy on soft-capped logits (Gemma-2 final-logit soft-capping, as in unsloth's fused CE).

z = softcap * tanh(logits / softcap); per-row loss = logsumexp(z) - z[label]; rows whose label is
ignore_index contribute nothing; the result is the mean over the non-ignored rows.
"""

import torch
import torch.nn as nn

batch_size = 16
vocab_size = 3000
softcap = 20
ignore_index = -100


class Model(nn.Module):
    def __init__(self, softcap: float = 30.0, ignore_index: int = -100):
        super().__init__()
        self.softcap = float(softcap)
        self.ignore_index = ignore_index

    def forward(self, logits: torch.Tensor, labels: torch.Tensor) -> torch.Tensor:
        z = self.softcap * torch.tanh(logits / self.softcap)
        lse = torch.logsumexp(z, dim=-1)
        valid = labels != self.ignore_index
        tgt = z.gather(1, torch.where(valid, labels, 0).unsqueeze(1)).squeeze(1)
        loss = torch.where(valid, lse - tgt, torch.zeros_like(lse))
        return loss.sum() / valid.sum().clamp(min=1)


def get_inputs():
    logits = torch.randn(batch_size, vocab_size) * 8.0
    labels = torch.randint(0, vocab_size, (batch_size,))
    labels[::5] = ignore_index
    return [logits, labels]


def get_init_inputs():
    return [softcap, ignore_index]
