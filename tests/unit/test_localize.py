"""Fault localization: the report's evidence condensed into symptoms, operator families and
ranked lines of the kernel (sources only; nothing runs)."""

from __future__ import annotations

from pathlib import Path

from kagent.agents.localize import family_weights, localize, sites_of, symptoms_of
from kagent.report import CaseInfo, Finding, VerifyReport

DEV = Path(__file__).resolve().parents[1] / "corpus" / "nearmiss_dev"


def _report(cls: str, cases: list[str], location: str = "whole_rows", all_cases: int = 12, nan: int = 0) -> VerifyReport:
    findings = [Finding(check="oracle", severity="error", failure_class=cls, case=c, message="differs",
                        evidence={"location": location, "nan_count": nan, "mismatch_fraction": 0.5, "rel_l2_err": 0.3})
                for c in cases]
    infos = [CaseInfo(name=f"case{i}", kind="seed", seed=i, shapes=[], dtypes=[]) for i in range(all_cases)]
    return VerifyReport(verdict="fail", failure_class=cls, summary=f"{cls}: x", candidate="c.py", reference="r.py",
                        device="cpu", findings=findings, cases=infos)


def test_negative_inputs_only_point_at_initial_and_fill_values():
    sym = symptoms_of(_report("numerical_mismatch", ["stress_negative"]))
    assert sym.case_kinds == ["stress_negative"] and sym.only_some_cases and sym.locations == ["whole_rows"]
    w = family_weights(sym)
    top = sorted(w, key=lambda f: -w[f])[:3]
    assert "init" in top and "other" in top


def test_each_symptom_raises_its_own_families():
    w_dtype = family_weights(symptoms_of(_report("dtype_mismatch", ["seed0"], location="none")))
    assert max(w_dtype, key=w_dtype.get) == "out_dtype"
    w_prec = family_weights(symptoms_of(_report("precision_loss", ["seed0"], location="all")))
    assert max(w_prec, key=w_prec.get) == "dtype"
    w_nan = family_weights(symptoms_of(_report("nan_output", ["stress_scale_large"], location="scattered", nan=3)))
    assert max(w_nan, key=w_nan.get) == "stable"
    w_shape = family_weights(symptoms_of(_report("out_of_bounds", ["shape_odd"], location="tail_of_rows")))
    assert {"compare", "mask"} & set(sorted(w_shape, key=lambda f: -w_shape[f])[:2])


def test_the_reduction_init_is_among_the_top_sites_and_the_reference_is_not_a_site():
    src = (DEV / "rowmax_init_zero.py").read_text()
    loc = localize(_report("numerical_mismatch", ["stress_negative"]), src)
    lines = src.splitlines()
    init = next(i + 1 for i, ln in enumerate(lines) if "tl.zeros(" in ln)
    assert init in loc.top_lines(5)
    model = [i + 1 for i, ln in enumerate(lines) if "torch.amax" in ln or "torch.randn" in ln]
    assert not set(model) & {s.line for s in loc.sites}  # Model and get_inputs are read only
    assert loc.prompt_lines()[0].startswith("symptoms:") and f"line {init}" in "\n".join(loc.prompt_lines(6))


def test_a_source_that_does_not_parse_has_no_sites():
    loc = localize(_report("numerical_mismatch", ["seed0"]), "def broken(:\n")
    assert loc.sites == [] and loc.families


