"""Frame aligned point error (AlphaFold FAPE): clamped, length-scaled, averaged over frames and points."""

import torch
import torch.nn as nn

batch_size = 2
num_frames = 40
num_points = 70

CLAMP = 10.0
LENGTH_SCALE = 10.0
EPS = 1e-4


def _quat_to_rot(q):
    q = q / q.norm(dim=-1, keepdim=True)
    w, x, y, z = q.unbind(-1)
    return torch.stack([
        1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
        2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
        2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
    ], dim=-1).reshape(q.shape[:-1] + (3, 3))


def _to_local(rot, trans, pos):
    diff = pos[:, None, :, :] - trans[:, :, None, :]
    return torch.einsum("bfmk,bfnm->bfnk", rot, diff)


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, rot_pred, trans_pred, pos_pred, rot_true, trans_true, pos_true):
        local_pred = _to_local(rot_pred, trans_pred, pos_pred)
        local_true = _to_local(rot_true, trans_true, pos_true)
        err = torch.sqrt(torch.sum((local_pred - local_true) ** 2, dim=-1) + EPS)
        err = torch.clamp(err, max=CLAMP) / LENGTH_SCALE
        return err.mean(dim=(1, 2))


def get_inputs():
    q_true = torch.randn(batch_size, num_frames, 4)
    q_pred = q_true + 0.15 * torch.randn(batch_size, num_frames, 4)
    trans_true = 8.0 * torch.randn(batch_size, num_frames, 3)
    trans_pred = trans_true + 2.0 * torch.randn(batch_size, num_frames, 3)
    pos_true = 8.0 * torch.randn(batch_size, num_points, 3)
    pos_pred = pos_true + 2.0 * torch.randn(batch_size, num_points, 3)
    return [_quat_to_rot(q_pred), trans_pred, pos_pred, _quat_to_rot(q_true), trans_true, pos_true]


def get_init_inputs():
    return []
