"""One ADOPT optimizer step (Taniguchi et al. 2024; L2 weight decay folded into the gradient): the gradient is
normalised by the *previous* second-moment estimate (clamped below by eps), clipped to +-step^0.25, averaged into
the momentum, the parameter moves by -lr * momentum, and only then is the second moment updated. On the first
step only the second moment is initialised. Returns torch.stack([param, exp_avg, exp_avg_sq])."""

import torch
import torch.nn as nn

num_params = 4000
step = 10


class Model(nn.Module):
    def __init__(self, step: int, lr: float = 1e-2, beta1: float = 0.9, beta2: float = 0.9, eps: float = 1e-6,
                 weight_decay: float = 0.01):
        super().__init__()
        self.step, self.lr, self.beta1, self.beta2, self.eps, self.weight_decay = step, lr, beta1, beta2, eps, weight_decay

    def forward(self, param, grad, exp_avg, exp_avg_sq):
        param, exp_avg, exp_avg_sq = param.clone(), exp_avg.clone(), exp_avg_sq.clone()
        if self.step == 1:
            exp_avg_sq.addcmul_(grad, grad)
            return torch.stack([param, exp_avg, exp_avg_sq])
        grad = grad.add(param, alpha=self.weight_decay)
        denom = torch.clamp(exp_avg_sq.sqrt(), self.eps)
        normed_grad = grad.div(denom)
        clip = self.step ** 0.25
        normed_grad.clamp_(-clip, clip)
        exp_avg.lerp_(normed_grad, 1 - self.beta1)
        param.add_(exp_avg, alpha=-self.lr)
        exp_avg_sq.mul_(self.beta2).addcmul_(grad, grad, value=1 - self.beta2)
        return torch.stack([param, exp_avg, exp_avg_sq])


def get_inputs():
    param = torch.randn(num_params)
    grad = torch.randn(num_params)
    exp_avg = torch.randn(num_params) * 0.1
    exp_avg_sq = torch.rand(num_params) * 0.5 + 0.01
    exp_avg_sq[::10] = 0.0
    return [param, grad, exp_avg, exp_avg_sq]


def get_init_inputs():
    return [step]
