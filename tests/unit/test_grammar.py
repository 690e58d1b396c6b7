"""The search's second tier: every one-node rewrite of a suspected line (patterns/operators/grammar.py).

Each kernel below is a slip no named operator is written for; the tier must hold the fix among its
rewrites of the faulty line, keep pointers apart from values, never touch `tl.` names or another
line, and be screened only after the operators' candidates are spent."""

from __future__ import annotations

import ast
import re

import pytest

from kagent.agents.debug import Search, search_propose
from kagent.patterns.engine import combined, grammar_candidates
from kagent.patterns.operators.base import Src
from kagent.patterns.operators.grammar import rewrites

HEAD = "import triton\nimport triton.language as tl\n\n\n@triton.jit\n"

KERNEL = HEAD + '''def k(x_ptr, t_ptr, out_ptr, n, eps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask, other=0.0)
    t = tl.load(t_ptr + offs, mask=mask, other=0.0)
    d = x - t
    centered = x - tl.sum(x, axis=0) / n
    m3 = tl.sum(x * x * x, axis=0) / n
    y = 0.5 * x + tl.sqrt(x * x + eps)
    g = tl.exp(-0.5 * x * x) * 0.5641895835477563
    yy = offs // 7 - 1
    xx = offs % 7 - 1
    valid = mask & (yy >= 0) & (yy < n) & (xx < n)
    flip = (x > 0.0) != (t > 0.0)
    s = tl.maximum(d, -eps)
    p = tl.exp(y)
    tl.store(out_ptr + offs, d + m3 + g + p, mask=valid)
'''


def _line(text: str) -> int:
    return next(i for i, l in enumerate(KERNEL.split("\n")) if l.strip().startswith(text))


def _same(a: str, b: str) -> bool:
    return ast.dump(ast.parse(a)) == ast.dump(ast.parse(b))


def _holds(line_start: str, fixed_line: str) -> bool:
    src = Src(KERNEL)
    return any(_same(r.line.strip(), fixed_line) for r in rewrites(src, _line(line_start)))


@pytest.mark.parametrize("line_start, fixed", [
    ("m3 =", "m3 = tl.sum(centered * centered * centered, axis=0) / n"),  # every `x` on the line -> a dead local
    ("y =", "y = 0.5 * (x + tl.sqrt(x * x + eps))"),  # the grouping
    ("g =", "g = tl.exp(-0.5 * x * x) * 0.3989422804014327"),  # 1/sqrt(pi) for 1/sqrt(2 pi)
    ("d =", "d = tl.abs(x - t)"),  # a missing abs
    ("y =", "y = 0.5 * x + tl.sqrt(x * x + eps) - d"),  # a term left out
    ("valid =", "valid = mask & (yy >= 0) & (yy < n) & (xx < n) & (xx >= 0)"),  # a conjunct its sibling has
    ("p =", "p = tl.exp(y - tl.max(y, axis=0))"),  # an exponent without the max taken out
    ("x =", "x = tl.load(x_ptr + offs, mask=mask, other=float('-inf'))"),  # a fill that must never win
    ("flip =", "flip = (x >= 0.0) != (t >= 0.0)"),  # one comparison wrong at both of its places
    ("s =", "s = tl.minimum(tl.maximum(d, -eps), eps)"),  # the missing half of a clamp
    ("valid =", "valid = mask & (xx >= 0) & (xx < n) & (yy < n)"),  # two names in each other's place
    ("d =", "d = 2.0 * (x - t)"),  # a missing factor 2
    ("y =", "y = tl.minimum(0.5 * x + tl.sqrt(x * x + eps), 1.0)"),  # a value capped at 1
    ("d =", "d = tl.minimum(tl.maximum(x - t, 0.0), 1.0)"),  # a parameter projected onto [0, 1]
])
def test_the_fix_is_among_the_rewrites_of_the_faulty_line(line_start, fixed):
    assert _holds(line_start, fixed)


