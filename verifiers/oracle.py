"""The differential oracle: judge a candidate's output against the float64 truth.

The reference is run twice — in its own dtype and in float64. The candidate's error against the
float64 truth is judged relative to the reference's OWN error against it, plus per-dtype floors:
- elementwise, |cand - truth| <= R * max(ref_err_i, rms(ref_err)) + eps_d * (4 * rms(truth) + 4 * |truth_i|),
  where ref_err also covers the problem's conditioning: how far the float64 result moves when
  the inputs move by one float32 rounding (so ill-conditioned cases such as softmax of inputs
  scaled by 1e3 do not reject correct kernels);
  catches localized bugs (a wrong tail, a wrong row) without rejecting a different summation order;
- in norm, ||cand - truth|| / ||truth|| <= R/2 * (same for the reference) + max(eps_d / 2, 2 * eps_fp32)
  catches diffuse precision loss (fp16 accumulation, TF32) that allclose at 1e-2 waves through.
"""

from __future__ import annotations

import math

import torch

from kagent.report import FailureClass, Mismatch, MismatchLocation

_EPS = {
    torch.float64: 2.220446049250313e-16,
    torch.float32: 1.1920928955078125e-07,
    torch.float16: 9.765625e-04,
    torch.bfloat16: 7.8125e-03,
}
# _C_ABS: an element far below the output's scale may err by a few ulps of that scale (16): an honest
# float32 softplus written log(1 + exp(x)) errs by ~3 ulps of the scale where exp(x) is tiny, while
# torch's log1p is exact there (a blind near-miss's correct twin failed at 4).
_C_ABS, _C_REL, _C_L2 = 16.0, 4.0, 0.5
# In norm the candidate gets a tighter ratio than elementwise: summation-order noise averages out
# over a tensor, lost precision does not. Where the error's norm is one or two elements' (its effective
# count, (sum e^2)^2 / sum e^4, below _L2_AVERAGED), nothing averages: the norm is those elements, each
# already within its elementwise tolerance, and the full ratio holds (an honest GGX specular kernel on
# inputs scaled by 1e-3, its output one near-singular highlight, failed 5 seeds in 57 at 4x).
_L2_RATIO_SHARE = 0.5
_L2_AVERAGED = 8.0
# Mismatches below this relative L2 error, spread over the tensor, are a precision fault rather
# than a wrong computation.
_PRECISION_L2 = 0.05
# The noise tail of a large output: over millions of elements, a kernel whose error is within the
# L2 budget (a few times the reference's) still has a few elements past an elementwise tolerance
# drawn for the reference's own spread (the largest of N noise samples grows like sqrt(2 ln N)).
# Such exceedances are accepted when they are few (at most 1%, so never in an output under
# _TAIL_MIN_NUMEL elements) and scattered, and none is more than _TAIL_EXCESS times its tolerance: a
# wrong row, tail, block or stride is not scattered, and a wrong element errs by far more. Small
# outputs have the tail too: an elementwise kernel whose exp or erf differs from torch's by an ulp
# had 4-14 of 16K elements past tolerance at 1.4-1.7x the reference's L2 error (geglu, rope).
# Float32's usable precision: the oracle's reference-relative tolerance is strict on purpose (a
# kernel several times less accurate than torch is flagged), but an honest float32 kernel that
# writes exp(x) - 1 where torch uses expm1 is ~1e-5 off in norm on small inputs, 20x below what
# float16 arithmetic inside leaves; it passes, with the ratio in the message.
_USABLE_L2 = 5e-5
_USABLE_ELEM = 2e-4  # of max(|truth|, the output's RMS)
_TAIL_MIN_NUMEL = 1 << 10
_TAIL_FRACTION = 0.01
_TAIL_EXCESS = 4.0
# A small float32 output has the tail too, when it is one or two elements: an honest hat-function
# projection (w = 1 - |tz - zi| / dz) errs by ~10 ulps of the output's scale at the one atom where w
# cancels, 2 of 155 elements 1.1x past tolerance with the L2 error within budget (a blind set's
# correct twin, and the search's right fix for its near-miss, failed there). Two elements are not a
# wrong row, tail, block or stride; a wrong element errs by far more than 4x.
_FEW_MIN_NUMEL = 64
_FEW_MAX = 2
# A grossly wrong element: off by more than half its own value, by more than R times the reference's own
# error there (the problem's conditioning included), and by more than a floor no honest rounding reaches
# at unit scale (4096 float32 ulps of 1; 64 ulps of a half-precision output). The scale-wide floors above
# let an element far below the output's scale err by a few ulps of that scale (honest cancellation); they
# must not let a wrong value through where the output spans decades: HyperLogLog estimates of 10 to 4e8,
# the small ones negated by an inverted log ratio, erred by 20-836 against a scale floor of ~400 and
# passed as float32 noise (a blind set's near-miss, integer inputs, so no sensitivity run to speak).
_GROSS_SHARE = 0.5
_GROSS_FLOOR_ULPS32, _GROSS_FLOOR_ULPS = 4096.0, 64.0


