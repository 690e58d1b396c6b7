"""The screen builds the `load_inline` candidates of one batch as ONE extension: each candidate still
gets its own code (its variant's functions), a variant the compiler rejects is answered with its own
error, and the shared build is one compiler run, not one per candidate."""

from __future__ import annotations

from pathlib import Path

import pytest

from kagent.verifiers import extension_batch as eb

HERE = Path(__file__).resolve().parent / "fixtures_cpp"
NEAR = HERE / "shift_scale_cpp_nm.py"
PROBLEM = HERE / "shift_scale_problem.py"


def _key(src: str, **kw) -> tuple:
    key = eb.request_key(("ext", src), {"functions": ["f"], **kw})
    assert key is not None
    return key


def test_the_name_is_not_part_of_the_request_and_self_binding_sources_are_not_batched():
    assert eb.request_key(("a", "int f();"), {"functions": ["f"]}) == eb.request_key(("b", ["int f();"]), {"functions": "f"})
    assert eb.request_key(("a", "PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {}"), {}) is None
    assert eb.request_key(("a", "int f();"), {"functions": ["f"], "build_directory": "/tmp/x"}) is None
    # flags are part of the request: two -O levels are two builds
    assert _key("int f();", extra_cflags=["-O2"]) != _key("int f();", extra_cflags=["-O3"])


def test_each_variant_is_namespaced_with_its_includes_hoisted_and_its_macros_undefined():
    a = "#include <cmath>\n#define K 2\nint f() { return K; }\n"
    b = "#include <cmath>\n#include <vector>\n#define K 3\nint f() { return K; }\n"
    c = eb.Combined([_key(a), _key(b)])
    head = c.cpp.split("namespace kagent_v0")[0]
    assert head.count("#include <cmath>") == 1 and "#include <vector>" in head and "#include <torch/extension.h>" in head
    assert "namespace kagent_v1 {" in c.cpp and c.cpp.count("#undef K") == 2
    assert 'm.def("f__kv0", torch::wrap_pybind_function(kagent_v0::f), "f");' in c.cpp
    assert 'm.def("f__kv1", torch::wrap_pybind_function(kagent_v1::f), "f");' in c.cpp
    assert c.cuda == ""  # no CUDA sources: a host-only build


def test_compiler_errors_are_traced_to_the_variant_whose_lines_they_name():
    a, b = "int f() { return 1; }\n", "int f() { return undefined_thing; }\n"
    c = eb.Combined([_key(a, cuda_sources="__global__ void k() {}\n"), _key(b, cuda_sources="__global__ void k() {}\n")])
    cpp_line = c.cpp.splitlines().index("int f() { return undefined_thing; }") + 1
    cu_line = c.cuda.splitlines().index("__global__ void k() {}") + 1  # variant 0's kernel
    msg = (f"/ext/kagent_batch_x/main.cpp:{cpp_line}:18: error: 'undefined_thing' was not declared\n"
           f"/ext/kagent_batch_x/cuda.cu({cu_line}): error: identifier \"q\" is undefined\n"
           "ninja: build stopped: subcommand failed.")
    got = c.culprits(msg)
    assert set(got) == {0, 1} and "undefined_thing" in got[1][0] and "identifier" in got[0][0]


def test_an_unrecorded_call_goes_to_the_real_build():
    calls = []
    b = eb.Batcher(lambda *a, **k: calls.append(a) or "built")
    assert b.load_inline("x", "int f();", functions=["f"]) == "built" and len(calls) == 1
    b.recording = True
    with pytest.raises(eb.Deferred):
        b.load_inline("x", "int f();", functions=["f"])
    assert len(b.keys) == 1


def _cxx() -> bool:
    import shutil

    return shutil.which("c++") is not None and shutil.which("ninja") is not None


@pytest.mark.skipif(not _cxx(), reason="needs a C++ compiler and ninja")
def test_a_screen_batch_of_load_inline_candidates_is_one_build_and_each_keeps_its_verdict(tmp_path, monkeypatch):
    from kagent.agents.screen import Screener
    from kagent.config import VerifyConfig

    monkeypatch.setenv("KAGENT_CACHE_DIR", str(tmp_path / "cache"))
    near = NEAR.read_text()
    fixed = near.replace("- SHIFT", "+ SHIFT")
    wrong = near.replace("(float)k - SHIFT", "(float)k * SHIFT")
    host_edit = fixed.replace("shift_scale(x, 3.0)", "shift_scale(x, 2.0)")  # same C++ source as `fixed`
    cand = tmp_path / "candidate.py"
    cand.write_text(near)
    s = Screener(cand, PROBLEM, VerifyConfig(device="cpu"))
    try:
        assert s.cuda_c and s.prepare(["seed0"]) is None
        got = s.screen([near, fixed, wrong, host_edit], base_first=True)
        assert [r.passed for r in got] == [False, True, False, False], [r.summary() for r in got]
        assert got[1].score < got[0].score
        assert s.extensions["sources"] == 3 and s.extensions["builds"] == 1, s.extensions
    finally:
        s.close()
    builds = [p.name for p in (tmp_path / "cache" / "torch_extensions").rglob("*") if p.is_dir()]
    # one shared build for the three sources; no candidate built on its own
    assert len([b for b in builds if b.startswith("kagent_batch_")]) == 1, builds
    assert not [b for b in builds if "shift_scale" in b], builds