def test_rewrites_keep_pointers_apart_and_stay_on_their_line():
    src = Src(KERNEL)
    for line0 in range(len(src.lines)):
        if src.scope_of(line0) != "kernel":
            continue
        for r in rewrites(src, line0):
            new = "\n".join([*src.lines[:line0], r.line, *src.lines[line0 + 1:]])
            ast.parse(new)
            tree = ast.parse(r.line.strip())
            names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
            assert "tl" in names or "tl." not in r.line  # module names are kept as written
            if "tl.load(" in r.line:  # a pointer operand is never a value, a value never a pointer
                call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call) and ast.unparse(n.func) == "tl.load")
                ptr_names = {n.id for n in ast.walk(call.args[0]) if isinstance(n, ast.Name)}
                assert ptr_names & {"x_ptr", "t_ptr", "out_ptr"}, r.description


LANES = HEAD + '''def lanes(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    g = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = g < n
    x0 = tl.load(x_ptr + g * 3, mask=m, other=0.0)
    x1 = tl.load(x_ptr + g * 3 + 1, mask=m, other=0.0)
    x2 = tl.load(x_ptr + g * 3 + 2, mask=m, other=0.0)
    a0 = x0
    a1 = x1
    a2 = x2
    tl.store(out_ptr + g, tl.maximum(tl.maximum(a0, a1), a2), mask=m)
'''


def test_a_rewrite_of_one_lane_is_also_made_on_every_lane_alike():
    lanes = LANES.split("\n")
    a0 = next(i for i, l in enumerate(lanes) if l.strip() == "a0 = x0")
    x1 = next(i for i, l in enumerate(lanes) if l.strip().startswith("x1 ="))
    fixed = LANES.replace("= x0\n", "= tl.abs(x0)\n").replace("= x1\n", "= tl.abs(x1)\n").replace("= x2\n", "= tl.abs(x2)\n")
    cands = grammar_candidates(LANES, [(a0 + 1, 1.0), (x1 + 1, 0.5)], limit=5000)
    assert any(_same(c.source, fixed) for c in cands)
    # lanes told apart by a number: a rewrite that adds or drops that number (`+ 1 + 1`) has no one
    # analog on the other lanes, and is made on its own line only
    grouped = [c for c in cands if "alike" in c.origin and c.line == x1 + 1]
    assert grouped
    for c in grouped:
        line = c.source.split("\n")[x1]
        assert re.findall(r"\b1\b", line) == ["1"], c.origin


COEFFS = HEAD + '''def env(x_ptr, out_ptr, n, att, rel):
    pass


class ModelNew(torch.nn.Module):
    def __init__(self, sample_rate, attack_ms=1.0, release_ms=20.0):
        super().__init__()
        self.sample_rate, self.attack_ms, self.release_ms = sample_rate, attack_ms, release_ms

    def forward(self, x):
        att = math.exp(-1.0 / (self.attack_ms * self.sample_rate))
        rel = math.exp(-1000.0 / (self.release_ms * self.sample_rate))
        out = torch.empty_like(x)
        env[(1,)](x, out, x.numel(), att, rel)
        return out
'''


def test_a_line_takes_the_numbers_of_its_analog_wherever_it_is():
    fixed = COEFFS.replace("-1.0 /", "-1000.0 /")
    cands = grammar_candidates(COEFFS, [(COEFFS.split("\n").index("        out = torch.empty_like(x)") + 1, 1.0)])
    rank = next(i for i, c in enumerate(cands) if _same(c.source, fixed))
    # made though the line is no site, within the first two screen batches of the tier (the kinds
    # are ordered by their measured fixes per candidate: the line's sibling calls, operators and
    # constants come before it)
    assert rank < 96, cands[rank].origin
    assert any(_same(c.source, COEFFS.replace("-1000.0 /", "-1.0 /")) for c in cands)  # and the other way


def test_candidates_are_ranked_by_suspicion_and_skip_what_was_screened():
    sites = [(_line("m3 =") + 1, 1.0), (_line("y =") + 1, 0.2)]
    cands = grammar_candidates(KERNEL, sites, limit=5000)
    # what the first site reads is defined there (`x`), and what that reads, one step further up
    defs = {_line("x =") + 1, _line("offs =") + 1, _line("mask =") + 1}
    assert cands and {c.line for c in cands} == {s for s, _ in sites} | defs
    first_y = next(i for i, c in enumerate(cands) if c.line == sites[1][0])
    assert cands[0].line == sites[0][0] and first_y > 0
    skipped = grammar_candidates(KERNEL, sites, limit=5000, skip={cands[0].source})
    assert cands[0].source not in {c.source for c in skipped} and len(skipped) == len(cands) - 1


