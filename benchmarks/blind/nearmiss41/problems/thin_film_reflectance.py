"""Normal-incidence reflectance spectra of lossless dielectric multilayer coatings (transfer matrices)."""

import math

import torch
import torch.nn as nn

num_stacks = 60
num_layers = 8
num_wavelengths = 200


class Model(nn.Module):
    """Reflectance of each coating at each wavelength, characteristic-matrix method.

    index: (S, L) refractive index of each layer (light enters layer 0 first); thickness: (S, L) nm;
    num_active: (S,) int64, only the first num_active layers of a stack exist; substrate: (S,)
    substrate index; wavelength: (W,) nm. Layer j has phase thickness delta = 2 pi n d / lambda and
    matrix [[cos delta, i sin delta / n], [i n sin delta, cos delta]]; the stack matrix is the product
    in order, [B, C] = M [1, ns] and R = |(n0 B - C) / (n0 B + C)|^2 with the ambient index n0.
    Returns (S, W).
    """

    def __init__(self, ambient_index: float = 1.0):
        super().__init__()
        self.n0 = ambient_index

    def forward(self, index, thickness, num_active, substrate, wavelength):
        s_count, n_layers = index.shape
        w = wavelength[None, :]
        a = torch.ones(s_count, wavelength.shape[0], device=index.device)
        b = torch.zeros_like(a)
        c = torch.zeros_like(a)
        d = torch.ones_like(a)
        for j in range(n_layers):
            nj = index[:, j:j + 1]
            delta = 2.0 * math.pi * nj * thickness[:, j:j + 1] / w
            cs = torch.cos(delta)
            sn = torch.sin(delta)
            a2 = a * cs - b * (nj * sn)
            b2 = a * (sn / nj) + b * cs
            c2 = c * cs + d * (nj * sn)
            d2 = d * cs - c * (sn / nj)
            act = j < num_active[:, None]
            a = torch.where(act, a2, a)
            b = torch.where(act, b2, b)
            c = torch.where(act, c2, c)
            d = torch.where(act, d2, d)
        ns = substrate[:, None]
        n0 = self.n0
        re_n = n0 * a - ns * d
        im_n = n0 * ns * b - c
        re_d = n0 * a + ns * d
        im_d = n0 * ns * b + c
        return (re_n * re_n + im_n * im_n) / (re_d * re_d + im_d * im_d)


def get_inputs():
    index = 1.38 + 1.0 * torch.rand(num_stacks, num_layers)
    thickness = 40.0 + 180.0 * torch.rand(num_stacks, num_layers)
    num_active = torch.randint(1, num_layers + 1, (num_stacks,))
    substrate = 1.45 + 0.3 * torch.rand(num_stacks)
    wavelength = torch.sort(380.0 + 400.0 * torch.rand(num_wavelengths)).values
    return [index, thickness, num_active, substrate, wavelength]


def get_init_inputs():
    return [1.0]