def _eps(dtype: torch.dtype) -> float:
    return _EPS.get(dtype, _EPS[torch.float32])


def _rms(t: torch.Tensor) -> float:
    return float(t.pow(2).mean().sqrt()) if t.numel() else 0.0


def locate(bad: torch.Tensor) -> MismatchLocation:
    """Where the mismatching elements lie, read with the last dimension as rows."""
    n_bad, numel = int(bad.sum()), bad.numel()
    if n_bad == 0:
        return "none"
    if n_bad >= 0.9 * numel:
        return "all"
    rows = bad.reshape(-1, bad.shape[-1]) if bad.dim() >= 1 and bad.shape[-1] > 0 else bad.reshape(1, -1)
    row_bad = rows.any(dim=1)
    if rows.shape[0] > 1 and bool(rows[row_bad].all()):
        return "whole_rows"
    if rows.shape[1] > 1:
        cols = rows.any(dim=0).nonzero().flatten()
        first_col = int(cols.min())
        if first_col > 0 and bool(cols[-1] == rows.shape[1] - 1):
            # every affected row is bad from some column to its end
            tail_ok = all(bool(r[r.nonzero().min():].all()) for r in rows[row_bad][:64])
            if tail_ok:
                return "tail_of_rows"
        if len(cols) >= 3:
            steps = cols[1:] - cols[:-1]
            if bool((steps == steps[0]).all()) and int(steps[0]) > 1:
                return "strided"
    flat = bad.flatten().nonzero().flatten()
    lo, hi = int(flat.min()), int(flat.max())
    if hi - lo + 1 == n_bad:
        if lo == 0:
            return "leading"
        if hi == numel - 1:
            return "trailing"
    return "scattered"