HOST = HEAD + '''def k(x_ptr, out_ptr, n, eps, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    x = tl.load(x_ptr + offs, mask=offs < n)
    tl.store(out_ptr + offs, x / eps, mask=offs < n)


class ModelNew(torch.nn.Module):
    def __init__(self, eps: float):
        super().__init__()
        self.eps = eps

    def forward(self, x):
        n = x.numel()
        out = torch.empty((n, x.shape[1]), device=x.device)
        k[(n // 128,)](
            x, out, n, 1e-5,
            BLOCK=128,
        )
        return out
'''


@pytest.mark.parametrize("line_start, fixed", [
    ("x, out, n, 1e-5,", "x, out, n, self.eps,"),  # a literal for the module's attribute, on a continuation line
    ("k[(n // 128,)](", "k[(triton.cdiv(n, 128),)]("),  # a grid that rounds down
    ("out = torch.empty(", "out = torch.empty((n, x.shape[1] - 1), device=x.device)"),  # a size one off
    ("n = x.numel()", "n = x.shape[0]"),  # a size read from the wrong place
])
def test_host_rewrites(line_start, fixed):
    src = Src(HOST)
    line0 = next(i for i, l in enumerate(src.lines) if l.strip().startswith(line_start))
    assert any(r.line.strip() == fixed for r in rewrites(src, line0)), [r.line for r in rewrites(src, line0)][:20]


class _NeedsLine:
    """A screen that passes a source only when it holds `line`."""

    case_names = ["seed0"]

    def __init__(self, line: str):
        self.line, self.sizes = line, []

    def screen(self, sources, timeout_s=None, base_first=False):
        from kagent.agents.screen import ScreenResult

        self.sizes.append(len(sources))
        return [ScreenResult(passed=self.line in s.split("\n"), score=[0.0 if self.line in s.split("\n") else 1.0,
                                                                        1.0, 1.0, 0.5, 0.0]) for s in sources]


def test_the_second_tier_is_screened_only_when_the_operators_are_spent():
    base = "a = 1\nb = 2\n"
    calls = []

    def more(screened):
        calls.append(set(screened))
        return grammar_candidates("def f(q, r):\n    s = q + r\n    return s\n", [(2, 1.0)])

    scr = _NeedsLine("    s = q - r")
    s = Search(base_hash="h", pending=[])
    p = search_propose(base, s, screener=scr, combine_fn=combined, seen_hashes=[], deadline_s=None,
                       clock=lambda: 0.0, more=more, more_batch=4)
    assert calls and p.status == "candidate" and "    s = q - r" in p.source.split("\n")
    assert s.extended and calls == [set()]  # asked once, when nothing else was left


@pytest.mark.parametrize("fraction, early", [(0.2, True), (0.4, False)])
def test_only_an_improvement_that_halves_the_failure_goes_before_the_second_tier(fraction, early):
    from kagent.agents.screen import ScreenResult
    from kagent.patterns.engine import Candidate
    from kagent.patterns.operators.base import Edit
    from kagent.tools.edits import source_hash

    base = "def f(q, r):\n    s = q + r\n    return s\n"
    e = Edit(operator="op", family="f", description="line 3", start=2, stop=3, lines=("    return s + 0",))
    better = Candidate(source=e.apply(base), origin="op@3", operator="op", family="f", line=3, priority=1.0, edit=e)

    class Screen:
        case_names = ["seed0"]

        def screen(self, sources, timeout_s=None, base_first=False):
            def one(s):
                if "q - r" in s:
                    return ScreenResult(passed=True, score=[0.0, 0.0, 0.0, 0.0, -30.0])
                return ScreenResult(passed=False, score=[1.0, 1.0, 1.0, fraction if "+ 0" in s else 0.5, 0.0])
            return [one(s) for s in sources]

    calls = []

    def more(screened):
        calls.append(1)
        return grammar_candidates(base, [(2, 1.0)])

    s = Search(base_hash="h", pending=[better])
    run = dict(screener=Screen(), combine_fn=combined, deadline_s=None, clock=lambda: 0.0, more=more)
    first = search_propose(base, s, seen_hashes=[], **run)
    if early:  # one of two faults fixed: the next base, before this one's rewrites
        assert first.source == better.source and "reduces the error" in first.origin and not calls
        second = search_propose(base, s, seen_hashes=[source_hash(better.source)], **run)
        assert calls == [1] and "q - r" in second.source and "passed the screen" in second.origin
    else:  # a small improvement waits: this base's rewrites hold the fix
        assert calls == [1] and "q - r" in first.source and "passed the screen" in first.origin


