"""Per-token log-probabilities of the target ids under fp16 logits, computed and returned in fp32."""

import torch
import torch.nn as nn

batch_size = 4
seq_len = 16
vocab_size = 500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> torch.Tensor:
        logp = torch.log_softmax(logits.float(), dim=-1)
        return logp.gather(-1, targets.unsqueeze(-1)).squeeze(-1)


def get_inputs():
    logits = (torch.randn(batch_size, seq_len, vocab_size) * 3.0).half()
    targets = torch.randint(0, vocab_size, (batch_size, seq_len))
    return [logits, targets]


def get_init_inputs():
    return []
