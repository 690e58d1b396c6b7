"""R2D2 transformed n-step double-Q targets: y_t = h( sum_k (prod discounts) r_{t+k} + (prod discounts) *
h^-1(Q_target(s_{t+n'}, argmax_a Q_online(s_{t+n'}, a))) ), with h(x) = sign(x)(sqrt(|x| + 1) - 1) + eps x,
its closed-form inverse, discounts gamma * (1 - done), and the bootstrap index n' clipped at the sequence end
(the Q arrays hold T + 1 states)."""

import torch
import torch.nn as nn

batch_size = 8
seq_len = 20
num_actions = 6
n_step = 5


def _h(x, eps):
    return torch.sign(x) * (torch.sqrt(torch.abs(x) + 1.0) - 1.0) + eps * x


def _h_inv(x, eps):
    return torch.sign(x) * (((torch.sqrt(1.0 + 4.0 * eps * (torch.abs(x) + 1.0 + eps)) - 1.0) / (2.0 * eps)) ** 2 - 1.0)


class Model(nn.Module):
    def __init__(self, n_step: int, gamma: float = 0.997, eps: float = 1e-3):
        super().__init__()
        self.n_step, self.gamma, self.eps = n_step, gamma, eps

    def forward(self, rewards, dones, q_online, q_target):
        B, T = rewards.shape
        a_star = q_online.argmax(dim=-1)
        boot = _h_inv(q_target.gather(-1, a_star[..., None]).squeeze(-1), self.eps)
        disc = self.gamma * (1.0 - dones)
        out = torch.empty(B, T, device=rewards.device, dtype=rewards.dtype)
        for t in range(T):
            ret = torch.zeros(B, device=rewards.device, dtype=rewards.dtype)
            mult = torch.ones(B, device=rewards.device, dtype=rewards.dtype)
            for k in range(self.n_step):
                if t + k >= T:
                    break
                ret = ret + mult * rewards[:, t + k]
                mult = mult * disc[:, t + k]
            ret = ret + mult * boot[:, min(t + self.n_step, T)]
            out[:, t] = _h(ret, self.eps)
        return out


def get_inputs():
    rewards = torch.randn(batch_size, seq_len) * 5.0
    dones = (torch.rand(batch_size, seq_len) < 0.08).float()
    q_online = torch.randn(batch_size, seq_len + 1, num_actions) * 4.0
    q_target = torch.randn(batch_size, seq_len + 1, num_actions) * 4.0
    return [rewards, dones, q_online, q_target]


def get_init_inputs():
    return [n_step]
