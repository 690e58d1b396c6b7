"""Connectionist temporal classification loss per sequence (torch.nn.functional.ctc_loss, blank 0,
reduction 'none': the negative log-likelihood of each target sequence, shape (batch,))."""

import torch
import torch.nn as nn
import torch.nn.functional as F

time_steps = 30
batch_size = 4
num_classes = 12
max_target_len = 10


class Model(nn.Module):
    def __init__(self, blank: int = 0):
        super().__init__()
        self.blank = blank

    def forward(self, log_probs, targets, input_lengths, target_lengths):
        return F.ctc_loss(log_probs, targets, input_lengths, target_lengths, blank=self.blank,
                          reduction="none", zero_infinity=False)


def get_inputs():
    log_probs = torch.randn(time_steps, batch_size, num_classes).log_softmax(2)
    targets = torch.randint(1, num_classes, (batch_size, max_target_len))
    targets[:, 2] = targets[:, 1]
    targets[0, 5] = targets[0, 4]
    target_lengths = torch.randint(3, max_target_len + 1, (batch_size,))
    target_lengths[0] = max_target_len
    input_lengths = torch.randint(max(2 * max_target_len + 1, time_steps - 8), time_steps + 1, (batch_size,))
    input_lengths[0] = time_steps
    return [log_probs, targets, input_lengths, target_lengths]


def get_init_inputs():
    return [0]
