"""Operators for a latch, a tie's midpoint and a partner's role (patterns/operators/partners.py, flow.py,
compare.py): each makes its fix from the faulty kernel and nothing from the correct one."""

from __future__ import annotations

from kagent.patterns.operators import OPERATORS
from kagent.patterns.operators.base import Src


def _made(source: str, name: str) -> list[str]:
    src, op = Src(source), OPERATORS[name]
    lines = [-1] if op.global_ else [ln for ln in range(len(src.lines)) if src.scope_of(ln) in op.scopes]
    return ["\n".join([*src.lines[:a], *new, *src.lines[b:]]) for ln in lines for _, a, b, new in op.propose(src, ln)]


HEAD = "import triton\nimport triton.language as tl\n\n\n@triton.jit\n"

FIRST_ALARM = HEAD + '''def alarm_kernel(x_ptr, out_ptr, n, H: tl.constexpr, BLOCK: tl.constexpr):
    rows = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    s = tl.zeros([BLOCK], dtype=tl.float32)
    idx = tl.full([BLOCK], -1, dtype=tl.int64)
    for t in range(0, n):
        s = tl.maximum(s + tl.load(x_ptr + rows * n + t), 0.0)
        new = (idx < 0) & (s > H)
        idx = tl.where(new, t, idx)
    tl.store(out_ptr + rows, idx)
'''


def test_first_latch_records_the_first_alarm_not_the_last():
    faulty = FIRST_ALARM.replace("new = (idx < 0) & (s > H)", "new = s > H")
    assert any("new = (idx < 0) & (s > H)" in m for m in _made(faulty, "first_latch"))
    assert not _made(FIRST_ALARM, "first_latch")


C_INDEX = HEAD + '''def pairs_kernel(out_ptr, r_ptr, e_ptr, t_ptr, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    m = o < n
    ri = tl.load(r_ptr + o, mask=m, other=0.0)
    ti = tl.load(t_ptr + o, mask=m, other=0.0)
    ei = tl.load(e_ptr + o, mask=m, other=0)
    rj = tl.load(r_ptr + o, mask=m, other=0.0)
    tj = tl.load(t_ptr + o, mask=m, other=0.0)
    ok = (ei[:, None] == 1) & (ti[:, None] < tj[None, :]) & m[:, None] & m[None, :]
    sc = tl.where(ri[:, None] > rj[None, :], 1.0, tl.where(ri[:, None] == rj[None, :], 0.5, 0.0))
    tl.store(out_ptr, tl.sum(tl.sum(tl.where(ok, sc, 0.0), axis=1), axis=0))
'''


def test_tie_midpoint_gives_a_tied_pair_half_credit():
    faulty = C_INDEX.replace("tl.where(ri[:, None] == rj[None, :], 0.5, 0.0))", "0.0)")
    assert any("tl.where(ri[:, None] > rj[None, :], 1.0, tl.where(ri[:, None] == rj[None, :], 0.5, 0.0))" in m
               for m in _made(faulty, "tie_midpoint"))
    # a sign: up, down and (the midpoint) unchanged
    sign = faulty.replace("1.0, 0.0)", "1.0, -1.0)")
    assert any("tl.where(ri[:, None] == rj[None, :], 0.0, -1.0)" in m for m in _made(sign, "tie_midpoint"))
    # the correct kernel's outer test still lacks an equality case of its own: its inner where has one
    assert not any("== rj[None, :], 0.5, tl.where" in m for m in _made(C_INDEX, "tie_midpoint"))


def test_pair_side_reads_the_row_member_the_kernel_loads_and_never_reads():
    faulty = C_INDEX.replace("(ei[:, None] == 1)", "(ej[None, :] == 1)").replace(
        "    tj = tl.load", "    ej = tl.load(e_ptr + o, mask=m, other=0)\n    tj = tl.load")
    assert any("ok = (ei[:, None] == 1) &" in m for m in _made(faulty, "pair_side"))
    # every member read: a matmul-like `rm[:, None]` beside `rn[None, :]` is no evidence
    assert not _made(C_INDEX, "pair_side")


