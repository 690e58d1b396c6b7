"""The float64 oracle: strict on precision faults, tolerant of summation order."""

import torch

from kagent.verifiers.oracle import compare, locate

R = 8.0


def _rowsum_case(n_rows=8, n_cols=4096, seed=0):
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(n_rows, n_cols, generator=g).half()
    return x, x.sum(dim=1), x.double().sum(dim=1)


def test_fp16_accumulation_is_precision_loss_though_allclose_passes():
    x, ref, truth = _rowsum_case(n_cols=1024, seed=2)  # a case where KernelBench's check is fooled
    acc = torch.zeros(x.shape[0], dtype=torch.float16)
    for j in range(0, x.shape[1], 4):  # a kernel that keeps its accumulator in fp16
        acc = acc + x[:, j : j + 4].float().sum(dim=1).half()
    assert torch.allclose(acc.float(), ref.float(), atol=1e-2, rtol=1e-2)  # KernelBench's check passes it
    cls, ev, msg = compare(ref, truth, acc, 0, R)
    assert cls == "precision_loss", msg
    assert ev.rel_l2_err > R * ev.ref_rel_l2_err


def test_other_summation_order_passes():
    x, ref, truth = _rowsum_case()
    blocked = x.float().reshape(x.shape[0], 64, 64).sum(dim=2).flip(1).sum(dim=1).half()
    cls, _, msg = compare(ref, truth, blocked, 0, R)
    assert cls is None, msg


def test_fp32_reduction_order_passes():
    g = torch.Generator().manual_seed(1)
    x = torch.randn(16, 16384, generator=g)
    ref, truth = x.sum(1), x.double().sum(1)
    cand = x.reshape(16, 128, 128).sum(2).sum(1)
    cls, _, msg = compare(ref, truth, cand, 0, R)
    assert cls is None, msg


def test_wrong_tail_is_a_mismatch_in_the_tail_of_rows():
    g = torch.Generator().manual_seed(2)
    x = torch.randn(8, 100, generator=g)
    ref, truth = torch.softmax(x, 1), torch.softmax(x.double(), 1)
    cand = ref.clone()
    cand[:, 97:] = 0.0
    cls, ev, _ = compare(ref, truth, cand, 0, R)
    assert cls == "numerical_mismatch"
    assert ev.location == "tail_of_rows" and ev.mismatch_count == 24


def test_nan_where_truth_is_finite():
    x = torch.randn(4, 32)
    cand = x.clone()
    cand[1, 3] = float("nan")
    cls, ev, _ = compare(x, x.double(), cand, 0, R)
    assert cls == "nan_output" and ev.nan_count == 1


def test_nan_where_float32_itself_overflows_is_the_references_value():
    """exp(power) past float32's range times a zero opacity: NaN in the float32 reference, 0 in the
    float64 truth. A kernel that computes it as the reference does holds the same NaN; a NaN
    anywhere else still fails."""
    truth = torch.randn(4, 32, dtype=torch.float64)
    ref = truth.float()
    ref[2, 5] = float("nan")
    cand = ref.clone()
    assert compare(ref, truth, cand, 0, R)[0] is None
    cand[1, 3] = float("nan")
    cls, ev, _ = compare(ref, truth, cand, 0, R)
    assert cls == "nan_output" and ev.nan_count == 1
    finite = ref.clone()  # and a finite value there is judged against the truth
    finite[2, 5] = truth[2, 5].float() + 1.0
    assert compare(ref, truth, finite, 0, R)[0] == "numerical_mismatch"


def test_a_nan_where_special_values_reach_is_carried_not_judged():
    truth = torch.randn(8, dtype=torch.float64)
    ref = truth.float()
    cand = ref.clone()
    cand[2] = float("nan")  # the reference dropped the row's NaN by a comparison; the kernel kept it
    reach = torch.zeros(8, dtype=torch.bool)
    reach[2] = True
    assert compare(ref, truth, cand, 0, R, judge_undefined=False, reach=reach)[0] is None
    cand[5] = float("nan")  # a NaN where no special value reaches is a leak
    assert compare(ref, truth, cand, 0, R, judge_undefined=False, reach=reach)[0] == "nan_output"
    cand[5] = ref[5]
    cand[2] = ref[2] + 1.0  # a finite value where they reach is judged as anywhere
    assert compare(ref, truth, cand, 0, R, judge_undefined=False, reach=reach)[0] == "numerical_mismatch"


