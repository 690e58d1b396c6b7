"""uint8 HWC images to normalised float CHW tensors (torchvision ToTensor + Normalize)."""

import torch
import torch.nn as nn

batch_size = 2
height = 17
width = 23


class Model(nn.Module):
    def __init__(self, mean, std):
        super().__init__()
        self.mean = tuple(mean)
        self.std = tuple(std)

    def forward(self, img):
        x = img.permute(0, 3, 1, 2).float() / 255.0
        mean = torch.tensor(self.mean, dtype=torch.float32, device=img.device).view(1, 3, 1, 1)
        std = torch.tensor(self.std, dtype=torch.float32, device=img.device).view(1, 3, 1, 1)
        return (x - mean) / std


def get_inputs():
    return [torch.randint(0, 256, (batch_size, height, width, 3), dtype=torch.uint8)]


def get_init_inputs():
    return [(0.485, 0.456, 0.406), (0.229, 0.224, 0.225)]
