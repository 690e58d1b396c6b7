"""Triton BM25: a term-statistics kernel, a document-length kernel and a (query x document) scoring kernel over term chunks."""

import torch
import torch.nn as nn
import triton
import triton.language as tl


@triton.jit
def idf_kernel(tf_ptr, idf_ptr, n_docs, n_terms, BT: tl.constexpr):
    t = tl.program_id(0) * BT + tl.arange(0, BT)
    tm = t < n_terms
    df = tl.zeros([BT], dtype=tl.float32)
    for d in range(0, n_docs):
        v = tl.load(tf_ptr + d * n_terms + t, mask=tm, other=0.0)
        df += tl.where(v > 0, 1.0, 0.0)
    idf = tl.log((n_docs - df + 0.5) / (df + 0.5))
    tl.store(idf_ptr + t, idf, mask=tm)


@triton.jit
def doclen_kernel(tf_ptr, norm_ptr, n_docs, n_terms, k1, b, BD: tl.constexpr, BT: tl.constexpr):
    d = tl.arange(0, BD)
    dm = d < n_docs
    acc = tl.zeros([BD], dtype=tl.float32)
    for t0 in range(0, n_terms, BT):
        t = t0 + tl.arange(0, BT)
        tile = tl.load(tf_ptr + d[:, None] * n_terms + t[None, :], mask=dm[:, None] & (t[None, :] < n_terms), other=0.0)
        acc += tl.sum(tile, axis=1)
    avg = tl.sum(acc, axis=0) / n_docs
    norm = k1 * (1.0 - b + b * acc / avg)
    tl.store(norm_ptr + d, norm, mask=dm)


@triton.jit
def score_kernel(tf_ptr, q_ptr, idf_ptr, norm_ptr, out_ptr, n_q, n_docs, n_terms, k1,
                 BQ: tl.constexpr, BD: tl.constexpr, BT: tl.constexpr):
    q = tl.program_id(0) * BQ + tl.arange(0, BQ)
    d = tl.program_id(1) * BD + tl.arange(0, BD)
    qm = q < n_q
    dm = d < n_docs
    norm = tl.load(norm_ptr + d, mask=dm, other=1.0)
    acc = tl.zeros([BQ, BD], dtype=tl.float32)
    for t0 in range(0, n_terms, BT):
        t = t0 + tl.arange(0, BT)
        tmask = t < n_terms
        idf = tl.load(idf_ptr + t, mask=tmask, other=0.0)
        f = tl.load(tf_ptr + d[None, :] * n_terms + t[:, None], mask=tmask[:, None] & dm[None, :], other=0.0)
        w = idf[:, None] * f * (k1 + 1.0) / (f + norm[None, :])
        qt = tl.load(q_ptr + q[:, None] * n_terms + t[None, :], mask=qm[:, None] & tmask[None, :], other=0.0)
        acc += tl.sum(qt[:, :, None] * w[None, :, :], axis=1)
    tl.store(out_ptr + q[:, None] * n_docs + d[None, :], acc, mask=qm[:, None] & dm[None, :])


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.k1 = 1.2
        self.b = 0.75

    def forward(self, tf: torch.Tensor, query: torch.Tensor) -> torch.Tensor:
        tf = tf.contiguous()
        query = query.contiguous()
        n_docs, n_terms = tf.shape
        n_q = query.shape[0]
        idf = torch.empty(n_terms, device=tf.device, dtype=tf.dtype)
        norm = torch.empty(n_docs, device=tf.device, dtype=tf.dtype)
        out = torch.empty((n_q, n_docs), device=tf.device, dtype=tf.dtype)
        idf_kernel[(triton.cdiv(n_terms, 128),)](tf, idf, n_docs, n_terms, BT=128)
        doclen_kernel[(1,)](tf, norm, n_docs, n_terms, self.k1, self.b,
                            BD=triton.next_power_of_2(n_docs), BT=64)
        score_kernel[(triton.cdiv(n_q, 16), triton.cdiv(n_docs, 32))](tf, query, idf, norm, out, n_q, n_docs, n_terms,
                                                                     self.k1, BQ=16, BD=32, BT=32)
        return out
