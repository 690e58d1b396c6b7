"""Pure-pursuit steering curvature: look-ahead point searched forward from the nearest path point."""

import torch
import torch.nn as nn

num_vehicles = 64
path_len = 200
LOOKAHEAD = 2.0


class Model(nn.Module):
    def __init__(self, lookahead: float):
        super().__init__()
        self.ld2 = lookahead * lookahead

    def forward(self, pose: torch.Tensor, path: torch.Tensor) -> torch.Tensor:
        px, py, yaw = pose[:, 0:1], pose[:, 1:2], pose[:, 2]
        dx = path[:, :, 0] - px
        dy = path[:, :, 1] - py
        d2 = dx * dx + dy * dy
        nearest = torch.argmin(d2, dim=1, keepdim=True)
        idx = torch.arange(path.shape[1], device=path.device)[None, :]
        ok = (idx >= nearest) & (d2 >= self.ld2)
        big = torch.full_like(idx, path.shape[1] - 1).expand_as(d2)
        target = torch.where(ok, idx.expand_as(d2), big).amin(dim=1, keepdim=True)
        tx = torch.gather(dx, 1, target)[:, 0]
        ty = torch.gather(dy, 1, target)[:, 0]
        local_y = -torch.sin(yaw) * tx + torch.cos(yaw) * ty
        return 2.0 * local_y / (tx * tx + ty * ty)


def get_inputs():
    heading = torch.cumsum(0.08 * torch.randn(num_vehicles, path_len), dim=1)
    step = torch.stack([torch.cos(heading), torch.sin(heading)], dim=-1) * 0.5
    path = torch.round(torch.cumsum(step, dim=1) * 4.0) / 4.0
    at = torch.randint(path_len // 4, path_len, (num_vehicles,))
    at[: num_vehicles // 8] = path_len - 2
    base = path[torch.arange(num_vehicles), at]
    offset = torch.round(torch.randn(num_vehicles, 2) * 2.0) / 4.0 + 0.125
    yaw = heading[torch.arange(num_vehicles), at] + 0.3 * torch.randn(num_vehicles)
    pose = torch.cat([base + offset, yaw[:, None]], dim=1)
    return [pose, path]


def get_init_inputs():
    return [LOOKAHEAD]
