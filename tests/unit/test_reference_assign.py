"""The reference's value for a name the kernel assigns alike (patterns/operators/reference_assign.py), and
the constants a kernel file keeps at module level or a reference folds (patterns/operators/reference.py).
Every kernel here is written for the test; none is a blind-set file."""

from __future__ import annotations

import ast

from kagent.patterns.engine import search_candidates
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.reference import reference_edits
from kagent.patterns.operators.reference_assign import assignment_edits

HEAD = "import math\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n\n"

MIX_REF = HEAD + '''class Model(nn.Module):
    def __init__(self, eps: float = 1e-6, drift: float = 0.05, vol: float = 0.3):
        super().__init__()
        self.eps, self.drift, self.vol = eps, drift, vol

    def forward(self, parts: torch.Tensor) -> torch.Tensor:
        a, b, c, d = parts.unbind(1)
        total = a + b + c + d
        spread = torch.sqrt(a ** 2 + self.eps)
        step = (self.drift - 0.5 * self.vol ** 2) * 0.01
        return torch.stack([a / total, spread * step], dim=1)
'''

MIX = HEAD + '''@triton.jit
def mix_kernel(p_ptr, out_ptr, n, eps, step, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    a = tl.load(p_ptr + offs * 4, mask=m, other=1.0)
    b = tl.load(p_ptr + offs * 4 + 1, mask=m, other=0.0)
    c = tl.load(p_ptr + offs * 4 + 2, mask=m, other=0.0)
    d = tl.load(p_ptr + offs * 4 + 3, mask=m, other=0.0)
    total = a + b + c
    spread = tl.sqrt(a * a + eps)
    tl.store(out_ptr + offs * 2, a / total, mask=m)
    tl.store(out_ptr + offs * 2 + 1, spread * step, mask=m)


class ModelNew(nn.Module):
    def __init__(self, eps: float = 1e-6, drift: float = 0.05, vol: float = 0.3):
        super().__init__()
        self.eps, self.drift, self.vol = eps, drift, vol

    def forward(self, parts: torch.Tensor) -> torch.Tensor:
        parts = parts.contiguous()
        n = parts.shape[0]
        out = torch.empty((n, 2), device=parts.device, dtype=parts.dtype)
        step = self.drift * 0.01
        mix_kernel[(triton.cdiv(n, 128),)](parts, out, n, self.eps, step, BLOCK=128)
        return out
'''


def test_a_lost_term_and_a_lost_host_correction_come_back_from_the_reference():
    edits = assignment_edits(Src(MIX), ast.parse(MIX_REF))
    fixed = {e[4][0].strip() for e in edits}
    assert "total = a + b + c + d" in fixed  # a kernel variable: the reference's names are the kernel's
    assert "step = (self.drift - 0.5 * self.vol ** 2) * 0.01" in fixed  # host code keeps self.* it sets
    # `spread` already holds the reference's value in kernel terms (self.eps -> eps, torch.sqrt -> tl.sqrt,
    # a ** 2 -> a * a): nothing to propose there
    assert not any(e[4][0].strip().startswith("spread") for e in edits)
    # the fixes rank first among all the reference edits
    top = [e.lines[0].strip() for _p, e in reference_edits(MIX, MIX_REF, [])[:2]]
    assert set(top) == {"total = a + b + c + d", "step = (self.drift - 0.5 * self.vol ** 2) * 0.01"}


def test_values_with_no_kernel_terms_or_little_in_common_are_left_out():
    ref = HEAD + '''class Model(nn.Module):
    def forward(self, x):
        total = x[:, 0] + x[:, 1]
        scale = torch.logsumexp(x, dim=1)
        out = x.cumsum(1) * scale[:, None]
        return out / total[:, None]
'''
    kernel = MIX.replace("total = a + b + c", "total = a + b").replace("step = self.drift * 0.01", "scale = 2.0")
    assert assignment_edits(Src(kernel), ast.parse(ref)) == []  # subscripts, a method, a call Triton lacks


def test_module_constants_of_the_kernel_file_and_folded_reference_values_are_reference_literals():
    ref = HEAD + '''class Model(nn.Module):
    def __init__(self, gain: float = 0.25):
        super().__init__()
        self.gain = gain

    def forward(self, x):
        return x * (2.0 ** -0.5) * self.gain
'''
    kernel = HEAD + '''ROOT_HALF = 0.5
GAIN = 0.125
BLOCK = 256


@triton.jit
def scale_kernel(x_ptr, out_ptr, n, k, c, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * c * k, mask=m)


class ModelNew(nn.Module):
    def __init__(self, gain: float = GAIN):
        super().__init__()
        self.gain = gain

    def forward(self, x):
        out = torch.empty_like(x)
        scale_kernel[(triton.cdiv(x.numel(), BLOCK),)](x, out, x.numel(), self.gain, ROOT_HALF, BLOCK=BLOCK)
        return out
'''
    lines = [e.lines[0] for _p, e in reference_edits(kernel, ref, [])]
    assert f"ROOT_HALF = {2.0 ** -0.5!r}" in lines  # `2.0 ** -0.5` is one value to a kernel
    assert "GAIN = 0.25" in lines
    assert not any(x.startswith("BLOCK =") for x in lines)  # a launch size is a position, not a constant