def test_where_an_infinity_reaches_a_finite_stand_in_may_decide_and_where_a_nan_does_any_value_may():
    """A top-k routing over a bias holding +inf and NaN: the +inf expert is first everywhere (defined),
    torch sorts the NaN first too, a Triton kernel's `x > best` never picks it."""
    truth = torch.tensor([6.0, 1.0, 14.0, 12.0, 3.0], dtype=torch.float64)
    ref = truth.float()
    stand_in = torch.tensor([6.0, 20.0, 14.0, 12.0, 3.0], dtype=torch.float64)  # NaN as a very small value
    reach = torch.tensor([True, True, True, True, False])
    by_nan = torch.zeros(5, dtype=torch.bool)
    cand = stand_in.float()
    special = {"reach": reach, "finite": stand_in[None], "nan": by_nan}
    assert compare(ref, truth, cand, 0, R, judge_undefined=False, reach=special)[0] is None
    odd = cand.clone()
    odd[1] = 7.0  # neither the truth nor a stand-in's
    assert compare(ref, truth, odd, 0, R, judge_undefined=False, reach=special)[0] == "numerical_mismatch"
    by_nan[1] = True  # ... unless the NaN alone decides that element
    assert compare(ref, truth, odd, 0, R, judge_undefined=False, reach=special)[0] is None
    odd[4] = 4.0  # an element no special value reaches is judged as anywhere
    assert compare(ref, truth, odd, 0, R, judge_undefined=False, reach=special)[0] == "numerical_mismatch"


def test_shape_and_dtype_mismatch():
    x = torch.randn(4, 32)
    assert compare(x, x.double(), x[:, :31], 0, R)[0] == "shape_mismatch"
    assert compare(x, x.double(), x.half(), 0, R)[0] == "dtype_mismatch"


def test_systematic_small_error_is_not_called_precision_loss():
    g = torch.Generator().manual_seed(3)
    x = torch.randn(8, 1000, generator=g)
    ref, truth = torch.softmax(x, 1), torch.softmax(x.double(), 1)
    cls, _, _ = compare(ref, truth, ref * 0.99, 0, R)  # a wrong normaliser: every value 1% low
    assert cls == "numerical_mismatch"


def test_a_row_normaliser_rounded_a_few_ulps_off_passes_when_every_element_is_within_tolerance():
    """An EMA codebook update divides each row by one count sum, summed by atomics on a GPU: each
    row 8 ulps off. No element is past its tolerance; the norm is past the L2 budget and, whole rows
    moving together, not noise-like. That is float32, not a bug; a 1% row error still fails."""
    g = torch.Generator().manual_seed(0)
    truth = torch.rand(25, 13, generator=g, dtype=torch.float64) + 0.5
    sign = torch.sign(torch.randn(25, 1, generator=g, dtype=torch.float64))
    cls, ev, msg = compare(truth.float(), truth, (truth * (1 + 8 * 1.19e-7 * sign)).float(), 0, R)
    assert cls is None and ev.mismatch_count == 0 and "usable precision" in msg, msg
    cls, ev, _ = compare(truth.float(), truth, (truth * (1 + 0.01 * sign)).float(), 0, R)
    assert cls == "numerical_mismatch" and ev.mismatch_count > 0


def test_locate_patterns():
    bad = torch.zeros(4, 10, dtype=torch.bool)
    assert locate(bad) == "none"
    bad[1] = True
    assert locate(bad) == "whole_rows"
    bad = torch.zeros(4, 10, dtype=torch.bool)
    bad[:, ::3] = True
    assert locate(bad) == "strided"


def test_exact_reference_does_not_make_a_correct_kernel_infinitely_worse():
    x = torch.tensor([[1.0, 2.0, 3.0, 4.0]] * 4)
    ref, truth = x.sum(1), x.double().sum(1)  # exact: the reference's own error is 0
    cand = ref * (1 + 1.1920928955078125e-07)  # one float32 ulp off
    cls, _, msg = compare(ref, truth, cand, 0, R)
    assert cls is None, msg


