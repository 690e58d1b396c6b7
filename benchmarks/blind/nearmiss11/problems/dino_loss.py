"""DINO self-distillation loss: cross-entropy between the centred, sharpened teacher distribution
and the student distribution, mean over the batch."""

import torch
import torch.nn as nn

batch_size = 16
out_dim = 257


class Model(nn.Module):
    """sum(-softmax((t - center) / tau_t) * log_softmax(s / tau_s), -1).mean()."""

    def __init__(self, out_dim: int, student_temp: float = 0.1, teacher_temp: float = 0.04):
        super().__init__()
        self.student_temp = student_temp
        self.teacher_temp = teacher_temp
        self.register_buffer("center", 0.5 * torch.randn(1, out_dim))

    def forward(self, student: torch.Tensor, teacher: torch.Tensor) -> torch.Tensor:
        t = torch.softmax((teacher - self.center) / self.teacher_temp, dim=-1)
        ls = torch.log_softmax(student / self.student_temp, dim=-1)
        return torch.sum(-t * ls, dim=-1).mean()


def get_inputs():
    return [torch.randn(batch_size, out_dim), torch.randn(batch_size, out_dim)]


def get_init_inputs():
    return [out_dim]
