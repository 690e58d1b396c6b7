"""RNN-Transducer loss (torchaudio.functional.rnnt_loss semantics, blank = 0, no clamping, mean over the
batch): log-softmax over the joiner logits, the forward (alpha) recursion over the (time x label) lattice of
each utterance up to its own logit / target lengths, loss = -(alpha[T-1, U] + log p_blank[T-1, U])."""

import torch
import torch.nn as nn

batch_size = 3
max_time = 10
max_target = 5
vocab_size = 12


class Model(nn.Module):
    def __init__(self, blank: int = 0):
        super().__init__()
        self.blank = blank

    def forward(self, logits, targets, logit_lengths, target_lengths):
        B = logits.shape[0]
        logp = logits.log_softmax(dim=-1)
        losses = []
        for b in range(B):
            Tb, Ub = int(logit_lengths[b]), int(target_lengths[b])
            lp = logp[b]
            blank = lp[:Tb, :Ub + 1, self.blank]
            tgt = targets[b, :Ub].long()
            emit = lp[:Tb, torch.arange(Ub, device=logits.device), tgt]
            rows = []
            for t in range(Tb):
                row = []
                for u in range(Ub + 1):
                    if t == 0 and u == 0:
                        a = torch.zeros((), device=logits.device, dtype=logits.dtype)
                    elif t == 0:
                        a = row[u - 1] + emit[0, u - 1]
                    elif u == 0:
                        a = rows[t - 1][0] + blank[t - 1, 0]
                    else:
                        a = torch.logaddexp(rows[t - 1][u] + blank[t - 1, u], row[u - 1] + emit[t, u - 1])
                    row.append(a)
                rows.append(row)
            losses.append(-(rows[Tb - 1][Ub] + blank[Tb - 1, Ub]))
        return torch.stack(losses).mean()


def get_inputs():
    logits = torch.randn(batch_size, max_time, max_target + 1, vocab_size) * 2.0
    targets = torch.randint(1, vocab_size, (batch_size, max_target), dtype=torch.int32)
    logit_lengths = torch.randint(max_time - 4, max_time, (batch_size,), dtype=torch.int32)
    logit_lengths[0] = max_time
    target_lengths = torch.randint(1, max_target, (batch_size,), dtype=torch.int32)
    target_lengths[0] = max_target
    return [logits, targets, logit_lengths, target_lengths]


def get_init_inputs():
    return [0]