TRIANGLES = HEAD + '''def _edge(out_ptr, i, j, w, m):
    tl.atomic_add(out_ptr + i, w, mask=m)
    tl.atomic_add(out_ptr + j, w, mask=m)


@triton.jit
def faces_kernel(out_ptr, f_ptr, w_ptr, n, BLOCK: tl.constexpr):
    fo = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = fo < n
    i0 = tl.load(f_ptr + fo * 3, mask=m, other=0)
    i1 = tl.load(f_ptr + fo * 3 + 1, mask=m, other=0)
    i2 = tl.load(f_ptr + fo * 3 + 2, mask=m, other=0)
    c0 = tl.load(w_ptr + fo * 3, mask=m, other=0.0)
    c1 = tl.load(w_ptr + fo * 3 + 1, mask=m, other=0.0)
    c2 = tl.load(w_ptr + fo * 3 + 2, mask=m, other=0.0)
    _edge(out_ptr, i1, i2, c0, m)
    _edge(out_ptr, i2, i0, c1, m)
    _edge(out_ptr, i0, i1, c2, m)
'''


def test_rotated_call_restores_the_edge_opposite_its_corner():
    faulty = TRIANGLES.replace("_edge(out_ptr, i1, i2, c0, m)", "_edge(out_ptr, i0, i1, c0, m)")
    assert any("_edge(out_ptr, i1, i2, c0, m)" in m for m in _made(faulty, "rotated_call"))
    assert not _made(TRIANGLES, "rotated_call")


SPLINE = HEAD + '''def bin_kernel(x_ptr, cw_ptr, bw_ptr, ch_ptr, bh_ptr, out_ptr, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    m = o < n
    x = tl.load(x_ptr + o, mask=m, other=0.0)
    cw = tl.load(cw_ptr + o, mask=m, other=0.0)
    bw = tl.load(bw_ptr + o, mask=m, other=1.0)
    ch = tl.load(ch_ptr + o, mask=m, other=0.0)
    bh = tl.load(bh_ptr + o, mask=m, other=1.0)
    theta = (x - cw) / bw
    tl.store(out_ptr + o, ch + bh * theta, mask=m)
'''


def test_mixed_extent_normalises_by_the_extent_of_the_same_axis():
    faulty = SPLINE.replace("(x - cw) / bw", "(x - cw) / bh")
    assert any("theta = (x - cw) / bw" in m for m in _made(faulty, "mixed_extent"))
    assert not _made(SPLINE, "mixed_extent")


LOOKUP = HEAD + '''def adc_kernel(out_ptr, lut_ptr, codes_ptr, n, m_sub, k_cb, BLOCK: tl.constexpr):
    q = tl.program_id(0)
    rows = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for m in range(0, m_sub):
        code = tl.load(codes_ptr + rows * m_sub + m, mask=rows < n, other=0)
        acc += tl.load(lut_ptr + q * m_sub * k_cb + m * k_cb + code, mask=rows < n, other=0.0)
    tl.store(out_ptr + q * n + rows, acc, mask=rows < n)
'''


def test_transposed_index_exchanges_a_table_lookups_levels():
    faulty = LOOKUP.replace("m * k_cb + code", "code * m_sub + m")
    assert any("lut_ptr + q * m_sub * k_cb + m * k_cb + code" in m for m in _made(faulty, "transposed_index"))
    # a flat index with no level read from memory is left alone
    plain = LOOKUP.replace("code = tl.load(codes_ptr + rows * m_sub + m, mask=rows < n, other=0)", "code = rows")
    assert not _made(plain.replace("m * k_cb + code", "code * m_sub + m"), "transposed_index")


LAGS = HEAD + '''def lag_kernel(x_ptr, out_ptr, n, KMAX: tl.constexpr, MB: tl.constexpr, IB: tl.constexpr):
    m = tl.arange(0, MB)[:, None]
    i = tl.arange(0, IB)[None, :]
    acc = 0.0
    for k in tl.static_range(1, KMAX + 1):
        idx = m + i * k
        valid = (m < k) & (i >= 1) & (idx < n)
        a = tl.load(x_ptr + idx, mask=valid, other=0.0)
        b = tl.load(x_ptr + idx - k, mask=valid, other=0.0)
        acc += tl.sum(tl.sum(tl.abs(a - b), axis=1), axis=0) / k
    tl.store(out_ptr, acc)
'''


