import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def soft_ce_row_kernel(logit_ptr, prob_ptr, loss_ptr, n_cls, stride_l, stride_p, inv_rows,
                       BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    valid = cols < n_cls
    z = tl.load(logit_ptr + row * stride_l + cols, mask=valid, other=float("-inf"))
    p = tl.load(prob_ptr + row * stride_p + cols, mask=valid, other=0.0)
    z_max = tl.max(z, axis=0)
    lse = z_max + tl.log(tl.sum(tl.exp(z - z_max), axis=0))
    contrib = tl.where(valid, p * (lse - z), 0.0)
    tl.atomic_add(loss_ptr, tl.sum(contrib, axis=0) * inv_rows)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, logits, target_probs):
        logits = logits.contiguous()
        target_probs = target_probs.contiguous()
        B, C = logits.shape
        loss = torch.zeros((), device=logits.device, dtype=torch.float32)
        soft_ce_row_kernel[(B,)](logits, target_probs, loss, C, logits.stride(0), target_probs.stride(0),
                                 1.0 / B, BLOCK=triton.next_power_of_2(C))
        return loss