def test_a_square_written_as_a_doubling_is_among_the_rewrites():
    """`0.03 * 2` where `0.03 ** 2` was meant (SSIM's C2), on the host; the reverse in a kernel."""
    src = Src(KERNEL.replace("    d = x - t\n", "    d = (x - t) ** 2\n") + '''

class ModelNew:
    def __init__(self):
        self.c2 = 0.03 * 2
''')
    host = src.lines.index("        self.c2 = 0.03 * 2")
    assert any(_same(r.line.strip(), "self.c2 = 0.03 ** 2") for r in rewrites(src, host))
    kernel = src.lines.index("    d = (x - t) ** 2")
    assert any(_same(r.line.strip(), "d = (x - t) * 2") for r in rewrites(src, kernel))


def test_a_kernel_parameter_leads_to_the_host_line_that_computes_it():
    """A DeltaNet kernel scales q by its `scale` parameter; the host computes `scale = T ** -0.5` where
    `DK ** -0.5` was meant. The suspected kernel line's definitions reach across the launch to that host
    line, as suspect as the kernel line, so its rewrites are screened early."""
    from kagent.patterns.operators.grammar import _with_definitions

    source = HEAD + '''def k(q_ptr, o_ptr, T, DK, scale, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    q = tl.load(q_ptr + offs, mask=offs < DK, other=0.0)
    q = q * scale
    tl.store(o_ptr + offs, q, mask=offs < DK)


class ModelNew:
    def forward(self, q):
        B, T, DK = q.shape
        out = torch.empty_like(q)
        scale = T ** -0.5
        k[(1,)](q, out, T, DK, scale, BLOCK=64)
        return out
'''
    src = Src(source)
    store = src.lines.index("    tl.store(o_ptr + offs, q, mask=offs < DK)")
    host = src.lines.index("        scale = T ** -0.5")
    got = dict(_with_definitions(src, [(store, 10.0)]))
    assert got.get(host) == 9.0 and any(_same(r.line.strip(), "scale = DK ** -0.5") for r in rewrites(src, host))


def test_an_importance_ratio_is_truncated_at_one():
    """Retrace's trace coefficient c = lambda * min(1, exp(log_ratio)) written without the truncation: the
    exp inside the product is capped at 1 (not only the line's whole value)."""
    from kagent.patterns.operators.base import Src
    from kagent.patterns.operators.grammar import rewrites

    source = '''import triton
import triton.language as tl


@triton.jit
def k(r_ptr, out_ptr, n, lam, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    rho = tl.load(r_ptr + i, mask=i < n, other=0.0)
    c = lam * tl.exp(rho)
    tl.store(out_ptr + i, c, mask=i < n)
'''
    line = source.splitlines().index("    c = lam * tl.exp(rho)")
    assert "    c = lam * tl.minimum(tl.exp(rho), 1.0)" in [r.line for r in rewrites(Src(source), line)]


def test_two_module_attributes_on_a_host_line_are_exchanged():
    """A clip range passed as (1 - self.eps_high, 1 + self.eps_low): the two attributes trade places."""
    from kagent.patterns.operators.base import Src
    from kagent.patterns.operators.grammar import rewrites

    source = '''import torch.nn as nn


class ModelNew(nn.Module):
    def __init__(self, eps_low: float, eps_high: float):
        super().__init__()
        self.eps_low, self.eps_high = eps_low, eps_high

    def forward(self, x):
        return x.clamp(1.0 - self.eps_high, 1.0 + self.eps_low)
'''
    line = source.splitlines().index("        return x.clamp(1.0 - self.eps_high, 1.0 + self.eps_low)")
    assert "        return x.clamp(1.0 - self.eps_low, 1.0 + self.eps_high)" in [r.line for r in rewrites(Src(source), line)]