def test_a_line_the_evidence_names_ranks_first():
    src = "\n".join([
        "import triton", "import triton.language as tl", "", "", "@triton.jit",
        "def k(x_ptr, out_ptr, n, H, W, BLOCK: tl.constexpr):",
        "    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)",
        "    yy = offs // W - 1",
        "    xx = offs % W - 1",
        "    valid = (yy >= 0) & (yy < H) & (xx < W)",
        "    v = tl.load(x_ptr + yy * W + xx, mask=valid, other=0.0)",
        "    tl.store(out_ptr + offs, v, mask=offs < n)",
    ])
    f = Finding(check="interpreter.bounds", severity="error", failure_class="out_of_bounds", case="seed0",
                message="out-of-bounds load in kernel `k` (kernel_nm.py:11): lane (3,) reads element -1",
                evidence={"where": "kernel_nm.py:11"})
    r = VerifyReport(verdict="fail", failure_class="out_of_bounds", summary="out_of_bounds: x", candidate="/tmp/kernel_nm.py",
                     reference="r.py", device="cpu", findings=[f], cases=[])
    loc = localize(r, src)
    assert loc.sites[0].line == 11 and "named by the evidence" in loc.sites[0].why
    other = r.model_copy(update={"candidate": "/tmp/other.py"})  # another file's line numbers are not this one's
    assert localize(other, src).sites[0].line != 11 or "named by the evidence" not in localize(other, src).sites[0].why


def test_a_condition_named_for_its_role_is_a_site():
    """`swap = ry == 0` (a Hilbert curve's quadrant swap): an equality assigned to a name is a line a
    fault can sit on, like any mask (it was no site at all, so no rewrite ever reached it)."""
    src = "\n".join([
        "import triton", "import triton.language as tl", "", "", "@triton.jit",
        "def k(x_ptr, out_ptr, n, BLOCK: tl.constexpr):",
        "    offs = tl.arange(0, BLOCK)",
        "    x = tl.load(x_ptr + offs, mask=offs < n, other=0)",
        "    ry = x & 1",
        "    swap = ry == 0",
        "    tl.store(out_ptr + offs, tl.where(swap, x, -x), mask=offs < n)",
    ])
    loc = localize(_report("numerical_mismatch", ["seed0"], location="scattered"), src)
    assert 10 in {s.line for s in loc.sites}


CUDA_SRC = '''import torch
from torch.utils.cpp_extension import load_inline

_cuda = r"""
__global__ void scale_rows(const float* x, const float* w, float* y, float* scratch, int n, float eps) {
    int row = blockIdx.x;
    float tmp[4];
    float unused = eps * 2.0f;
    const float* xr = x + (long)row * n;
    float s = 0.0f;
    for (int i = threadIdx.x; i < n; i += blockDim.x) s += xr[i] * xr[i];
    tmp[0] = s;
    const float r = rsqrtf(tmp[0] / n + eps);
    if (threadIdx.x == 0) y[row] = r * w[row];
}
torch::Tensor scale(torch::Tensor x, torch::Tensor w) {
    auto y = torch::empty({x.size(0)}, x.options());
    const int rows = x.size(0);
    dim3 grid(rows / 2);
    scale_rows<<<grid, 256>>>(x.data_ptr<float>(), w.data_ptr<float>(), y.data_ptr<float>(), nullptr, x.size(1), 1e-6f);
    return y;
}
"""
_ext = load_inline("scale_rows_ext", "torch::Tensor scale(torch::Tensor x, torch::Tensor w);", _cuda, functions=["scale"])
'''


def test_cuda_c_lines_that_feed_a_store_rank_above_those_that_do_not():
    """The CUDA C slice: the store, the values it reads (through a local array, a loop's sum and the
    row pointer) and the launcher's grid rank above a value nothing stores."""
    from kagent.agents.localize import _cuda_slice

    lines = CUDA_SRC.splitlines()
    at = {text: i + 1 for i, ln in enumerate(lines) for text in [ln.strip()]}
    first, last = at['_cuda = r"""'], len(lines) - 2
    sl = _cuda_slice(lines, first, last)
    store, r, acc, row_ptr = (at[t] for t in ("if (threadIdx.x == 0) y[row] = r * w[row];",
                                             "const float r = rsqrtf(tmp[0] / n + eps);",
                                             "for (int i = threadIdx.x; i < n; i += blockDim.x) s += xr[i] * xr[i];",
                                             "const float* xr = x + (long)row * n;"))
    assert sl[store] == 1.0 and sl[r] > sl[acc] > sl[row_ptr] >= 0.4
    assert at["float unused = eps * 2.0f;"] not in sl
    assert sl[at["dim3 grid(rows / 2);"]] > 0 and sl[at["return y;"]] == 0.7  # the launcher: launch and result


