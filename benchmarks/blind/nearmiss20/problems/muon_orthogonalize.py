"""Newton-Schulz orthogonalisation of a gradient matrix (the Muon optimizer's zeropower step, fp32).

X = G / (||G||_F + 1e-7); work on the wide orientation (transpose when rows > cols); five quintic
iterations X <- a X + (b A + c A A) X with A = X X^T and (a, b, c) = (3.4445, -4.7750, 2.0315).
"""

import torch
import torch.nn as nn

rows = 48
cols = 96
steps = 5


class Model(nn.Module):
    def __init__(self, steps: int = 5):
        super().__init__()
        self.steps = steps

    def forward(self, G: torch.Tensor) -> torch.Tensor:
        a, b, c = (3.4445, -4.7750, 2.0315)
        X = G / (G.norm() + 1e-7)
        transposed = G.size(0) > G.size(1)
        if transposed:
            X = X.T
        for _ in range(self.steps):
            A = X @ X.T
            B = b * A + c * A @ A
            X = a * X + B @ X
        if transposed:
            X = X.T
        return X


def get_inputs():
    return [torch.randn(rows, cols)]


def get_init_inputs():
    return [steps]