def test_a_host_constant_gets_a_dimension_factor():
    """A Gaussian's log-normaliser 0.5 * log(2 pi) computed for one dimension where D are meant."""
    from kagent.patterns.operators.base import Src
    from kagent.patterns.operators.grammar import rewrites

    source = '''import math
import torch.nn as nn


class ModelNew(nn.Module):
    def forward(self, y):
        D = y.shape[-1]
        log_norm = 0.5 * math.log(2.0 * math.pi)
        return y.sum() + log_norm
'''
    line = source.splitlines().index("        log_norm = 0.5 * math.log(2.0 * math.pi)")
    assert "        log_norm = 0.5 * D * math.log(2.0 * math.pi)" in [r.line for r in rewrites(Src(source), line)]


def test_an_exponent_takes_the_kernels_running_stabiliser():
    """mLSTM's input gate exp(i_t) where exp(i_t - m_new) was meant (m_new = max(log f + m, i_t))."""
    from kagent.patterns.operators.base import Src
    from kagent.patterns.operators.grammar import rewrites

    source = '''import triton
import triton.language as tl


@triton.jit
def k(i_ptr, f_ptr, out_ptr, T):
    m = 0.0
    c = 0.0
    for t in range(T):
        i_t = tl.load(i_ptr + t)
        logf = tl.load(f_ptr + t)
        m_new = tl.maximum(logf + m, i_t)
        ig = tl.exp(i_t)
        c = tl.exp(logf + m - m_new) * c + ig
        m = m_new
        tl.store(out_ptr + t, c)
'''
    line = source.splitlines().index("        ig = tl.exp(i_t)")
    assert "        ig = tl.exp(i_t - m_new)" in [r.line for r in rewrites(Src(source), line)]


def test_a_stale_value_is_exchanged_for_its_update_first():
    """AMSGrad's running max taken of the old second moment `v` where the update `v_new` was meant: the
    `_new` name ranks among a line's first rewrites."""
    from kagent.patterns.operators.grammar import grammar_edits

    source = '''import triton
import triton.language as tl


@triton.jit
def k(v_ptr, g_ptr, vmax_ptr, out_ptr, n, b2, BLOCK: tl.constexpr):
    i = tl.arange(0, BLOCK)
    v = tl.load(v_ptr + i, mask=i < n, other=0.0)
    g = tl.load(g_ptr + i, mask=i < n, other=0.0)
    vmax = tl.load(vmax_ptr + i, mask=i < n, other=0.0)
    v_new = b2 * v + (1.0 - b2) * g * g
    vmax_new = tl.maximum(vmax, v)
    tl.store(out_ptr + i, vmax_new, mask=i < n)
'''
    line = source.splitlines().index("    vmax_new = tl.maximum(vmax, v)") + 1
    edits = grammar_edits(source, [(line, 1.0)])
    rank = next(i for i, (_p, e, _n) in enumerate(edits) if e.description.endswith("`v` -> `v_new`"))
    assert rank < 5, [e.description for _p, e, _n in edits[:6]]


def test_a_line_that_left_out_the_files_own_activation_gets_it_wrapped_back():
    """An LSTM cell's `h = o * tanh(c)` written `o * c`: the file's one-argument @triton.jit helpers are
    wraps too (not the launched kernel, whatever its parameter count)."""
    source = HEAD + '''def _sigmoid(x):
    return 1.0 / (1.0 + tl.exp(-x))


@triton.jit
def _tanh(x):
    return 2.0 * _sigmoid(2.0 * x) - 1.0


@triton.jit
def cell(c_ptr, o_ptr, h_ptr):
    c = tl.load(c_ptr)
    go = tl.load(o_ptr)
    h = _sigmoid(go) * c
    tl.store(h_ptr, h)


def run(c, o, h):
    cell[(1,)](c, o, h)
'''
    src = Src(source)
    line0 = next(i for i, l in enumerate(source.split("\n")) if l.strip().startswith("h = "))
    lines = {r.line.strip() for r in rewrites(src, line0)}
    assert any(_same(l, "h = _sigmoid(go) * _tanh(c)") for l in lines)
    assert not any("cell(" in l for l in lines)


def test_a_later_tier_is_asked_for_only_once_the_earlier_ones_are_spent():
    """With more_tiers=2 the search asks again when the second tier holds nothing that passes (the
    rewrites of less suspected lines), and never a third time."""
    base = "def f(q, r):\n    s = q + r\n    t = q * 2\n    return s + t\n"
    calls = []

    def more(screened):
        calls.append(1)
        sites = [(3, 1.0)] if len(calls) == 1 else [(2, 0.5)]
        return grammar_candidates(base, sites)

    scr = _NeedsLine("    s = q - r")
    s = Search(base_hash="h", pending=[])
    run = dict(screener=scr, combine_fn=combined, deadline_s=None, clock=lambda: 0.0, more=more, more_batch=64)
    p = search_propose(base, s, seen_hashes=[], more_tiers=2, **run)
    assert p.status == "candidate" and "    s = q - r" in p.source.split("\n")
    assert calls == [1, 1] and s.tiers == 2


