"""Edits that take a number from the reference (patterns/operators/reference.py): a literal the kernel holds
fewer of than the reference (a power of the smoothing length, a register's preset) and a sum that lost a
term of constants only. Every kernel here is written for the test; none is a blind-set file."""

from __future__ import annotations

import ast
import math

from kagent.patterns.engine import search_candidates
from kagent.patterns.operators.reference import reference_edits

HEAD = "import math\nimport torch\nimport torch.nn as nn\nimport triton\nimport triton.language as tl\n\n\n"


def _same(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a.strip())) == ast.dump(ast.parse(b.strip()))


def _first_fixing(source: str, reference: str, want_line: str) -> int | None:
    """Rank of the first edit whose changed line is `want_line` (None: no edit makes it)."""
    for i, (_p, e) in enumerate(reference_edits(source, reference, [])):
        if _same(e.lines[0], want_line):
            return i
    return None


KERNEL_REF = HEAD + '''n_points = 500


class Model(nn.Module):
    def __init__(self, h: float):
        super().__init__()
        self.h = h

    def forward(self, r2: torch.Tensor) -> torch.Tensor:
        q = torch.clamp(self.h * self.h - r2, min=0.0)
        return 315.0 / (64.0 * math.pi * self.h ** 9) * q * q * q


def get_inputs():
    return [torch.rand(n_points)]


def get_init_inputs():
    return [0.2]
'''

KERNEL = HEAD + '''@triton.jit
def poly6(r2_ptr, out_ptr, n, h2, coef, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    q = tl.maximum(h2 - tl.load(r2_ptr + offs, mask=m, other=0.0), 0.0)
    tl.store(out_ptr + offs, coef * q * q * q, mask=m)


class ModelNew(nn.Module):
    def __init__(self, h: float):
        super().__init__()
        self.h = h

    def forward(self, r2):
        out = torch.empty_like(r2)
        coef = 315.0 / (64.0 * math.pi * self.h ** 6)
        poly6[(triton.cdiv(r2.numel(), 256),)](r2, out, r2.numel(), self.h * self.h, coef, BLOCK=256)
        return out
'''


def test_a_power_the_reference_spells_out_is_restored_first():
    """h^6 where the reference normalises by h^9: the one edit that makes the kernel's expression the
    reference's, numbers and all, ranks first."""
    assert _first_fixing(KERNEL, KERNEL_REF, "coef = 315.0 / (64.0 * math.pi * self.h ** 9)") == 0


def test_positions_and_tile_sizes_are_not_edited():
    """program_id(0), tl.arange(0, BLOCK), BLOCK=256: positions and sizes, never a reference number's place."""
    for _p, e in reference_edits(KERNEL, KERNEL_REF, []):
        line = e.lines[0]
        assert "program_id(0)" in line or "program_id" not in line
        assert "BLOCK=256" in line or "BLOCK=" not in line


CRC_REF = HEAD + '''class Model(nn.Module):
    def forward(self, data: torch.Tensor) -> torch.Tensor:
        reg = torch.full((data.shape[0],), 0xFFFF, dtype=torch.int64)
        for i in range(data.shape[1]):
            reg = ((reg << 1) ^ data[:, i]) & 0xFFFF
        return reg ^ 0xFFFF
'''

CRC = HEAD + '''@triton.jit
def fold(data_ptr, out_ptr, B, L, BLOCK: tl.constexpr):
    m = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    ok = m < B
    reg = tl.zeros([BLOCK], dtype=tl.int64)
    for i in range(0, L):
        reg = ((reg << 1) ^ tl.load(data_ptr + m * L + i, mask=ok, other=0).to(tl.int64)) & 0xFFFF
    tl.store(out_ptr + m, reg ^ 0xFFFF, mask=ok)
'''


def test_a_register_started_at_zero_gets_the_reference_preset():
    """The reference presets the register (its value appears three times there, twice in the kernel):
    tl.zeros becomes tl.full with that value, written as the reference writes it."""
    edits = reference_edits(CRC, CRC_REF, [])
    lines = [e.lines[0].strip() for _p, e in edits]
    assert "reg = tl.full([BLOCK], 0xFFFF, dtype=tl.int64)" in lines
    assert lines.index("reg = tl.full([BLOCK], 0xFFFF, dtype=tl.int64)") < 2


