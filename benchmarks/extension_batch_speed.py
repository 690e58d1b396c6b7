"""What a shared build saves the screen of load_inline candidates (verifiers/extension_batch.py).

    python benchmarks/extension_batch_speed.py [--variants 1,8,32] [--host-only] [--extension-h] [--out FILE.json]

Builds variants of one kernel (each a different constant: distinct sources, as a search's edits are)
alone, then N of them as one extension, each in a fresh extensions folder; prints the seconds of each
build and per variant. CUDA sources need a CUDA torch and nvcc; --host-only builds C++ (CPU) sources. --extension-h: the CUDA
source includes <torch/extension.h> as most candidates' do, and each shared build is timed twice: on the
light header the screen gives it (the default) and on the source's own.
"""

from __future__ import annotations

import argparse
import json
import os
import tempfile
import time

CUDA = r"""
__global__ void shift_scale_kernel(const float* x, const float* b, float* y, float k, int rows, int cols) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < rows * cols) {
        y[i] = x[i] * k + b[i % cols] * @C@;
    }
}
torch::Tensor shift_scale(torch::Tensor x, torch::Tensor b, double k) {
    auto y = torch::empty_like(x);
    int rows = x.size(0), cols = x.size(1);
    shift_scale_kernel<<<(rows * cols + 255) / 256, 256>>>(x.data_ptr<float>(), b.data_ptr<float>(),
                                                           y.data_ptr<float>(), (float)k, rows, cols);
    return y;
}
"""
HOST = r"""
torch::Tensor shift_scale(torch::Tensor x, torch::Tensor b, double k) {
    return x * k + b * @C@;
}
"""
DECL = "torch::Tensor shift_scale(torch::Tensor x, torch::Tensor b, double k);"


def _call(i: int, host_only: bool) -> tuple[tuple, dict]:
    c = f"{1.0 + i / 64:.6f}f"
    if host_only:
        return (f"v{i}", HOST.replace("@C@", c)), {"functions": ["shift_scale"]}
    return (f"v{i}", DECL, CUDA.replace("@C@", c)), {"functions": ["shift_scale"]}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--variants", default="1,8,32")
    ap.add_argument("--host-only", action="store_true")
    ap.add_argument("--extension-h", action="store_true")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    from torch.utils import cpp_extension

    from kagent.verifiers import extension_batch as eb

    global CUDA
    if args.extension_h:
        CUDA = "#include <torch/extension.h>\n" + CUDA
    rows = []
    runs = [(int(x), light) for x in args.variants.split(",") for light in ((True, False) if args.extension_h else (True,))
            if int(x) > 1 or light]
    for n, light in runs:
        with tempfile.TemporaryDirectory(prefix="kagent-ext-bench-") as d:
            os.environ["TORCH_EXTENSIONS_DIR"] = d
            t0 = time.monotonic()
            if n == 1:  # one candidate's own build, as the verifier makes it
                a, k = _call(0, args.host_only)
                cpp_extension.load_inline(*a, **k)
                builds = 1
            else:
                b = eb.Batcher(cpp_extension.load_inline)
                b.light = light
                b.keys = [eb.request_key(*_call(i, args.host_only)) for i in range(n)]
                b.build()
                assert len(b.answers) == n and not any(isinstance(v, BaseException) for v in b.answers.values())
                builds = b.builds
            s = time.monotonic() - t0
        rows.append({"variants": n, "light_header": light and n > 1, "builds": builds, "seconds": round(s, 1),
                     "per_variant_s": round(s / n, 2)})
        print(f"{n:3d} variants{' (light header)' if light and n > 1 else ''}: {builds} build(s), {s:6.1f} s, "
              f"{s / n:5.2f} s per variant", flush=True)
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"host_only": args.host_only, "cores": os.cpu_count(), "rows": rows}, f, indent=1)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
