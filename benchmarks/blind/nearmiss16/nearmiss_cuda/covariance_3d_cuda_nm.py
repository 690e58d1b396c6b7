"""3DGS covariance as a CUDA extension (load_inline): one thread per Gaussian, L = R S kept in registers."""

import hashlib

import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

CUDA_SRC = r"""
#include <torch/extension.h>
#include <c10/cuda/CUDAException.h>
#include <c10/cuda/CUDAStream.h>

__global__ void cov3d_kernel(const float* __restrict__ log_scales, const float* __restrict__ quats,
                             float* __restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float s[3];
  for (int k = 0; k < 3; ++k) s[k] = expf(log_scales[3 * i + k]);
  float qw = quats[4 * i + 0], qx = quats[4 * i + 1], qy = quats[4 * i + 2], qz = quats[4 * i + 3];
  float inv = 1.0f / sqrtf(qw * qw + qx * qx + qy * qy + qz * qz);
  float w = qw * inv, x = qx * inv, y = qy * inv, z = qz * inv;
  float R[3][3] = {
      {1.f - 2.f * (y * y + z * z), 2.f * (x * y - w * z), 2.f * (x * z + w * y)},
      {2.f * (x * y + w * z), 1.f - 2.f * (x * x + z * z), 2.f * (y * z - w * x)},
      {2.f * (x * z - w * y), 2.f * (y * z + w * x), 1.f - 2.f * (x * x + y * y)}};
  float L[3][3];
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) L[r][c] = R[r][c] * s[c];
  float* o = out + 6 * i;
  o[0] = L[0][0] * L[0][0] + L[0][1] * L[0][1] + L[0][2] * L[0][2];
  o[1] = L[0][0] * L[1][0] + L[0][1] * L[1][1] + L[0][2] * L[1][2];
  o[2] = L[0][0] * L[2][0] + L[1][0] * L[2][1] + L[0][2] * L[2][2];
  o[3] = L[1][0] * L[1][0] + L[1][1] * L[1][1] + L[1][2] * L[1][2];
  o[4] = L[1][0] * L[2][0] + L[1][1] * L[2][1] + L[1][2] * L[2][2];
  o[5] = L[2][0] * L[2][0] + L[2][1] * L[2][1] + L[2][2] * L[2][2];
}

torch::Tensor cov3d_cuda(torch::Tensor log_scales, torch::Tensor quats) {
  TORCH_CHECK(log_scales.is_cuda() && log_scales.scalar_type() == torch::kFloat32, "log_scales must be CUDA float32");
  TORCH_CHECK(quats.is_cuda() && quats.scalar_type() == torch::kFloat32, "quats must be CUDA float32");
  auto ls = log_scales.contiguous();
  auto q = quats.contiguous();
  int n = static_cast<int>(ls.size(0));
  auto out = torch::empty({n, 6}, ls.options());
  if (n > 0) {
    const int threads = 128;
    const int blocks = (n + threads - 1) / threads;
    cov3d_kernel<<<blocks, threads, 0, c10::cuda::getCurrentCUDAStream()>>>(
        ls.data_ptr<float>(), q.data_ptr<float>(), out.data_ptr<float>(), n);
    C10_CUDA_KERNEL_LAUNCH_CHECK();
  }
  return out;
}
"""

CPP_SRC = "torch::Tensor cov3d_cuda(torch::Tensor log_scales, torch::Tensor quats);"

_ext = load_inline(
    name="nm16_cov3d_ext_" + hashlib.sha1(CUDA_SRC.encode()).hexdigest()[:10],
    cpp_sources=CPP_SRC,
    cuda_sources=CUDA_SRC,
    functions=["cov3d_cuda"],
    verbose=False,
)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, log_scales: torch.Tensor, quats: torch.Tensor) -> torch.Tensor:
        return _ext.cov3d_cuda(log_scales, quats)