def compare(
    out: torch.Tensor, out64: torch.Tensor, cand: torch.Tensor, index: int, ratio: float,
    sens: torch.Tensor | None = None, judge_undefined: bool = True, reach: torch.Tensor | dict | None = None,
    floor_scale: float = 0.0,
) -> tuple[FailureClass | None, Mismatch | None, str]:
    """Judge one output tensor. Returns (failure class or None, evidence, one-line message).

    `judge_undefined=False` leaves elements whose truth is NaN unjudged (special-value inputs: how a
    NaN propagates through max/min is implementation-defined); by default the candidate must be NaN
    there too. `reach`: the elements special-value inputs reach; a NaN or an infinity of the
    candidate there is how its arithmetic carries them. A finite value there is still judged: against
    the truth, or (a dict from the harness: {"reach", "finite"}) against the truth with any finite
    stand-in for the special values (how an order places a NaN is the implementation's choice); a NaN or an
    infinity at an element whose truth no input moves (the dict's "constant") is not judged either.
    `floor_scale`: the output's scale on the problem's own inputs (a size case whose output collapses,
    a one-element loss of 3e-13, is judged in ulps of that scale as well as of its own: an honest
    `log(1 + p)` for `log1p(p)` there is 3e-13 off, 100% of the value and nothing of the loss)."""
    stand_ins = by_nan = constant = None
    if isinstance(reach, dict):
        reach, stand_ins, by_nan, constant = reach["reach"], reach["finite"], reach.get("nan"), reach.get("constant")
    if tuple(cand.shape) != tuple(out.shape):
        return "shape_mismatch", None, f"output {index}: shape {list(cand.shape)}, expected {list(out.shape)}"
    if cand.dtype != out.dtype:
        return "dtype_mismatch", None, f"output {index}: dtype {cand.dtype}, expected {out.dtype}"
    if not out.dtype.is_floating_point:
        bad = cand != out
        if sens is not None and not sens.dtype.is_floating_point and tuple(sens.shape[1:]) == tuple(out.shape):
            # where moving the inputs by a rounding changes the result (two scores nearly tie), any value
            # the moved runs gave is right (harness._sensitivity)
            bad &= ~(cand.unsqueeze(0) == sens).any(0)
        n = int(bad.sum())
        ev = _evidence(index, out, bad, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0)
        if n:
            return "numerical_mismatch", ev, f"output {index}: {n} of {out.numel()} integer elements differ"
        return None, ev, "exact"

    truth = out64.double()
    ref = out.double()
    c = cand.double()
    eps = _eps(out.dtype)
    finite_truth = torch.isfinite(truth)
    # Where the truth overflows the dtype, or is itself undefined, only the NaN-ness is compared.
    limit = torch.finfo(out.dtype).max
    comparable = finite_truth & (truth.abs() <= limit)
    # where float32 itself overflows on the way (the reference's own result is not finite, the float64
    # truth is) a kernel holding the reference's non-finite value is as right as float32 allows
    same_as_ref = (c == ref) | (torch.isnan(c) & torch.isnan(ref))
    ref_overflow_kept = ~torch.isfinite(ref) & same_as_ref
    nan_bad = comparable & ~torch.isfinite(c) & ~ref_overflow_kept
    if reach is not None and reach.shape == nan_bad.shape:
        nan_bad = nan_bad & ~reach.to(nan_bad.device)
    if constant is not None and constant.shape == nan_bad.shape:  # a constant of the format (verifiers/harness.py)
        nan_bad = nan_bad & ~constant.to(nan_bad.device)
    undefined_bad = torch.isnan(truth) & torch.isnan(ref) & ~torch.isnan(c) & judge_undefined
    # an infinite result is a value, not an overflow (`masked_fill(remove, -inf)`): where the truth
    # and the reference hold the same infinity the candidate must hold it too (else a kernel that
    # filters nothing matches every element it is judged on)
    inf_bad = torch.isinf(truth) & (ref == truth) & (c != truth) & judge_undefined

    t = torch.where(comparable, truth, torch.zeros_like(truth))
    ref_err = torch.where(comparable & torch.isfinite(ref), (ref - truth).abs(), torch.zeros_like(truth))
    if sens is not None:  # the problem's conditioning: error a correct float32 kernel cannot avoid
        ref_err = torch.maximum(ref_err, torch.where(comparable & torch.isfinite(sens), sens, torch.zeros_like(sens)))
    cand_err = torch.where(comparable & torch.isfinite(c), (c - truth).abs(), torch.zeros_like(truth))
    scale = _rms(t[comparable]) if bool(comparable.any()) else 0.0
    ref_rms = _rms(ref_err[comparable]) if bool(comparable.any()) else 0.0
    abs_scale = max(scale, floor_scale)
    tol = ratio * torch.maximum(ref_err, torch.full_like(ref_err, ref_rms)) + eps * (_C_ABS * abs_scale + _C_REL * t.abs())
    if stand_ins is not None and reach is not None and reach.shape == c.shape and tuple(stand_ins.shape[1:]) == tuple(c.shape):
        # where the special values reach: the error against the nearest truth with finite stand-ins
        alt_err = (stand_ins.to(c.device).double() - c.unsqueeze(0)).abs().nan_to_num(nan=math.inf).amin(dim=0)
        cand_err = torch.where(reach.to(c.device) & torch.isfinite(c), torch.minimum(cand_err, alt_err), cand_err)
        if by_nan is not None and by_nan.shape == c.shape:  # where a NaN's place in an order decides
            cand_err = torch.where(by_nan.to(c.device), torch.zeros_like(cand_err), cand_err)
    value_bad = comparable & torch.isfinite(c) & (cand_err > tol)
    gross = comparable & torch.isfinite(c) & _gross(cand_err, ratio * ref_err, t, eps)
    value_bad |= gross
    bad = value_bad | nan_bad | undefined_bad | inf_bad

    norm = t.norm().item() if bool(comparable.any()) else 0.0
    rel_l2 = (cand_err.norm().item() / norm) if norm > 0 else cand_err.norm().item()
    ref_rel_l2 = (ref_err.norm().item() / norm) if norm > 0 else ref_err.norm().item()
    max_rel = float((cand_err / (t.abs() + eps * max(scale, 1e-30))).max()) if cand_err.numel() else 0.0
    ev = _evidence(
        index, out, bad, float(cand_err.max()) if cand_err.numel() else 0.0, max_rel,
        float(ref_err.max()) if ref_err.numel() else 0.0, rel_l2, ref_rel_l2,
        float(tol.max()) if tol.numel() else 0.0, int(nan_bad.sum()),
    )
    n_bad = int(bad.sum())
    if int(nan_bad.sum()):
        return "nan_output", ev, (
            f"output {index}: {int(nan_bad.sum())} NaN/Inf elements where the float64 truth is finite "
            f"({ev.location})"
        )
    if int(inf_bad.sum()):
        return "numerical_mismatch", ev, (
            f"output {index}: {int(inf_bad.sum())} of {int(torch.isinf(truth).sum())} elements where the reference "
            f"and the float64 truth are +/-inf differ ({ev.location})")
    if bool(gross.any()):  # before the allowances below: none of them covers a wrong value
        worst = int((cand_err / t.abs().clamp_min(1e-300)).masked_fill(~gross, -1.0).argmax())
        return "numerical_mismatch", ev, (
            f"output {index}: {n_bad} of {out.numel()} elements differ ({ev.location}); max abs error "
            f"{ev.max_abs_err:.3g}, rel L2 {rel_l2:.2e}; {int(gross.sum())} off by more than half their own value, "
            f"beyond any rounding at their magnitude (e.g. {float(c.flatten()[worst]):.6g} where the truth is "
            f"{float(t.flatten()[worst]):.6g})")
    # floor: half an ulp of the output dtype, and never below four float32 ulps (a reference that
    # happens to be exact must not make a correct float32 kernel "infinitely less accurate"; float16
    # arithmetic inside a float32 kernel errs by hundreds)
    share = _L2_RATIO_SHARE if _effective_count(cand_err[comparable]) >= _L2_AVERAGED else 1.0
    l2_limit = share * ratio * ref_rel_l2 + max(_C_L2 * eps, 4 * _EPS[torch.float32])
    if n_bad == 0 and rel_l2 <= l2_limit:
        return None, ev, f"output {index}: within tolerance (rel L2 {rel_l2:.2e}, reference {ref_rel_l2:.2e})"
    if n_bad == 0 and floor_scale > scale and ev.max_abs_err <= eps * _C_ABS * floor_scale:
        return None, ev, (f"output {index}: within {_C_ABS:g} ulps of its scale on the problem's own inputs "
                          f"(max abs error {ev.max_abs_err:.2e}; this case's values are {scale:.2e})")
    if rel_l2 <= l2_limit and _noise_tail(bad, value_bad, cand_err, tol, ev.location, out.dtype):
        return None, ev, (f"output {index}: within tolerance (rel L2 {rel_l2:.2e}, reference {ref_rel_l2:.2e}; "
                          f"{n_bad} of {out.numel()} scattered elements in the noise tail, each within "
                          f"{_TAIL_EXCESS:g}x its tolerance)")
    if n_bad == 0 and _usable(out.dtype, rel_l2, cand_err, t, scale, comparable):
        # every element within its tolerance, the norm a few ulps past the budget: a normaliser
        # rounded once and shared by a row scales the row (not noise-like), as an honest float32
        # sum in another order does (a blind set's twin on a GPU, atomics: 8 ulps, 0 of 325 elements)
        return None, ev, (f"output {index}: every element within tolerance; rel L2 {rel_l2:.2e} "
                          f"({rel_l2 / max(ref_rel_l2, 1e-300):.1f}x the reference's {ref_rel_l2:.2e}) is within "
                          f"float32's usable precision")
    if rel_l2 < _PRECISION_L2 and ev.location in ("scattered", "all", "none") and _noise_like(c - truth, truth, comparable):
        if _usable(out.dtype, rel_l2, cand_err, t, scale, comparable) and not int(undefined_bad.sum()):
            return None, ev, (
                f"output {index}: within float32's usable precision though {rel_l2 / max(ref_rel_l2, 1e-300):.1f}x "
                f"less accurate than the reference (rel L2 {rel_l2:.2e} vs {ref_rel_l2:.2e}; {n_bad} of "
                f"{out.numel()} elements past the reference-relative tolerance)")
        return "precision_loss", ev, (
            f"output {index}: {rel_l2 / max(ref_rel_l2, 1e-300):.1f}x less accurate than the reference "
            f"(rel L2 {rel_l2:.2e} vs {ref_rel_l2:.2e}; {n_bad} of {out.numel()} elements past tolerance)"
        )
    return "numerical_mismatch", ev, (
        f"output {index}: {n_bad} of {out.numel()} elements differ ({ev.location}); max abs error "
        f"{ev.max_abs_err:.3g}, rel L2 {rel_l2:.2e}"
    )