def test_a_template_error_in_a_header_is_traced_through_required_from_here():
    a, b = "int f() { return 1; }\n", "int f() { return 2; }\n"
    c = eb.Combined([_key(a), _key(b)])
    at = c.cpp.splitlines().index("int f() { return 2; }") + 1
    msg = ("/usr/include/c10/util/x.h:88:5: error: no matching function\n"
           f"/ext/kagent_batch_x/main.cpp:{at}:12:   required from here\n")
    assert set(c.culprits(msg)) == {1}
    cu = eb.Combined([_key(a, cuda_sources="__global__ void k() {}\n"), _key(b, cuda_sources="__device__ int g;\n")])
    at = cu.cuda.splitlines().index("__device__ int g;") + 1
    assert set(cu.culprits(f'  detected during instantiation of "void k<T>()" at line {at} of /e/cuda.cu\n')) == {1}


def test_a_build_that_fails_naming_no_variant_is_halved_and_then_left_to_each_candidate():
    calls: list[str] = []

    def real(name, *a, **k):
        calls.append(name)
        raise RuntimeError("ld: duplicate symbol")

    b = eb.Batcher(real)
    b.keys = [_key(f"int f() {{ return {i}; }}\n") for i in range(8)]
    b.build()
    assert len(calls) == 7 and not b.answers  # 8, 4+4, 2+2+2+2 variants; then each builds on its own


def test_the_shared_cuda_file_includes_the_light_header_and_a_missing_declaration_brings_the_heavy_one_back():
    heavy = "#include <torch/extension.h>\n__global__ void k() {}\n"
    keys = [_key("int f();", cuda_sources=heavy), _key("int f();", cuda_sources=heavy.replace("k()", "k2()"))]
    light = eb.Combined(keys, light=True)
    assert light.lightened and "<torch/extension.h>" not in light.cuda and "#include <torch/types.h>" in light.cuda
    assert "#include <torch/extension.h>" in light.cpp  # the bindings' file keeps pybind11
    assert not eb.Combined(keys).lightened and "<torch/extension.h>" in eb.Combined(keys).cuda
    seen: list[str] = []

    def real(name, cpp, cuda, **k):
        seen.append(cuda[0])
        if "torch/extension.h" not in cuda[0]:
            raise RuntimeError('/e/cuda.cu(9): error: namespace "torch" has no member "nn"')
        return type("M", (), {"f__kv0": 0, "f__kv1": 1})

    b = eb.Batcher(real)
    b.keys = keys
    b.build()
    assert len(seen) == 2 and not b.light and set(b.answers) == set(keys)
    assert not any(isinstance(v, BaseException) for v in b.answers.values())


def test_the_evidence_verify_builds_the_cuda_file_on_the_light_header_and_falls_back_to_the_sources():
    calls = []

    def real(*args, **kwargs):
        calls.append(kwargs or dict(zip(("name", "cpp_sources", "cuda_sources"), args)))
        if "fail_light" in kwargs.get("name", "") and "torch/types.h" in "".join(kwargs["cuda_sources"]):
            raise RuntimeError("Error building extension: identifier \"pybind11\" is undefined")
        return "built"

    load = eb.lightened(real)
    cu = "  #include <torch/extension.h>\n__global__ void k() {}\n"
    assert load("ext", "int f();", cu, functions=["f"]) == "built"
    assert calls[-1]["cuda_sources"] == ["#include <torch/types.h>\n__global__ void k() {}\n"]
    assert calls[-1]["cpp_sources"] == "int f();" and calls[-1]["functions"] == ["f"]
    # a light build that fails: the sources as written decide
    calls.clear()
    assert load("fail_light", "int f();", cuda_sources=[cu], functions=["f"]) == "built"
    assert len(calls) == 2 and calls[1]["cuda_sources"] == [cu]
    # nothing to lighten (host-only, or CUDA without torch/extension.h): one call, as written
    calls.clear()
    load("ext", "int f();", "#include <cuda_runtime.h>\n__global__ void k() {}\n")
    load("ext", "int f();")
    assert len(calls) == 2 and calls[0]["cuda_sources"].startswith("#include <cuda_runtime.h>")


def test_only_the_repairs_evidence_verify_builds_light():
    from kagent.config import VerifyConfig
    from kagent.repair.run import confirm_config, evidence_config

    full = VerifyConfig()
    assert not full.light_headers and not confirm_config(full).light_headers
    assert evidence_config(full).light_headers