NLL_REF = HEAD + '''class Model(nn.Module):
    def forward(self, r: torch.Tensor, s2: torch.Tensor) -> torch.Tensor:
        return (0.5 * (math.log(2.0 * math.pi) + torch.log(s2) + r * r / s2)).sum(dim=-1)
'''

NLL = HEAD + '''@triton.jit
def nll(r_ptr, s_ptr, out_ptr, T, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    t = tl.arange(0, BLOCK)
    m = t < T
    x = tl.load(r_ptr + row * T + t, mask=m, other=0.0)
    v = tl.load(s_ptr + row * T + t, mask=m, other=1.0)
    term = 0.5 * (tl.log(v) + x * x / v)
    tl.store(out_ptr + row, tl.sum(tl.where(m, term, 0.0), axis=0))
'''


def test_a_sum_that_lost_a_constant_term_gets_it_back():
    edits = reference_edits(NLL, NLL_REF, [])
    assert edits and edits[0][1].operator == "reference_term"
    fixed = edits[0][1].lines[0]
    tree = ast.parse(fixed.strip())
    consts = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)]
    assert any(abs(c - math.log(2 * math.pi)) < 1e-12 for c in consts)
    assert "tl.log(v)" in fixed and "x * x / v" in fixed


def test_a_kernel_holding_every_reference_number_gets_no_edit():
    """The reference's numbers all present in the kernel: nothing is proposed (no noise in the search)."""
    ref = HEAD + '''class Model(nn.Module):
    def forward(self, x):
        return torch.clamp(x * 0.5, min=0.0)
'''
    src = HEAD + '''@triton.jit
def half_relu(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.maximum(tl.load(x_ptr + offs, mask=m) * 0.5, 0.0), mask=m)
'''
    assert reference_edits(src, ref, []) == []


def test_the_search_screens_the_reference_edits_in_its_first_batch():
    cands = search_candidates([], KERNEL, [(20, 1.0), (14, 0.8)], {"operand": 1.0})
    assert not any(c.operator.startswith("reference_") for c in cands)  # no reference given: none
    cands = search_candidates([], KERNEL, [(20, 1.0), (14, 0.8)], {"operand": 1.0}, reference=KERNEL_REF)
    rank = next(i for i, c in enumerate(cands) if c.operator == "reference_literal" and "** 9" in c.source)
    assert rank < 8  # the search's first batch


def _repair_offline(tmp_path, monkeypatch, reference: str, near_miss: str):
    """An offline repair (no LLM) of `near_miss` against `reference`, both written to tmp_path."""
    from kagent.config import VerifyConfig
    from kagent.repair.run import repair

    monkeypatch.setenv("KAGENT_PATTERNS_DIR", str(tmp_path / "patterns"))
    (tmp_path / "problem.py").write_text(reference)
    (tmp_path / "near_miss.py").write_text(near_miss)
    return repair(tmp_path / "near_miss.py", tmp_path / "problem.py", model="offline",
                  verify_config=VerifyConfig(device="cpu"), runs_dir=tmp_path / "runs", max_attempts=3)


def test_offline_repair_restores_the_reference_power(tmp_path, monkeypatch):
    """End to end, no LLM: the near-miss's only fault is the lost power; the repair's first candidate is
    the reference edit and the full verifier passes it."""
    s = _repair_offline(tmp_path, monkeypatch, KERNEL_REF, KERNEL)
    assert s.status == "repaired", s.reason
    assert "reference_literal" in s.reason
    assert "self.h ** 9" in open(s.repaired_path).read()


GAIN_REF = HEAD + '''class Model(nn.Module):
    def __init__(self, percent: float):
        super().__init__()
        self.percent = percent

    def forward(self, x):
        return x * (1.0 + self.percent / 100.0)
'''

GAIN = HEAD + '''@triton.jit
def gain(x_ptr, out_ptr, n, amount, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    tl.store(out_ptr + offs, tl.load(x_ptr + offs, mask=m) * (1.0 + amount), mask=m)


class ModelNew(nn.Module):
    def __init__(self, percent: float):
        super().__init__()
        self.percent = percent

    def forward(self, x):
        out = torch.empty_like(x)
        gain[(triton.cdiv(x.numel(), 128),)](x, out, x.numel(), self.percent, BLOCK=128)
        return out
'''


