"""FCOS centerness as a CUDA extension (load_inline), one thread per point."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void centerness_kernel(const float* __restrict__ ltrb, float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float l = ltrb[4 * i + 0];
  float t = ltrb[4 * i + 1];
  float r = ltrb[4 * i + 2];
  float b = ltrb[4 * i + 3];
  float c = (fminf(l, r) / fmaxf(l, r)) * (fminf(t, b) / fmaxf(t, b));
  out[i] = c;
}

torch::Tensor centerness_cuda(torch::Tensor ltrb) {
  TORCH_CHECK(ltrb.is_cuda() && ltrb.scalar_type() == torch::kFloat32, "ltrb must be a CUDA float32 tensor");
  auto x = ltrb.contiguous();
  int n = static_cast<int>(x.size(0));
  auto out = torch::empty({n}, x.options());
  if (n > 0) {
    const int threads = 256;
    const int blocks = (n + threads - 1) / threads;
    centerness_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        x.data_ptr<float>(), out.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  }
  return out;
}
"""

CPP_SRC = "torch::Tensor centerness_cuda(torch::Tensor ltrb);"

_ext = load_inline(
    name="nm16_fcos_centerness_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["centerness_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, ltrb: torch.Tensor) -> torch.Tensor:
        return _ext.centerness_cuda(ltrb)