def test_grammar_edits_past_the_most_suspected_lines():
    from kagent.patterns.operators.grammar import grammar_edits

    source = "def f(a, b, c):\n    x = a + b\n    y = b + c\n    z = x * y\n    return z\n"
    sites = [(2, 3.0), (3, 2.0)]
    first = {e.line for _p, e, _n in grammar_edits(source, sites, max_lines=1)}
    later = {e.line for _p, e, _n in grammar_edits(source, sites, max_lines=1, start=1)}
    assert first == {2} and later == {3}


def test_a_host_scalar_formula_gets_shifts_and_plain_wraps_and_a_launch_line_does_not():
    """AdaBound's lower bound `final_lr * (1 - 1 / (gamma * t))` missing its `+ 1`: a host line of
    plain arithmetic is shifted and wrapped like a kernel's (no `tl.` wraps on the host)."""
    source = HEAD + '''def k(x_ptr, lo, n, BLOCK: tl.constexpr):
    offs = tl.arange(0, BLOCK)
    tl.store(x_ptr + offs, lo, mask=offs < n)


class ModelNew:
    def __init__(self, final_lr, gamma):
        self.final_lr, self.gamma, self.step = final_lr, gamma, 3

    def forward(self, x):
        t = self.step
        lower = self.final_lr * (1.0 - 1.0 / (self.gamma * t))
        k[(1,)](x, lower, x.numel(), BLOCK=1024)
        return x
'''
    src = Src(source)
    at = {l.strip().split(" ")[0]: i for i, l in enumerate(source.split("\n"))}
    lines = [r.line.strip() for r in rewrites(src, at["lower"])]
    assert any(_same(l, "lower = self.final_lr * (1.0 - 1.0 / (self.gamma * t + 1))") for l in lines)
    assert not any("tl." in l for l in lines)
    launch = [r.line.strip() for r in rewrites(src, at["k[(1,)](x,"])]
    assert launch and not any("lower * lower" in l or "lower + 1" in l for l in launch)  # not a formula


PARTNERS = HEAD + '''def price(y_ptr, c_ptr, out_ptr, n, f, gap, BLOCK: tl.constexpr):
    lanes = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = lanes < n
    y = tl.load(y_ptr + lanes, mask=m, other=0.0)
    cpn = tl.load(c_ptr + lanes, mask=m, other=0.0)
    up = cpn / f
    left = y * 2.0
    h = tl.maximum(up - gap, 0.0)
    h = tl.maximum(h, left)
    v = 1.0 / (1.0 + y)
    alive = (v >= 2.0) | (h == 3.0)
    t = v + 7.0
    tl.store(out_ptr + lanes, v + t + h + alive, mask=m)
'''


@pytest.mark.parametrize("line_start, fixed", [
    ("v =", "v = 1.0 / (1.0 + y / f)"),  # a term the kernel writes elsewhere (`cpn / f`), lost deep in a line
    ("h = tl.maximum(h", "h = tl.maximum(h, left - gap)"),  # the penalty its sibling (`up - gap`) is charged
    ("alive =", "alive = (v == 2.0) | (h == 3.0)"),  # at-least where exactly was meant
    ("t =", "t = v + 7.5"),  # a constant half a unit off (a Lanczos shift, a pixel centre)
])
def test_deep_partners_half_shifts_and_equalities_are_among_the_rewrites(line_start, fixed):
    src = Src(PARTNERS)
    line0 = next(i for i, l in enumerate(src.lines) if l.strip().startswith(line_start))
    assert any(_same(r.line.strip(), fixed) for r in rewrites(src, line0))


def test_a_value_takes_no_index_for_partner():
    """`lanes * BLOCK` makes `BLOCK` a partner of indices, never of a value like `y`."""
    src = Src(PARTNERS)
    line0 = next(i for i, l in enumerate(src.lines) if l.strip().startswith("v ="))
    partners = {r.line.strip() for r in rewrites(src, line0) if r.kind.startswith("extend_partner")}
    assert partners and not any("lanes" in p or "BLOCK" in p for p in partners)


