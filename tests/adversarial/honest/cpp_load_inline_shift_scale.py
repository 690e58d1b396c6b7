"""Honest: a CPU C++ extension (load_inline, cpp_sources only) computing x * 3 + 1 in a plain loop."""
import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP = """
torch::Tensor shift_scale(torch::Tensor x, double k) {
  auto xc = x.contiguous();
  auto y = torch::empty_like(xc);
  const float* a = xc.data_ptr<float>();
  float* b = y.data_ptr<float>();
  const int64_t n = xc.numel();
  for (int64_t i = 0; i < n; ++i) {
    b[i] = a[i] * (float)k + 1.0f;
  }
  return y;
}
"""

_ext = load_inline("kagent_honest_shift_scale_cpp", CPP, functions=["shift_scale"])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x):
        return _ext.shift_scale(x, 3.0)