def test_a_launch_argument_that_lost_the_reference_scale_gets_it_back():
    """`self.percent` passed where the reference divides it by 100: the lost operation, with the number
    the kernel never holds, is proposed at the launch (not on pointers, tile sizes or modules)."""
    lines = [e.lines[0].strip() for _p, e in reference_edits(GAIN, GAIN_REF, [])]
    assert any(_same(l, "gain[(triton.cdiv(x.numel(), 128),)](x, out, x.numel(), self.percent / 100.0, BLOCK=128)")
               for l in lines)
    assert not any("x_ptr / 100.0" in l or "(tl / 100.0)" in l or "128 / 100.0" in l for l in lines)


def test_an_edit_that_takes_a_reference_form_is_told_apart():
    """Names left out, numbers kept: `k = (r + 1.0) * (r + 1.0) / 8.0` takes the reference's
    `(rough + 1.0) * (rough + 1.0) / 8.0`; `r * r / 8.0` does not, nor an edit the kernel already had."""
    from kagent.patterns.operators.reference import reference_forms, takes_reference_form

    forms = reference_forms(HEAD + '''class Model(nn.Module):
    def forward(self, rough):
        return (rough + 1.0) * (rough + 1.0) / 8.0
''')
    old = ["    k = r * r / 2.0"]
    assert takes_reference_form(old, ["    k = (r + 1.0) * (r + 1.0) / 8.0"], forms)
    assert not takes_reference_form(old, ["    k = r * r / 8.0"], forms)
    assert not takes_reference_form(["    k = (r + 1.0) * (r + 1.0) / 8.0"], ["    k = (r + 1.0) * (r + 1.0) / 8.0 + 0"],
                                    forms)


def test_rewrites_taking_a_reference_form_are_screened_first():
    from kagent.patterns.engine import Candidate, reference_form_first
    from kagent.patterns.operators.base import Edit

    src = KERNEL
    line0 = next(i for i, l in enumerate(src.split("\n")) if "coef = " in l)

    def cand(new_line: str) -> Candidate:
        e = Edit(operator="grammar_x", family="grammar", description=new_line.strip(), start=line0, stop=line0 + 1,
                 lines=(new_line,))
        return Candidate(source=e.apply(src), origin=e.description, operator=e.operator, family=e.family,
                         line=line0 + 1, priority=1.0, edit=e)

    plain = [cand("        coef = 315.0 / (64.0 * math.pi * self.h ** 7)"),
             cand("        coef = 315.0 / (32.0 * math.pi * self.h ** 6)")]
    right = cand("        coef = 315.0 / (64.0 * math.pi * self.h ** 9)")
    ordered = reference_form_first([*plain, right], src, KERNEL_REF)
    assert ordered[0] is right and ordered[1:] == plain
    assert reference_form_first([*plain, right], src, None) == [*plain, right]


def test_a_value_the_reference_offsets_by_a_constant_gets_the_offset():
    """`levels = float(2 ** self.bits)` where the reference has `2 ** self.bits - 1`: the one-term value
    gets the reference's constant term, the literal kept an int."""
    ref = HEAD + '''class Model(nn.Module):
    def __init__(self, bits):
        super().__init__()
        self.bits = bits

    def forward(self, x):
        levels = 2 ** self.bits - 1
        return torch.round(x * levels) / levels
'''
    src = HEAD + '''class ModelNew(nn.Module):
    def __init__(self, bits):
        super().__init__()
        self.bits = bits

    def forward(self, x):
        levels = float(2 ** self.bits)
        return torch.round(x * levels) / levels
'''
    lines = [e.lines[0].strip() for _p, e in reference_edits(src, ref, []) if e.operator == "reference_term"]
    assert any(_same(l, "levels = float(2 ** self.bits - 1)") for l in lines)


def test_lines_holding_two_numbers_are_where_a_reference_form_is_looked_for():
    from kagent.patterns.operators.reference import numeric_lines

    lines = KERNEL.split("\n")
    found = {lines[i - 1].strip() for i in numeric_lines(KERNEL)}
    assert "coef = 315.0 / (64.0 * math.pi * self.h ** 6)" in found
    assert not any("tl.arange" in l or "program_id" in l for l in found)  # positions are not numbers here


SHIFT_REF = HEAD + '''n_elems = 700


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.c2 = 0.03 ** 2

    def forward(self, x):
        return x * x + self.c2


def get_inputs():
    return [torch.randn(n_elems)]


def get_init_inputs():
    return []
'''

