"""Pure-pursuit curvature with Triton: one program per vehicle, the whole path in one block."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def pursuit_kernel(pose_ptr, path_ptr, out_ptr, P, stride_pose, stride_pb, stride_pp, ld2, BLOCK: tl.constexpr):
    v = tl.program_id(0)
    px = tl.load(pose_ptr + v * stride_pose + 0)
    py = tl.load(pose_ptr + v * stride_pose + 1)
    yaw = tl.load(pose_ptr + v * stride_pose + 2)
    idx = tl.arange(0, BLOCK)
    m = idx < P
    qx = tl.load(path_ptr + v * stride_pb + idx * stride_pp + 0, mask=m, other=0.0)
    qy = tl.load(path_ptr + v * stride_pb + idx * stride_pp + 1, mask=m, other=0.0)
    dx = qx - px
    dy = qy - py
    d2 = tl.where(m, dx * dx + dy * dy, float("inf"))
    dmin = tl.min(d2, axis=0)
    nearest = tl.min(tl.where(d2 == dmin, idx, BLOCK), axis=0)
    ok = m & (idx >= nearest) & (d2 >= ld2)
    target = tl.min(tl.where(ok, idx, P - 1), axis=0)
    tx = tl.sum(tl.where(idx == target, dx, 0.0), axis=0)
    ty = tl.sum(tl.where(idx == target, dy, 0.0), axis=0)
    local_y = tl.sin(yaw) * tx + tl.cos(yaw) * ty
    tl.store(out_ptr + v, 2.0 * local_y / (tx * tx + ty * ty))


class ModelNew(nn.Module):
    def __init__(self, lookahead: float):
        super().__init__()
        self.ld2 = lookahead * lookahead

    def forward(self, pose: torch.Tensor, path: torch.Tensor) -> torch.Tensor:
        pose, path = pose.contiguous(), path.contiguous()
        V, P = path.shape[0], path.shape[1]
        out = torch.empty(V, device=pose.device, dtype=pose.dtype)
        pursuit_kernel[(V,)](pose, path, out, P, pose.stride(0), path.stride(0), path.stride(1), self.ld2,
                             BLOCK=triton.next_power_of_2(P))
        return out