def _large_case(cand_sigma: float, n: int = 1 << 20, seed: int = 5):
    g = torch.Generator().manual_seed(seed)
    truth = torch.randn(n // 1024, 1024, generator=g, dtype=torch.float64)
    ref = (truth + 1e-7 * torch.randn(truth.shape, generator=g, dtype=torch.float64)).float()
    cand = (truth + cand_sigma * torch.randn(truth.shape, generator=g, dtype=torch.float64)).float()
    return ref, truth, cand


def test_noise_tail_of_a_large_output_within_the_l2_budget_passes():
    # 7x the reference's error: inside the L2 budget, but over a million elements a few dozen
    # land past the elementwise tolerance (issue 17: honest GEMMs at KernelBench sizes)
    ref, truth, cand = _large_case(7e-7)
    cls, ev, msg = compare(ref, truth, cand, 0, R)
    assert cls is None and ev.mismatch_count > 0 and "noise tail" in msg, msg


def test_a_few_wrong_elements_in_a_large_output_still_fail():
    ref, truth, cand = _large_case(1e-7)
    idx = torch.randperm(cand.numel(), generator=torch.Generator().manual_seed(1))[:50]
    cand.view(-1)[idx] += 1e-3  # wrong, though far below KernelBench's 1e-2
    cls, ev, msg = compare(ref, truth, cand, 0, R)
    assert cls is not None and ev.mismatch_count >= 50, msg


def test_sensitivity_sees_two_close_scores_move_apart():
    """A softmax row with two close, large scores: moving both by one float32 rounding in the same
    direction changes nothing, moving them apart changes the result by ~p(1-p) * 2|s| * eps. Whatever
    the random signs, the conditioning measured is the latter (else a correct kernel that rounds each
    scaled score, honest work, fails: correct/scaled_softmax.py at seed 262702535)."""
    import torch

    from kagent.verifiers.harness import _EPS32, _sensitivity

    class Softmax(torch.nn.Module):
        def forward(self, x):
            return torch.softmax(x, dim=-1)

    x = torch.tensor([[4000.0, 4000.5]])
    out64 = torch.softmax(x.double(), dim=-1)
    p = float(out64[0, 0])
    expected = p * (1 - p) * 2 * 4000 * _EPS32
    _sensitivity(Softmax(), [x], [out64], "cpu", 0)  # as in the worker, not the first float64 call
    for seed in range(8):  # some of these draw the same sign for both scores
        sens = _sensitivity(Softmax(), [x], [out64], "cpu", seed)[0]
        assert float(sens.min()) > 0.5 * expected, (seed, sens, expected)


def test_an_honest_float32_softplus_passes_and_float16_inside_does_not():
    # mish with softplus written log(1 + exp(x)): a few ulps off where exp(x) is tiny (torch uses log1p),
    # on all-negative inputs; the same function computed in float16 inside is precision loss
    def mish(x):
        return x * torch.tanh(torch.nn.functional.softplus(x))

    def honest(x):
        sp = torch.where(x > 20, x, torch.log(1 + torch.exp(x)))
        t = torch.exp(-2 * sp)
        return x * (1 - t) / (1 + t)

    torch.manual_seed(0)
    x = -(torch.randn(16, 1650) * 3).abs()
    ref, truth = mish(x), mish(x.double())
    assert compare(ref, truth, honest(x), 0, 8.0)[0] is None
    assert compare(ref, truth, mish(x.half()).float(), 0, 8.0)[0] == "precision_loss"


def test_expm1_cancellation_is_usable_float32_but_float16_inside_is_not():
    # selu on inputs scaled by 1e-3, written with exp(x) - 1 (torch: expm1): ~1e-5 off in norm,
    # hundreds of times less accurate than torch, still a correct float32 kernel
    torch.manual_seed(0)
    x = torch.randn(16, 1000) * 1e-3
    ref, truth = torch.selu(x), torch.selu(x.double())
    a, s = 1.6732632423543772, 1.0507009873554805
    honest = s * torch.where(x > 0, x, a * (torch.exp(torch.minimum(x, torch.zeros(()))) - 1))
    cls, _, msg = compare(ref, truth, honest, 0, 8.0)
    assert cls is None and "usable precision" in msg, msg
    assert compare(ref, truth, torch.selu(x.half()).float(), 0, 8.0)[0] == "precision_loss"
    assert compare(ref, truth, torch.selu(x.bfloat16()).float(), 0, 8.0)[0] is not None


def test_an_infinity_that_becomes_a_nan_on_the_way_is_judged_as_a_nan():
    """A row normalised by its infinite norm holds NaNs (inf / inf); the reference's NaN-propagating min
    then leaves that anchor's loss 0 where a kernel whose min skips NaN mines the other pairs. Both are
    IEEE choices: the element counts as decided by a NaN. An element an infinity reaches through a defined
    order (a max that returns it) is not."""
    import math

    from kagent.verifiers.harness import _special_reach

    class Mining(torch.nn.Module):
        def forward(self, x):
            xn = x / x.norm(dim=1, keepdim=True)
            lo = xn.min(dim=1).values  # NaN for a row holding one
            return torch.where(torch.isnan(lo), torch.zeros_like(lo), lo), x.max(dim=1).values

    plain = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]], dtype=torch.float64)
    special = plain.clone()
    special[0, 1] = math.inf
    special[2, 0] = math.nan
    model = Mining().double()
    outs64 = list(model(special))
    reach = _special_reach(model, [plain], [special], outs64, None, "cpu")
    loss, top = reach
    assert loss["reach"].tolist() == [True, False, True]
    assert loss["nan"].tolist() == [True, False, True]  # the infinity's row too: inf / inf
    assert top["reach"][0] and not top["nan"][0]  # max returns the infinity: a defined place


