"""One Schedule-Free AdamW step (Defazio et al. 2024; linear warm-up, weight_lr_power 2, r 0), on the
evaluation sequence y and the base sequence z: Adam-normalised gradient with L2 decay evaluated at y,
y <- lerp(y, z, c_{k+1}) + lr (beta1 (1 - c_{k+1}) - 1) g, z <- z - lr g. The step count and warm-up
length are constructor arguments; c_{k+1} follows the running weight sum of the schedule.
Returns torch.stack([y, z, exp_avg_sq])."""

import torch
import torch.nn as nn

num_params = 3000
step = 6
warmup_steps = 4


class Model(nn.Module):
    def __init__(self, step: int, warmup_steps: int, lr: float = 0.05, beta1: float = 0.9, beta2: float = 0.999,
                 eps: float = 1e-8, weight_decay: float = 0.1):
        super().__init__()
        self.step, self.warmup_steps = step, warmup_steps
        self.lr, self.beta1, self.beta2, self.eps, self.weight_decay = lr, beta1, beta2, eps, weight_decay

    def _schedule(self):
        lr_max, weight_sum, lr, weight = 0.0, 0.0, 0.0, 0.0
        for k in range(self.step + 1):
            lr = self.lr * min(1.0, (k + 1) / self.warmup_steps)
            lr_max = max(lr, lr_max)
            weight = lr_max ** 2.0
            weight_sum += weight
        return lr, weight / weight_sum, 1 - self.beta2 ** (self.step + 1)

    def forward(self, y, z, grad, exp_avg_sq):
        lr, ckp1, bias_correction2 = self._schedule()
        y, z, v = y.clone(), z.clone(), exp_avg_sq.clone()
        v.mul_(self.beta2).addcmul_(grad, grad, value=1 - self.beta2)
        denom = v.div(bias_correction2).sqrt_().add_(self.eps)
        g = grad.div(denom)
        g.add_(y, alpha=self.weight_decay)
        adaptive_y_lr = lr * (self.beta1 * (1 - ckp1) - 1)
        y.lerp_(end=z, weight=ckp1)
        y.add_(g, alpha=adaptive_y_lr)
        z.sub_(g, alpha=lr)
        return torch.stack([y, z, v])


def get_inputs():
    y = torch.randn(num_params)
    z = torch.randn(num_params)
    grad = torch.randn(num_params)
    exp_avg_sq = torch.rand(num_params) * 0.01
    return [y, z, grad, exp_avg_sq]


def get_init_inputs():
    return [step, warmup_steps]