def _effective_count(err: torch.Tensor) -> float:
    """How many elements an error's norm is spread over: n for n equal errors, 1 for a single one."""
    sq = err.double().pow(2)
    quad = float(sq.pow(2).sum())
    return float(sq.sum()) ** 2 / quad if quad > 0 else float(err.numel())


def _gross(cand_err: torch.Tensor, ref_bound: torch.Tensor, t: torch.Tensor, eps: float) -> torch.Tensor:
    """Elements wrong by more than half their value, where neither rounding nor the reference's own error
    (conditioning included) reaches: an honest cancellation errs by a few ulps of its intermediates, not
    by thousands of ulps of 1."""
    floor = max(_GROSS_FLOOR_ULPS32 * _EPS[torch.float32], _GROSS_FLOOR_ULPS * eps)
    return (cand_err > _GROSS_SHARE * t.abs()) & (cand_err > ref_bound) & (cand_err > floor * t.abs().clamp_min(1.0))


def _usable(dtype: torch.dtype, rel_l2: float, cand_err: torch.Tensor, t: torch.Tensor, scale: float,
            comparable: torch.Tensor) -> bool:
    """A float32 result whose error is far below what float16 or bfloat16 arithmetic would leave: the
    honest cancellations of exp(x) - 1 for expm1 or log(1 + x) for log1p (rel L2 ~1e-5) pass, float16
    inside a float32 kernel (~3e-4) and TF32 products (~8e-4) do not."""
    if dtype not in (torch.float32, torch.float64) or rel_l2 > _USABLE_L2 or not bool(comparable.any()):
        return False
    rel = cand_err[comparable] / torch.clamp(t[comparable].abs(), min=max(scale, 1e-30))
    return float(rel.max()) <= _USABLE_ELEM