def test_a_collapsed_size_case_is_judged_in_ulps_of_the_problems_own_scale():
    """A loss that is 30 on the problem's inputs and 3.1e-13 at all sizes 1 (log1p of a tiny sum): an
    honest float32 `log(1 + p)` gives 0 there. In ulps of the problem's scale it passes; a real error
    at that size (1e-3) still fails, and without the floor nothing changes."""
    from kagent.verifiers.oracle import compare

    truth = torch.tensor(3.1e-13, dtype=torch.float64)
    ref = truth.float()
    honest = torch.tensor(0.0)
    assert compare(ref, truth, honest, 0, 2.0)[0] == "numerical_mismatch"
    cls, _ev, msg = compare(ref, truth, honest, 0, 2.0, floor_scale=30.0)
    assert cls is None and "ulps of its scale" in msg
    assert compare(ref, truth, torch.tensor(1e-3), 0, 2.0, floor_scale=30.0)[0] == "numerical_mismatch"


def test_the_size_cases_take_their_floor_from_seed0_and_the_small_value_cases_do_not(tmp_path):
    from kagent.verifiers import casefiles

    path = casefiles.expected_path(tmp_path, casefiles.SCALE_CASE)
    path.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"out": [torch.ones(4)], "out64": [torch.full((4,), 3.0, dtype=torch.float64)]}, path)
    assert casefiles.scale_floors(tmp_path) == [3.0]
    assert casefiles.floored("shape_ones") and casefiles.floored("shape_past_cap")
    assert not casefiles.floored("shape_odd_small") and not casefiles.floored("stress_scale_small")
    assert not casefiles.floored("seed1")
    assert casefiles.scale_floors(tmp_path / "none") is None


def test_an_error_norm_held_by_one_element_gets_the_full_ratio_and_a_diffuse_one_does_not():
    """A GGX highlight on inputs scaled by 1e-3: one near-singular element is the output's whole norm. An
    honest kernel 5x less accurate than torch there (within R elementwise) is within R in norm too: one
    element does not average. The same 4-6x spread over every element is still lost precision."""
    g = torch.Generator().manual_seed(3)
    truth = torch.rand(1801, generator=g, dtype=torch.float64) * 1e-11
    truth[1366] = 3.169e-7  # the highlight
    ref_err = torch.randn(1801, generator=g, dtype=torch.float64) * 1e-7 * truth
    ref_err[1366] = 1.4e-4 * truth[1366]
    ref = (truth + ref_err).float()
    cand = truth.clone()
    cand[1366] = truth[1366] * (1 - 7e-4)
    cls, ev, msg = compare(ref, truth, cand.float(), 0, R)
    assert cls is None, msg
    # diffuse: every element 6x the reference's error, in norm too
    truth = 1.0 + torch.rand(4096, generator=g, dtype=torch.float64)
    noise = torch.randn(4096, generator=g, dtype=torch.float64)
    ref = (truth * (1 + 1e-5 * noise)).float()
    cand = (truth * (1 + 6e-5 * torch.randn(4096, generator=g, dtype=torch.float64))).float()
    cls, ev, msg = compare(ref, truth, cand, 0, R)
    assert cls == "precision_loss" or cls == "numerical_mismatch", msg


def test_a_value_off_by_its_own_size_fails_though_the_output_spans_decades():
    """HyperLogLog-like estimates from 5 to 4e8: the small ones negated (an inverted log ratio) err by
    far less than a few ulps of the output's scale, which the scale-wide floor allows an honest
    cancellation. Off by twice their own value, thousands of ulps past any rounding there, they fail;
    the float32 reference itself, and the same values a few ulps off, pass."""
    g = torch.Generator().manual_seed(0)
    truth = torch.pow(10.0, 0.7 + 8.9 * torch.rand(48, generator=g, dtype=torch.float64))
    small = truth < 640
    assert 3 <= int(small.sum()) < 48
    ref = truth.float()
    assert compare(ref, truth, ref, 0, R)[0] is None
    assert compare(ref, truth, (truth * (1 + 3e-7)).float(), 0, R)[0] is None
    cls, ev, msg = compare(ref, truth, torch.where(small, -ref, ref), 0, R)
    assert cls == "numerical_mismatch" and "half their own value" in msg, msg
    assert ev.mismatch_count == int(small.sum())