SHIFT = HEAD + '''@triton.jit
def sq_shift(x_ptr, out_ptr, n, c2, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    x = tl.load(x_ptr + offs, mask=m)
    tl.store(out_ptr + offs, x * x + c2, mask=m)


class ModelNew(nn.Module):
    def __init__(self):
        super().__init__()
        self.c2 = 0.03 * 2

    def forward(self, x):
        out = torch.empty_like(x)
        sq_shift[(triton.cdiv(x.numel(), 256),)](x, out, x.numel(), self.c2, BLOCK=256)
        return out
'''


def test_offline_repair_screens_a_rewrite_taking_the_reference_form_first(tmp_path, monkeypatch):
    """`0.03 * 2` for `0.03 ** 2` in __init__: no site of the kernel's symptoms and no number lost; the
    rewrite that makes the line the reference's form is screened in the first batch."""
    s = _repair_offline(tmp_path, monkeypatch, SHIFT_REF, SHIFT)
    assert s.status == "repaired", s.reason
    assert s.attempts == 1 and "0.03 ** 2" in open(s.repaired_path).read()


FILL_REF = HEAD + '''class Model(nn.Module):
    def forward(self, scores: torch.Tensor, pad: torch.Tensor) -> torch.Tensor:
        return torch.softmax(scores.masked_fill(pad, -1e9), dim=-1)
'''

FILL = HEAD + '''@triton.jit
def pad_softmax(s_ptr, p_ptr, o_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n
    s = tl.load(s_ptr + row * n + cols, mask=m, other=0.0)
    p = tl.load(p_ptr + row * n + cols, mask=m, other=0)
    s = tl.where(p != 0, float("-inf"), s)
    s = tl.where(m, s, float("-inf"))
    e = tl.exp(s - tl.max(s, axis=0))
    tl.store(o_ptr + row * n + cols, e / tl.sum(e, axis=0), mask=m)
'''


def test_an_infinite_fill_gets_the_reference_finite_one():
    """A padded row's fill written -inf where the reference fills -1e9: a row padded throughout is NaN
    in the kernel and uniform in the reference. The kernel's -inf -> -1e9 is proposed; a small
    literal is never made infinite, nor the reference's fill put for one."""
    at = _first_fixing(FILL, FILL_REF, '    s = tl.where(p != 0, -1e9, s)')
    assert at is not None and at < 4
    # and the other way: where the reference fills -inf and the kernel -1e9, only the fill is edited
    back = reference_edits(FILL.replace('float("-inf")', "-1e9"), FILL_REF.replace("-1e9", 'float("-inf")'), [])
    assert back and all("-1e9" in FILL.replace('float("-inf")', "-1e9").split("\n")[e.start] for _p, e in back)


MASK_REF = HEAD + '''class Model(nn.Module):
    def forward(self, codes, values):
        drop = (codes == 3) | (codes == 7) | (codes == 12) | (codes == 40)
        return torch.where(drop, torch.zeros_like(values), values).sum(dim=1)
'''

MASK_KERNEL = HEAD + '''@triton.jit
def _k(c_ptr, v_ptr, out_ptr, n, BLOCK: tl.constexpr):
    row = tl.program_id(0)
    cols = tl.arange(0, BLOCK)
    m = cols < n
    c = tl.load(c_ptr + row * n + cols, mask=m, other=0)
    v = tl.load(v_ptr + row * n + cols, mask=m, other=0.0)
    drop = (c == 3) | (c == 7)
    drop = drop | (c == 40)
    tl.store(out_ptr + row, tl.sum(tl.where(drop, 0.0, v), axis=0))
'''


def test_a_chain_of_tests_that_lost_one_gets_the_reference_test_back():
    """The reference leaves out four codes; the kernel's chain lost the test against 12 with its number."""
    edits = [e for _p, e in reference_edits(MASK_KERNEL, MASK_REF, []) if e.operator == "reference_test"]
    assert any(_same(e.lines[0], "drop = drop | (c == 40) | (c == 12)") for e in edits), [e.lines for e in edits]
    assert any(_same(e.lines[0], "drop = (c == 3) | (c == 7) | (c == 12)") for e in edits)
    # the whole chain once, not each of its links; no test against a number the kernel already holds
    assert len(edits) == 2
    full = MASK_KERNEL.replace("drop | (c == 40)", "drop | (c == 12) | (c == 40)")
    assert not [e for _p, e in reference_edits(full, MASK_REF, []) if e.operator == "reference_test"]


