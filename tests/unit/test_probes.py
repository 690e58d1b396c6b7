"""Value probes (patterns/operators/probes.py) and what the search does with them (agents/debug.py):
a nudge of each value a kernel line assigns, screened once per base, tells which lines reach the wrong
elements; those lines' rewrites come first, and a line the nudge leaves without effect comes last."""

from __future__ import annotations

from kagent.agents.debug import CLEAR_AFTER, Search, search_propose, sites_by_effect
from kagent.agents.screen import ScreenResult
from kagent.patterns.engine import Candidate, combined
from kagent.patterns.operators.probes import value_probes

KERNEL = '''import triton
import triton.language as tl


@triton.jit
def k(a_ptr, t_ptr, out_ptr, n, stride, BLOCK: tl.constexpr):
    lanes = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    m = lanes < n
    row = lanes * stride
    a = tl.load(a_ptr + row, mask=m, other=0.0)
    t = tl.load(t_ptr + lanes, mask=m, other=0.0)
    code = a.to(tl.int32) & 7
    pw = a * a + 1.0
    sl = 1.0 - pw * tl.exp(-t)
    tl.store(out_ptr + lanes * 2, pw, mask=m)
    tl.store(out_ptr + lanes * 2 + 1, sl + code, mask=m)
'''


def _line(text: str) -> int:
    return next(i + 1 for i, l in enumerate(KERNEL.split("\n")) if l.strip().startswith(text))


def test_values_are_probed_and_addresses_masks_and_indices_are_not():
    probes = value_probes(KERNEL)
    probed = {ln for ln, _, _ in probes}
    assert probed == {_line("a ="), _line("t ="), _line("code ="), _line("pw ="), _line("sl =")}
    # an integer-looking line is also nudged by one; every probe changes its own line only
    assert sum(ln == _line("code =") for ln, _, _ in probes) == 2
    for ln, _, src in probes:
        changed = [i + 1 for i, (x, y) in enumerate(zip(KERNEL.split("\n"), src.split("\n"))) if x != y]
        assert changed == [ln]
    assert "(1.0 - pw * tl.exp(-t)) * 1.01 + 0.01" in dict((ln, s) for ln, _, s in probes)[_line("sl =")]


class _Outputs:
    """A screen of the kernel above whose second column is wrong: a nudge of `a` or `pw` also moves the
    right first column (spill), a nudge of `t` or `sl` moves only the wrong one (focused), `code` does
    nothing."""

    case_names = ["seed0"]

    def screen(self, sources, timeout_s=None, base_first=False):
        def one(src):
            nudged = {i + 1 for i, (x, y) in enumerate(zip(KERNEL.split("\n"), src.split("\n"))) if x != y}
            wrong, rel = 10.0, 0.2
            if nudged & {_line("a ="), _line("pw =")}:
                wrong, rel = 25.0, 0.3
            elif nudged & {_line("t ="), _line("sl =")}:
                rel = 0.25
            return ScreenResult(passed=False, score=[1.0, 1.0, 1.0, 0.5, 0.0], rels={"seed0": rel}, wrong={"seed0": wrong})
        return [one(s) for s in sources]


def _probes() -> list[Candidate]:
    return [Candidate(source=s, origin=d, operator="probe", family="probe", line=ln, priority=0.0)
            for ln, d, s in value_probes(KERNEL)]


def test_probes_put_the_wrong_columns_slice_first_and_leave_inert_lines_last():
    s = Search(base_hash="h", pending=[], probes=_probes())
    p = search_propose(KERNEL, s, screener=_Outputs(), combine_fn=combined, seen_hashes=[], deadline_s=None,
                       clock=lambda: 0.0)
    assert s.probed and p.status == "exhausted"  # no probe is ever a candidate
    assert s.effects[_line("sl =")][2] >= 3 and s.effects[_line("t =")][2] >= 3
    assert s.effects[_line("pw =")][0] >= 1 and _line("pw =") not in s.cleared
    assert _line("code =") in s.cleared and s.effects[_line("code =")][1] >= CLEAR_AFTER
    # the localization ranked the stores and `pw` first, `sl` 5th and never named `t`
    sites = [(_line("tl.store(out_ptr + lanes * 2,"), 5.0), (_line("pw ="), 4.0), (_line("code ="), 3.5),
             (_line("m ="), 3.0), (_line("sl ="), 2.0)]
    order = [ln for ln, _ in sites_by_effect(sites, s)]
    assert order[:2] == [_line("sl ="), _line("t =")] and order[-1] == _line("code =")
    assert dict(sites_by_effect(sites, s))[_line("t =")] == 5.0  # the top score: rewritten first


def test_a_slow_kernel_gets_fewer_probes_one_a_line_spread_over_it():
    """Twenty value lines, a base that takes 5 s to screen: 8 probes, one a line, over the whole kernel."""
    chain = "".join(f"    v{i} = v{i - 1} * 1.5 + {i}.0\n" for i in range(1, 20))
    kernel = KERNEL.replace("    pw = a * a + 1.0\n", "    v0 = a * 2.0\n" + chain + "    pw = v19 * a + 1.0\n")
    probes = [Candidate(source=s, origin=d, operator="probe", family="probe", line=ln, priority=0.0)
              for ln, d, s in value_probes(kernel)]
    assert len(probes) > 20
    sizes: list[int] = []

    class Slow:
        case_names = ["seed0"]

        def screen(self, sources, timeout_s=None, base_first=False):
            sizes.append(len(sources))
            return [ScreenResult(passed=False, score=[1.0, 1.0, 1.0, 0.5, 0.0], rels={"seed0": 0.2},
                                 wrong={"seed0": 10.0}, seconds=5.0) for _ in sources]

    s = Search(base_hash="h", pending=[], probes=probes)
    search_propose(kernel, s, screener=Slow(), combine_fn=combined, seen_hashes=[], deadline_s=None, clock=lambda: 0.0)
    probed = [t.line for t in s.tried if t.operator == "probe"]
    assert s.base_seconds == 5.0 and sizes[1] == len(probed) == 8
    assert len(set(probed)) == 8 and max(probed) - min(probed) > 15  # one nudge a line, spread