BROADCAST = """import triton
import triton.language as tl


@triton.jit
def center_scale_kernel(x_ptr, o_ptr, n, BR: tl.constexpr, BC: tl.constexpr):
    rows = tl.program_id(0) * BR + tl.arange(0, BR)
    cols = tl.arange(0, BC)
    x = tl.load(x_ptr + rows[:, None] * BC + cols[None, :], mask=rows[:, None] < n, other=0.0)
    mu = tl.sum(x, axis=1) / BC
    var = tl.sum((x - mu[:, None]) * (x - mu[:, None]), axis=1) / BC
    y = x * tl.rsqrt(var + 1e-5)[:, None]
    tl.store(o_ptr + rows[:, None] * BC + cols[None, :], y, mask=rows[:, None] < n)
"""


def test_a_term_lost_from_a_tile_comes_back_in_the_broadcast_form_the_kernel_writes_it():
    """`x - mu[:, None]` is written twice; the line that lost the term gets it back as `mu[:, None]`
    (a row vector added as it is would not broadcast over the tile)."""
    src = Src(BROADCAST)
    line0 = next(i for i, l in enumerate(src.lines) if l.strip().startswith("y ="))
    assert any(_same(r.line.strip(), "y = (x - mu[:, None]) * tl.rsqrt(var + 1e-5)[:, None]")
               or _same(r.line.strip(), "y = x - mu[:, None] * tl.rsqrt(var + 1e-5)[:, None]")
               for r in rewrites(src, line0) if r.kind.startswith("extend_partner"))


@pytest.mark.parametrize("p_does, waits", [("nothing", True), ("spill", False)])
def test_a_line_whose_edits_do_nothing_on_the_failing_elements_waits_behind_the_others(p_does, waits):
    """Mutation-based localization: edits of `p` each leave the failing case's error exactly as it was;
    edits of `s` change only what was wrong. The search screens the rest of `s`'s edits before the rest
    of `p`'s, though `p`'s rank first. Edits that also make right elements wrong clear nothing: a fault
    that shows only where a max or a branch takes it spills on its own line."""
    from kagent.agents.debug import CLEAR_AFTER
    from kagent.agents.screen import ScreenResult
    from kagent.patterns.engine import Candidate
    from kagent.patterns.operators.base import Edit

    base = "def f(a, b):\n    p = a * b\n    s = p + 1\n    return p, s\n"

    def cand(line: int, text: str, prio: float) -> Candidate:
        e = Edit(operator="op", family="f", description=text, start=line - 1, stop=line, lines=(text,))
        return Candidate(source=e.apply(base), origin=f"op@{line}: {text}", operator="op", family="f", line=line,
                         priority=prio, edit=e)

    p_edits = [cand(2, f"    p = a * b + {k}", 1.0 - 0.01 * k) for k in range(1, 20)]
    s_edits = [cand(3, f"    s = p + {k}", 0.5 - 0.01 * k) for k in range(2, 20)] + [cand(3, "    s = p - 1", 0.1)]
    screened: list[str] = []

    class Screen:
        case_names = ["seed0"]

        def screen(self, sources, timeout_s=None, base_first=False):
            def one(src):
                screened.append(src)
                if "p - 1" in src:
                    return ScreenResult(passed=True, score=[0.0, 0.0, 0.0, 0.0, -30.0], rels={"seed0": 0.0},
                                        wrong={"seed0": 0.0})
                if "a * b +" in src:  # p's edits: the base's error exactly, or right elements wrong too
                    return ScreenResult(passed=False, score=[1.0, 1.0, 1.0, 0.5, 0.0], rels={"seed0": 0.1 if p_does == "nothing" else 0.3},
                                        wrong={"seed0": 10.0 if p_does == "nothing" else 25.0})
                return ScreenResult(passed=False, score=[1.0, 1.0, 1.0, 0.5, 0.0],
                                    rels={"seed0": 0.1 if src == base else 0.1 + 0.001 * len(screened)},
                                    wrong={"seed0": 10.0})
            return [one(s) for s in sources]

    s = Search(base_hash="h", pending=p_edits + s_edits)
    p = search_propose(base, s, screener=Screen(), combine_fn=combined, seen_hashes=[], deadline_s=None,
                       clock=lambda: 0.0, first_batch=4, batch=4)
    assert p.status == "candidate" and "p - 1" in p.source
    assert (2 in s.cleared) == waits and 3 not in s.cleared
    p_first = sum("a * b +" in x for x in screened)
    # cleared: the fix was screened before 10 of `p`'s 19 edits; else after all of them
    assert p_first <= 9 if waits else p_first >= len(p_edits)