POLY_REF = HEAD + '''class Model(nn.Module):
    def forward(self, x):
        r2 = (x * x).sum(dim=1)
        s5r = math.sqrt(5.0) * torch.sqrt(r2)
        return (1.0 + s5r + (5.0 / 3.0) * r2) * torch.exp(-s5r)
'''

POLY_KERNEL = HEAD + '''@triton.jit
def _k(x_ptr, out_ptr, n, D: tl.constexpr):
    row = tl.program_id(0)
    x = tl.load(x_ptr + row * D + tl.arange(0, D))
    r2 = tl.sum(x * x, axis=0)
    s5r = 2.23606797749979 * tl.sqrt(r2)
    tl.store(out_ptr + row, (1.0 + s5r) * tl.exp(-s5r))
'''


def test_a_sum_that_lost_a_term_of_its_own_names_gets_it_back():
    """The Matern-5/2 polynomial without its 5 r^2 / 3: the kernel computes r2 as the reference names it."""
    edits = [e for _p, e in reference_edits(POLY_KERNEL, POLY_REF, []) if e.operator == "reference_term"]
    assert any(_same(e.lines[0], "tl.store(out_ptr + row, (1.0 + s5r + 5.0 / 3.0 * r2) * tl.exp(-s5r))")
               for e in edits), [e.lines for e in edits]
    # a term of a name the kernel does not hold is not written into it
    other = POLY_KERNEL.replace("r2", "rr")
    assert not [e for _p, e in reference_edits(other, POLY_REF, []) if e.operator == "reference_term"]


ALLAN_REF = HEAD + '''class Model(nn.Module):
    def forward(self, s, m, n):
        return torch.sqrt(s / (2.0 * m * m * self.tau0 * self.tau0 * (n - 2 * m)))
'''

ALLAN_KERNEL = HEAD + '''@triton.jit
def _k(s_ptr, out_ptr, mf, tau0, n_terms):
    s = tl.load(s_ptr)
    var = s / (2.0 * mf * tau0 * tau0 * n_terms.to(tl.float32))
    tl.store(out_ptr, tl.sqrt(var))
'''


def test_a_product_that_lost_a_repeat_of_a_factor_gets_it_back():
    """2 m^2 tau0^2 (N - 2m) written with m once: the factor whose one more repeat gives the reference's
    pattern of repeats (two names twice) is repeated; tau0 (which would make it 1 and 3) is not."""
    edits = [e.lines[0].strip() for _p, e in reference_edits(ALLAN_KERNEL, ALLAN_REF, []) if e.operator == "reference_factor"]
    assert edits == ["var = s / (2.0 * mf * mf * tau0 * tau0 * n_terms.to(tl.float32))"], edits
    # the kernel with the repeat holds the reference's pattern already: nothing to add
    fixed = ALLAN_KERNEL.replace("mf * tau0", "mf * mf * tau0")
    assert not [e for _p, e in reference_edits(fixed, ALLAN_REF, []) if e.operator == "reference_factor"]
    # a power counts its repeats: m ** 2 in the reference is m twice
    squared = ALLAN_REF.replace("m * m * self.tau0 * self.tau0", "m ** 2 * self.tau0 ** 2")
    assert [e for _p, e in reference_edits(ALLAN_KERNEL, squared, []) if e.operator == "reference_factor"]


BEAM_REF = HEAD + '''class Model(nn.Module):
    def __init__(self, lam):
        super().__init__()
        self.lam = lam

    def forward(self, z, z_exp):
        zr = z[None, :]
        lam = self.lam
        return torch.where((zr >= 0) & (zr <= z_exp), lam * torch.exp(-lam * zr) / (1.0 - torch.exp(-lam * z_exp)),
                           torch.zeros_like(z_exp))
'''

BEAM_KERNEL = HEAD + '''@triton.jit
def _k(z_ptr, ze_ptr, out_ptr, lam, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.load(z_ptr + offs, mask=offs < n)
    ze = tl.load(ze_ptr + offs, mask=offs < n)
    p = tl.where((z >= 0.0) & (z <= ze), lam * tl.exp(-lam * z), 0.0)
    tl.store(out_ptr + offs, p, mask=offs < n)
'''


