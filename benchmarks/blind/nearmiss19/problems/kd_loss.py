"""Knowledge-distillation loss (Hinton et al.): KL(softmax(teacher / T) || softmax(student / T)),
batch mean, scaled by T^2."""

import torch
import torch.nn as nn
import torch.nn.functional as F

batch_size = 16
vocab_size = 1000
temperature = 4


class Model(nn.Module):
    def __init__(self, temperature: int):
        super().__init__()
        self.T = float(temperature)

    def forward(self, student: torch.Tensor, teacher: torch.Tensor) -> torch.Tensor:
        T = self.T
        ls = F.log_softmax(student / T, dim=-1)
        lt = F.log_softmax(teacher / T, dim=-1)
        return F.kl_div(ls, lt, reduction="batchmean", log_target=True) * (T * T)


def get_inputs():
    teacher = 3.0 * torch.randn(batch_size, vocab_size)
    student = 0.6 * teacher + 2.0 * torch.randn(batch_size, vocab_size)
    return [student, teacher]


def get_init_inputs():
    return [temperature]