def test_lag_step_reads_the_previous_element_of_a_strided_walk():
    faulty = LAGS.replace("x_ptr + idx - k", "x_ptr + idx - 1")
    assert any("b = tl.load(x_ptr + idx - k," in m for m in _made(faulty, "lag_step"))
    assert not _made(LAGS, "lag_step")


def test_divisor_tries_the_counter_of_the_loop_its_bound_reads():
    faulty = LAGS.replace("axis=0) / k", "axis=0) / KMAX")
    assert any("axis=0) / k\n" in m for m in _made(faulty, "divisor"))


def test_bound_off_by_one_moves_a_named_lower_bound():
    src = HEAD + '''def window_kernel(x_ptr, out_ptr, n, P, BLOCK: tl.constexpr):
    t = tl.arange(0, BLOCK)
    full = (t >= P) & (t < n)
    tl.store(out_ptr + t, tl.where(full, tl.load(x_ptr + t, mask=t < n, other=0.0), 0.0), mask=t < n)
'''
    made = _made(src, "bound_off_by_one")
    assert any("full = (t >= P - 1) & (t < n)" in m for m in made), made
    assert not any("t < n - 1" in m or "t < n + 1" in m for m in made)  # an extent's mask stays


PEARSON = HEAD + '''def corr_kernel(a_ptr, b_ptr, out_ptr, L, BLOCK: tl.constexpr):
    r = tl.program_id(0)
    o = tl.arange(0, BLOCK)
    m = o < L
    u = tl.load(a_ptr + r * L + o, mask=m, other=0.0)
    v = tl.load(b_ptr + o, mask=m, other=0.0)
    um = tl.sum(u, axis=0) / L
    uc = tl.where(m, u - um, 0.0)
    vc = tl.where(m, v - tl.sum(v, axis=0) / L, 0.0)
    tl.store(out_ptr + r, tl.sum(uc * vc, axis=0) / tl.sqrt(tl.sum(uc * uc, axis=0) * tl.sum(vc * vc, axis=0)))
'''


def test_centred_sibling_centres_the_value_its_sibling_centres():
    faulty = PEARSON.replace("vc = tl.where(m, v - tl.sum(v, axis=0) / L, 0.0)", "vc = tl.where(m, v, 0.0)")
    assert any("vc = tl.where(m, v - tl.sum(v, axis=0) / L, 0.0)" in m for m in _made(faulty, "centred_sibling"))
    assert not _made(PEARSON, "centred_sibling")


ORIENT = HEAD + '''def orient_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    o = tl.arange(0, BLOCK)
    gx = tl.load(x_ptr + 2 * o, mask=o < n, other=0.0)
    gy = tl.load(x_ptr + 2 * o + 1, mask=o < n, other=0.0)
    flip = (gy < 0) | ((gy == 0) & (gx < 0))
    tl.store(out_ptr + o, tl.where(flip, -gx, gx), mask=o < n)
'''


def test_half_plane_tie_breaks_the_boundary_on_the_partner_axis():
    faulty = ORIENT.replace("flip = (gy < 0) | ((gy == 0) & (gx < 0))", "flip = gy < 0")
    assert any("flip = (gy < 0) | ((gy == 0) & (gx < 0))" in m for m in _made(faulty, "half_plane_tie"))
    assert not _made(ORIENT, "half_plane_tie")


CANDLES = HEAD + '''def candle_kernel(o_ptr, h_ptr, l_ptr, c_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = i < n
    o = tl.load(o_ptr + i, mask=m, other=0.0)
    h = tl.load(h_ptr + i, mask=m, other=0.0)
    lo = tl.load(l_ptr + i, mask=m, other=0.0)
    c = tl.load(c_ptr + i, mask=m, other=0.0)
    top = tl.maximum(h, tl.maximum(o, c))
    bottom = tl.minimum(lo, tl.minimum(o, c))
    tl.store(out_ptr + i, top - bottom, mask=m)
'''


