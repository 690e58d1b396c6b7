"""TD3 target action smoothing, a flat Triton kernel over all elements."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def td3_kernel(mu_ptr, n_ptr, out_ptr, numel, policy_noise, noise_clip, max_action, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < numel
    mu = tl.load(mu_ptr + offs, mask=m, other=0.0)
    nz = tl.load(n_ptr + offs, mask=m, other=0.0)
    eps = tl.clamp(nz * policy_noise, -noise_clip, noise_clip, propagate_nan=tl.PropagateNan.ALL)
    a = tl.clamp(mu + eps, -max_action, max_action, propagate_nan=tl.PropagateNan.ALL)
    tl.store(out_ptr + offs, a, mask=m)


class ModelNew(nn.Module):
    def __init__(self, policy_noise=0.2, noise_clip=0.5, max_action=2.0):
        super().__init__()
        self.policy_noise = policy_noise
        self.noise_clip = noise_clip
        self.max_action = max_action

    def forward(self, mu: torch.Tensor, noise: torch.Tensor) -> torch.Tensor:
        mu = mu.contiguous()
        noise = noise.contiguous()
        out = torch.empty_like(mu)
        n = mu.numel()
        BLOCK = 512
        td3_kernel[(triton.cdiv(n, BLOCK),)](mu, noise, out, n, self.policy_noise, self.noise_clip,
                                            self.max_action, BLOCK=BLOCK)
        return out
