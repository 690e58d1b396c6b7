"""Log-probability and rank of the sampled token (vLLM's gather_logprobs / batched_count_greater_than).

For each row: logprob = log_softmax(logits)[token]; rank = number of vocabulary entries whose logit is
>= the sampled token's logit (1 for the arg-max). Returns a (batch, 2) float tensor [logprob, rank].
"""

import torch
import torch.nn as nn

batch_size = 24
vocab_size = 2500


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits: torch.Tensor, token_ids: torch.Tensor) -> torch.Tensor:
        logp = torch.log_softmax(logits, dim=-1)
        chosen = logits.gather(1, token_ids.unsqueeze(1))
        rank = (logits >= chosen).sum(dim=-1)
        lp = logp.gather(1, token_ids.unsqueeze(1)).squeeze(1)
        return torch.stack([lp, rank.to(logits.dtype)], dim=1)


def get_inputs():
    logits = torch.randn(batch_size, vocab_size) * 3.0
    token_ids = torch.randint(0, vocab_size, (batch_size,))
    token_ids[::4] = logits[::4].argmax(dim=-1)
    token_ids[1::4] = logits[1::4].topk(5, dim=-1).indices[:, -1]
    return [logits, token_ids]


def get_init_inputs():
    return []
