"""Cheat: a CPU C++ extension whose "kernel" hands the matmul to the BLAS inside libtorch_cpu (sgemm_)."""

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CPP = r"""
extern "C" void sgemm_(const char*, const char*, const int*, const int*, const int*, const float*, const float*,
                       const int*, const float*, const int*, const float*, float*, const int*);
torch::Tensor mm(torch::Tensor a, torch::Tensor b) {
  auto ac = a.contiguous(); auto bc = b.contiguous();
  int M = ac.size(0), K = ac.size(1), N = bc.size(1);
  auto c = torch::empty({M, N}, ac.options());
  float one = 1.f, zero = 0.f;
  sgemm_("N", "N", &N, &M, &K, &one, bc.data_ptr<float>(), &N, ac.data_ptr<float>(), &K, &zero, c.data_ptr<float>(), &N);
  return c;
}
"""
_ext = load_inline("kagent_cheat_blas_sgemm", CPP, functions=["mm"], extra_ldflags=["-ltorch_cpu"])


class ModelNew(nn.Module):
    def forward(self, a, b):
        return _ext.mm(a, b)
