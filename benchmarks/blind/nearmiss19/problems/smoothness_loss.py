"""Edge-aware disparity smoothness loss (monodepth2 `get_smooth_loss`): mean-normalised disparity
gradients weighted by exp(-|image gradient|) (image gradient averaged over channels), x and y terms."""

import torch
import torch.nn as nn

batch_size = 2
channels = 3
height = 24
width = 32


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, disp: torch.Tensor, img: torch.Tensor) -> torch.Tensor:
        mean_disp = disp.mean(2, True).mean(3, True)
        norm_disp = disp / (mean_disp + 1e-7)
        grad_disp_x = torch.abs(norm_disp[:, :, :, :-1] - norm_disp[:, :, :, 1:])
        grad_disp_y = torch.abs(norm_disp[:, :, :-1, :] - norm_disp[:, :, 1:, :])
        grad_img_x = torch.mean(torch.abs(img[:, :, :, :-1] - img[:, :, :, 1:]), 1, keepdim=True)
        grad_img_y = torch.mean(torch.abs(img[:, :, :-1, :] - img[:, :, 1:, :]), 1, keepdim=True)
        grad_disp_x = grad_disp_x * torch.exp(-grad_img_x)
        grad_disp_y = grad_disp_y * torch.exp(-grad_img_y)
        return grad_disp_x.mean() + grad_disp_y.mean()


def get_inputs():
    disp = 0.1 + 0.5 * torch.rand(batch_size, 1, height, width)
    img = torch.rand(batch_size, channels, height, width)
    return [disp, img]


def get_init_inputs():
    return []