def _noise_tail(bad: torch.Tensor, value_bad: torch.Tensor, cand_err: torch.Tensor, tol: torch.Tensor,
                location: str, dtype: torch.dtype = torch.float32) -> bool:
    n_bad = int(bad.sum())
    few = dtype in (torch.float32, torch.float64) and bad.numel() >= _FEW_MIN_NUMEL and n_bad <= _FEW_MAX
    if location != "scattered" or not few and (bad.numel() < _TAIL_MIN_NUMEL or n_bad > _TAIL_FRACTION * bad.numel()):
        return False
    if bool((bad & ~value_bad).any()):  # a NaN or an undefined element is never noise
        return False
    return float((cand_err[value_bad] / tol[value_bad].clamp_min(1e-300)).max()) <= _TAIL_EXCESS


def _noise_like(err: torch.Tensor, truth: torch.Tensor, valid: torch.Tensor) -> bool:
    """Does the error look like rounding noise (lost precision) rather than a systematic bug?

    Rounding noise has balanced signs, little correlation between neighbours and none with the
    values themselves; a wrong normaliser scales every value (error proportional to the value), a
    missing term shifts whole rows one way. Too few elements to tell: noise.
    """
    keep = valid & torch.isfinite(err)
    e, t = err[keep].flatten(), truth[keep].flatten()
    nz = e != 0
    e, t = e[nz], t[nz]
    if e.numel() < 64:
        return True
    positive = float((e > 0).double().mean())
    x = e / e.abs().max()
    x = x - x.mean()
    denom = float((x * x).sum())
    lag1 = float((x[1:] * x[:-1]).sum()) / denom if denom > 0 else 0.0
    y = t - t.mean()
    ty = float((y * y).sum())
    corr = float((x * y).sum()) / (denom * ty) ** 0.5 if denom > 0 and ty > 0 else 0.0
    return 0.2 <= positive <= 0.8 and abs(lag1) < 0.5 and abs(corr) < 0.3


def _evidence(index, out, bad, max_abs, max_rel, ref_max, rel_l2, ref_rel_l2, tol_max, nan_count) -> Mismatch:
    n_bad = int(bad.sum())
    first = [list(map(int, idx)) for idx in bad.nonzero()[:5].tolist()] if n_bad else []
    return Mismatch(
        output_index=index,
        shape=list(out.shape),
        dtype=str(out.dtype).replace("torch.", ""),
        numel=out.numel(),
        max_abs_err=max_abs,
        max_rel_err=max_rel,
        ref_max_abs_err=ref_max,
        rel_l2_err=rel_l2,
        ref_rel_l2_err=ref_rel_l2,
        tolerance_abs=tol_max,
        mismatch_count=n_bad,
        mismatch_fraction=n_bad / out.numel() if out.numel() else 0.0,
        nan_count=nan_count,
        location=locate(bad) if out.numel() else "none",
        first_mismatches=first,
    )