def test_mirrored_extreme_nests_the_operand_its_mirror_nests():
    faulty = CANDLES.replace("top = tl.maximum(h, tl.maximum(o, c))", "top = tl.maximum(h, c)")
    assert any("top = tl.maximum(h, tl.maximum(o, c))" in m for m in _made(faulty, "mirrored_extreme"))
    assert not _made(CANDLES, "mirrored_extreme")


STENCIL = HEAD + '''def box_kernel(x_ptr, out_ptr, W, R: tl.constexpr, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.float32)
    for d in range(-R, R + 1):
        j = i + d
        acc += tl.load(x_ptr + j, mask=(j >= 0) & (j < W), other=0.0)
    for s in range(0, 3):
        acc += s
    tl.store(out_ptr + i, acc, mask=i < W)
'''


def test_window_range_takes_the_whole_window_and_the_first_item():
    short = STENCIL.replace("range(-R, R + 1)", "range(-R, R)")
    assert any("for d in range(-R, R + 1):" in m for m in _made(short, "window_range"))
    late = STENCIL.replace("range(0, 3)", "range(1, 3)")
    assert any("for s in range(0, 3):" in m for m in _made(late, "window_range"))
    assert not _made(STENCIL, "window_range")


SCAN = HEAD + '''def scan_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    i = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    xi = tl.load(x_ptr + i, mask=i < n, other=0.0)
    lmin = xi
    rmin = xi
    for d in range(1, n):
        vl = tl.load(x_ptr + i - d, mask=i - d >= 0, other=float("inf"))
        vr = tl.load(x_ptr + i + d, mask=i + d < n, other=float("inf"))
        lmin = tl.where(vl <= xi, tl.minimum(lmin, tl.abs(vl)), lmin)
        rmin = tl.where(vr <= xi, tl.minimum(rmin, tl.abs(vr)), rmin)
    tl.store(out_ptr + i, xi - tl.maximum(lmin, rmin), mask=i < n)
'''


def test_mirror_hunk_gives_a_line_its_mirrors_form():
    strict = SCAN.replace("tl.where(vl <= xi", "tl.where(vl < xi")
    assert any("lmin = tl.where(vl <= xi, tl.minimum(lmin, tl.abs(vl)), lmin)" in m
               for m in _made(strict, "mirror_hunk"))
    bare = SCAN.replace("tl.minimum(rmin, tl.abs(vr))", "tl.minimum(rmin, vr)")
    assert any("rmin = tl.where(vr <= xi, tl.minimum(rmin, tl.abs(vr)), rmin)" in m
               for m in _made(bare, "mirror_hunk"))
    # mirrors that agree but for their names and their bounds' sides propose only those sides
    made = _made(SCAN, "mirror_hunk")
    assert made and all("tl.where(vl <= xi, tl.minimum(lmin, tl.abs(vl)), lmin)" in m for m in made)


CUDA_SCAN = '''import torch
from torch.utils.cpp_extension import load_inline

cuda_src = """
__global__ void scan_kernel(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float lmin = x[i];
    float rmin = x[i];
    for (int d = 1; d < n; ++d) {
        float vl = i - d >= 0 ? x[i - d] : 1e30f;
        float vr = i + d < n ? x[i + d] : 1e30f;
        lmin = vl <= x[i] ? fminf(lmin, vl) : lmin;
        rmin = vr <= x[i] ? fminf(rmin, vr) : rmin;
    }
    out[i] = x[i] - fmaxf(lmin, rmin);
}
"""
'''


def test_cuda_mirror_hunk_gives_a_c_statement_its_mirrors_form():
    strict = CUDA_SCAN.replace("lmin = vl <= x[i]", "lmin = vl < x[i]")
    assert any("lmin = vl <= x[i] ? fminf(lmin, vl) : lmin;" in m for m in _made(strict, "cuda_mirror_hunk"))
    # the agreeing mirrors are left alone; only the bounds' sides of the two loads differ
    made = _made(CUDA_SCAN, "cuda_mirror_hunk")
    assert made and all("lmin = vl <= x[i] ? fminf(lmin, vl) : lmin;" in m
                        and "rmin = vr <= x[i] ? fminf(rmin, vr) : rmin;" in m for m in made)
