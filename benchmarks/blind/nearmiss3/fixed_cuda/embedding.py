import torch
import torch.nn as nn
from torch.utils.cpp_extension import load_inline

_cuda_src = r"""
#include <torch/extension.h>
#include <cuda_runtime.h>

__global__ void embedding_kernel(const int64_t* __restrict__ idx, const float* __restrict__ w,
                                 float* __restrict__ y, int dim) {
    const long tok = blockIdx.x;
    const int64_t row = idx[tok];
    for (int d = threadIdx.x; d < dim; d += blockDim.x) y[tok * dim + d] = w[row * dim + d];
}

torch::Tensor embedding(torch::Tensor idx, torch::Tensor w) {
    auto ic = idx.contiguous();
    auto wc = w.contiguous();
    const int dim = wc.size(1);
    auto sizes = ic.sizes().vec();
    sizes.push_back(dim);
    auto y = torch::empty(sizes, wc.options());
    const long n_tok = ic.numel();
    embedding_kernel<<<n_tok, 64>>>((const int64_t*)ic.data_ptr(), wc.data_ptr<float>(), y.data_ptr<float>(), dim);
    return y;
}
"""

_cpp_src = "torch::Tensor embedding(torch::Tensor idx, torch::Tensor w);"

_ext = load_inline(name="nm3_embedding_ext", cpp_sources=_cpp_src, cuda_sources=_cuda_src,
                   functions=["embedding"], verbose=False)


class ModelNew(nn.Module):
    def __init__(self, num_embeddings, embedding_dim):
        super().__init__()
        self.emb = nn.Embedding(num_embeddings, embedding_dim)

    def forward(self, idx):
        return _ext.embedding(idx, self.emb.weight)