def test_a_line_whose_edits_change_only_what_is_wrong_goes_first():
    """Edits of `s` change only the wrong elements three times: its other edits jump the queue."""
    from kagent.agents.debug import IMPLICATE_AFTER, _by_effect
    from kagent.patterns.engine import Candidate

    def cand(line: int, k: int) -> Candidate:
        return Candidate(source=f"{line}/{k}", origin="o", operator="op", family="f", line=line, priority=1.0)

    pending = [cand(2, k) for k in range(5)] + [cand(3, k) for k in range(5)] + [cand(4, k) for k in range(5)]
    s = Search(base_hash="h", effects={3: [0, 0, IMPLICATE_AFTER], 2: [6, 0, 5]}, cleared=[4])
    order = [c.line for c in _by_effect(pending, s)]
    assert order == [3] * 5 + [2] * 5 + [4] * 5  # a line that spilled more often is not implicated


def test_a_carry_overwritten_in_a_loop_is_accumulated_and_the_reverse():
    src = Src(HEAD + '''def scan(x_ptr, out_ptr, n, BLOCK: tl.constexpr):
    carry = 0.0
    for start in range(0, n, BLOCK):
        offs = start + tl.arange(0, BLOCK)
        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)
        carry = tl.sum(x, axis=0)
        tl.store(out_ptr + offs, tl.cumsum(x, axis=0) + carry, mask=offs < n)
    total = 0.0
    total += carry
''')
    loop = src.lines.index("        carry = tl.sum(x, axis=0)")
    assert any(_same(r.line.strip(), "carry += tl.sum(x, axis=0)") for r in rewrites(src, loop))
    aug = src.lines.index("    total += carry")
    assert any(_same(r.line.strip(), "total = carry") for r in rewrites(src, aug))
    first = src.lines.index("        x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)")  # `x` is new here
    assert not any(r.kind == "accumulate" for r in rewrites(src, first))


def test_a_shift_by_a_fields_index_gets_its_bit_offset():
    """`idx >> p` where the 2-bit field p starts at bit 2p: the shift amount scaled by a field's width."""
    src = Src(HEAD + '''def k(idx_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    idx = tl.load(idx_ptr + offs // 16, mask=offs < n, other=0)
    p = offs % 16
    sel = (idx >> p) & 3
    tl.store(out_ptr + offs, sel, mask=offs < n)
''')
    line0 = next(i for i, ln in enumerate(src.lines) if "idx >> p" in ln)
    lines = {r.line.strip() for r in rewrites(src, line0) if r.kind == "shift_width"}
    assert "sel = (idx >> (2 * p)) & 3" in lines


def test_two_names_exchanged_inside_one_term_only():
    """`p * r + q * s` where the cross term is `p * s + q * r`, beside a `p * r` that is right: the
    exchange is made inside the term, which the whole line's exchange of `r` and `s` cannot reach."""
    src = Src(HEAD + '''def k(p_ptr, q_ptr, r_ptr, s_ptr, out_ptr, n, BLOCK: tl.constexpr):
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = offs < n
    p = tl.load(p_ptr + offs, mask=m, other=0.0)
    q = tl.load(q_ptr + offs, mask=m, other=0.0)
    r = tl.load(r_ptr + offs, mask=m, other=0.0)
    s = tl.load(s_ptr + offs, mask=m, other=0.0)
    v = p * r / 2.0 + (p * r + q * s) / 4.0
    tl.store(out_ptr + offs, v, mask=m)
''')
    line0 = next(i for i, ln in enumerate(src.lines) if "v = p * r" in ln)
    lines = [r.line.strip() for r in rewrites(src, line0) if r.kind == "exchange"]
    assert "v = p * r / 2.0 + (p * s + q * r) / 4.0" in lines
    assert "v = p * s / 2.0 + (p * s + q * r) / 4.0" in lines  # the whole line's, as before
    assert len(lines) == len(set(lines))