def test_an_expression_that_lost_the_reference_operand_gets_it_back_in_the_kernels_names():
    """The short-reading density without its normaliser: the kernel's names for the reference's come from
    the expression itself (zr -> z) and from the where's condition beside it (z_exp -> ze)."""
    edits = [e.lines[0].strip() for _p, e in reference_edits(BEAM_KERNEL, BEAM_REF, []) if e.operator == "reference_operand"]
    want = "p = tl.where((z >= 0.0) & (z <= ze), (lam * tl.exp(-lam * z) / (1.0 - tl.exp(-lam * ze))), 0.0)"
    assert want in edits, edits
    # the kernel that divides already is left alone; a lost operand with a name the kernel cannot pair is not made
    fixed = BEAM_KERNEL.replace("lam * tl.exp(-lam * z), 0.0", "lam * tl.exp(-lam * z) / (1.0 - tl.exp(-lam * ze)), 0.0")
    assert not [e for _p, e in reference_edits(fixed, BEAM_REF, []) if e.operator == "reference_operand"]
    unpaired = BEAM_KERNEL.replace("(z >= 0.0) & (z <= ze)", "z >= 0.0")
    assert not [e for _p, e in reference_edits(unpaired, BEAM_REF, []) if e.operator == "reference_operand"
                and "ze" in e.lines[0].split("0.0)", 1)[-1]]


NASA_REF = HEAD + '''class Model(nn.Module):
    def forward(self, pressure, x, s):
        xlnx = torch.where(x > 0, x * torch.log(x), 0.0)
        return 8.314 * ((x * s).sum(1) - xlnx.sum(1) - torch.log(pressure / 101325.0))
'''

NASA_KERNEL = HEAD + '''@triton.jit
def _k(p_ptr, x_ptr, s_ptr, out_ptr, n, S: tl.constexpr):
    rows = tl.arange(0, 16)
    cols = tl.arange(0, S)
    pres = tl.load(p_ptr + rows, mask=rows < n, other=101325.0)
    x = tl.load(x_ptr + rows[:, None] * S + cols[None, :])
    s = tl.load(s_ptr + rows[:, None] * S + cols[None, :])
    xlnx = tl.where(x > 0, x * tl.log(x), 0.0)
    s_mix = 8.314 * (tl.sum(x * s, axis=1) - tl.sum(xlnx, axis=1))
    tl.store(out_ptr + rows, s_mix, mask=rows < n)


class ModelNew(nn.Module):
    def forward(self, pressure, x, s):
        out = torch.empty_like(pressure)
        _k[(1,)](pressure.contiguous(), x, s, out, pressure.shape[0], S=x.shape[1])
        return out
'''


def test_a_lost_term_of_the_forwards_tensors_comes_back_in_the_kernels_names():
    """The mixture entropy without -R ln(P / 101325): the reference sums `.sum(1)` methods, the kernel
    `tl.sum(..., axis=1)` calls (one form by the reductions' names), and the kernel loads `pressure` as `pres`."""
    edits = [e.lines[0].strip() for _p, e in reference_edits(NASA_KERNEL, NASA_REF, []) if e.operator == "reference_term"]
    want = "s_mix = 8.314 * ((tl.sum(x * s, axis=1) - tl.sum(xlnx, axis=1) - (tl.log(pres / 101325.0))))"
    assert want in edits, edits


ISA_REF = HEAD + '''R0_KM = 6356.766


class Model(nn.Module):
    def forward(self, altitude_km):
        z = altitude_km
        h = R0_KM * z / (R0_KM + z)
        return h * 2.0
'''

ISA_KERNEL = HEAD + '''@triton.jit
def _k(z_ptr, out_ptr, n, r0, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    z = tl.load(z_ptr + offs, mask=offs < n)
    h = z
    tl.store(out_ptr + offs, h * 2.0, mask=offs < n)


class ModelNew(nn.Module):
    def forward(self, altitude_km):
        out = torch.empty_like(altitude_km)
        _k[(1,)](altitude_km, out, altitude_km.numel(), 6356.766, BLOCK=256)
        return out
'''


def test_a_value_that_lost_its_conversion_gets_the_references_with_the_constant_it_is_passed_as():
    """`h = z` where the reference converts, `h = R0_KM * z / (R0_KM + z)`: the kernel is passed 6356.766 as `r0`."""
    edits = [e.lines[0].strip() for _p, e in reference_edits(ISA_KERNEL, ISA_REF, []) if e.operator == "reference_assign"]
    assert "h = r0 * z / (r0 + z)" in edits, edits