def test_the_search_screens_the_reference_assignment_in_its_first_batch():
    cands = search_candidates([], MIX, [(14, 1.0), (15, 0.8)], {"operand": 1.0}, reference=MIX_REF)
    rank = next(i for i, c in enumerate(cands) if c.operator == "reference_assign" and "a + b + c + d" in c.source)
    assert rank < 8


def test_a_reference_name_that_only_recasts_another_is_known_by_the_original():
    ref = HEAD + '''class Model(nn.Module):
    def forward(self, r: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        rd, kd = r.double(), k.double()
        y = rd * torch.sqrt(1.0 - kd * kd)
        return y.float()
'''
    kernel = HEAD + '''@triton.jit
def ell_kernel(r_ptr, k_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    r = tl.load(r_ptr + offs, mask=m)
    k = tl.load(k_ptr + offs, mask=m)
    y = r * tl.sqrt(1.0 - k)
    tl.store(out_ptr + offs, y, mask=m)
'''
    fixed = [e[4][0].strip() for e in assignment_edits(Src(kernel), ast.parse(ref))]
    assert fixed == ["y = r * tl.sqrt(1.0 - k * k)"]


def test_where_the_operands_do_not_translate_the_references_operators_are_put_on_the_kernels():
    ref = HEAD + '''class Model(nn.Module):
    def __init__(self, dt: float = 0.02):
        super().__init__()
        self.dt = dt

    def forward(self, y: torch.Tensor, g: torch.Tensor) -> torch.Tensor:
        prev = y[:, 0]
        out = []
        for t in range(y.shape[1]):
            rate = -g * (y[:, t] - prev) / self.dt
            out.append(rate)
            prev = y[:, t]
        return torch.stack(out, dim=1)
'''
    kernel = HEAD + '''@triton.jit
def rate_kernel(y_ptr, g_ptr, out_ptr, T, dt, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    g = tl.load(g_ptr + row)
    prev = tl.load(y_ptr + row * T)
    for t in range(T):
        yt = tl.load(y_ptr + row * T + t)
        rate = -g * (yt - prev) * dt
        tl.store(out_ptr + row * T + t, rate)
        prev = yt
'''
    fixed = [e[4][0].strip() for e in assignment_edits(Src(kernel), ast.parse(ref))]
    assert fixed == ["rate = -g * (yt - prev) / dt"]


def test_a_reference_clamp_becomes_tritons_maximum_and_minimum():
    ref = HEAD + '''class Model(nn.Module):
    def __init__(self, lo: float = -1.0, hi: float = 1.0):
        super().__init__()
        self.lo, self.hi = lo, hi

    def forward(self, e: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
        acc = torch.zeros_like(e[:, 0])
        for t in range(e.shape[1]):
            et = e[:, t]
            acc = torch.clamp(acc + k * et, self.lo, self.hi)
        return acc
'''
    kernel = HEAD + '''@triton.jit
def windup(e_ptr, k_ptr, out_ptr, T, lo, hi, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    k = tl.load(k_ptr + row)
    acc = 0.0
    for t in range(T):
        et = tl.load(e_ptr + row * T + t)
        acc = acc + k * et
    tl.store(out_ptr + row, acc)
'''
    fixed = [e[4][0].strip() for e in assignment_edits(Src(kernel), ast.parse(ref))]
    assert fixed == ["acc = tl.minimum(tl.maximum(acc + k * et, lo), hi)"]


def test_a_string_table_a_few_characters_off_the_references_is_put_back():
    ref = HEAD + '''DIGITS = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ"


class Model(nn.Module):
    def forward(self, x):
        table = torch.tensor(list(DIGITS), device=x.device)
        return table[x]
'''
    kernel = HEAD + '''SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWX-_"


class ModelNew(nn.Module):
    def forward(self, x):
        table = torch.tensor([ord(c) for c in SYMBOLS], device=x.device)
        return table[x]
'''
    lines = [e.lines[0] for _p, e in reference_edits(kernel, ref, []) if e.operator == "reference_string"]
    assert lines == ['SYMBOLS = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"']  # the kernel's type and quotes


def test_a_helper_named_as_the_references_returns_its_value_with_the_kernels_parameters():
    ref = HEAD + '''def _smooth(u):
    return u * u * u * (u * (u * 6.0 - 15.0) + 10.0)


class Model(nn.Module):
    def forward(self, x):
        return _smooth(x - torch.floor(x))
'''
    kernel = HEAD + '''@triton.jit
def smooth(s):
    return s * s * (3.0 - 2.0 * s)


@triton.jit
def smooth_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, smooth(x - tl.floor(x)), mask=offs < n)
'''
    fixed = [e[4][0].strip() for e in assignment_edits(Src(kernel), ast.parse(ref))]
    assert fixed == ["return s * s * s * (s * (s * 6.0 - 15.0) + 10.0)"]