def test_cuda_c_slice_reads_through_a_switch_and_math_calls_are_math():
    """`case 0: ro = v; go = tt;` assigns: the values a switch's cases store (a hue's fmodf, three
    lines up) are in the slice, and a line of fmodf/powf/erff is a math site."""
    from kagent.agents.localize import _CUDA_RE, _cuda_slice, _kinds

    code = '''_cuda = r"""
__global__ void hue(const float* x, float* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float h = x[i];
    h = fmodf(h, 1.0f);
    const float v = h * 6.0f;
    float ro;
    switch ((int)v) {
        case 0: ro = v; break;
        default: ro = 1.0f - v; break;
    }
    out[i] = ro;
}
"""'''
    lines = code.splitlines()
    sl = _cuda_slice(lines, 1, len(lines))
    at = {ln.strip(): i + 1 for i, ln in enumerate(lines)}
    assert sl[at["case 0: ro = v; break;"]] > 0.5 and sl[at["h = fmodf(h, 1.0f);"]] >= 0.4
    assert "math" in _kinds("h = fmodf(h, 1.0f);", _CUDA_RE) and "math" in _kinds("g = powf(10.0f, d);", _CUDA_RE)


def test_a_cpu_extensions_cpp_lines_are_sites_and_get_edits():
    """C++ sources alone (a CPU load_inline kernel): the loop's store is a site, and the search's
    operators edit it (the fixture's fix, `- SHIFT` -> `+ SHIFT`, is a sign flip there; end to end,
    `kagent repair` of it on the CPU repairs it in ~70 s, most of it the extension's builds)."""
    from kagent.agents.localize import sites_of
    from kagent.patterns.operators import propose

    path = Path(__file__).parent / "fixtures_cpp" / "shift_scale_cpp_nm.py"
    source = path.read_text()
    lines = source.splitlines()
    store = next(i for i, ln in enumerate(lines) if "b[i] = a[i] * (float)k - SHIFT;" in ln) + 1
    sites = sites_of(source, family_weights(symptoms_of(_report("numerical_mismatch", ["seed0"], location="all"))))
    assert store in [s.line for s in sites[:5]] and next(s for s in sites if s.line == store).scope == "cuda"
    fixes = [r for r in propose(source, [(store, 1.0)], {}, max_sites=1)
             if r.edit.start == store - 1 and "+ SHIFT" in r.edit.lines[0]]
    assert fixes and fixes[0].edit.operator == "sign_flip"


def test_a_bare_copy_ranks_with_the_most_suspected_lines():
    src = "\n".join([
        "import triton", "import triton.language as tl", "", "", "@triton.jit",
        "def moments_kernel(x_ptr, out_ptr, n, BLOCK: tl.constexpr):",
        "    offs = tl.arange(0, BLOCK)",
        "    x = tl.load(x_ptr + offs, mask=offs < n, other=0.0)",
        "    m0 = tl.sum(x, axis=0)",
        "    m2 = tl.sum(x * x, axis=0)",
        "    s2 = m0",
        "    tl.store(out_ptr, m2 / s2)",
        "",
    ])
    loc = localize(_report("numerical_mismatch", ["seed0"]), src)
    copy = next(s for s in loc.sites if s.text.strip() == "s2 = m0")
    assert "a copy line" in " ".join(copy.why)
    # one kind of its own: the last site on the families alone, above the load with what its kind says
    plain = [s.line for s in sites_of(src, loc.family_weights, priors=False)]
    assert plain[-1] == copy.line and loc.top_lines().index(copy.line) < loc.top_lines().index(8)
