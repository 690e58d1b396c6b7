import sys, torch, triton, json, importlib.util
sys.path.insert(0, "/tmp/shim")
from kagent.verifiers import traps
print("triton", triton.__version__, "torch", torch.__version__)
def load(p):
    s = importlib.util.spec_from_file_location("m_" + p.split("/")[-1][:-3], p); m = importlib.util.module_from_spec(s); s.loader.exec_module(m); return m
h = load("tests/adversarial/honest/triton_softmax.py")
x = torch.randn(8, 200, device="cuda"); m = h.ModelNew(); m(x); torch.cuda.synchronize()
with traps.LaunchCounter() as lc:
    y = m(x)
print("honest softmax: triton", lc.triton_launches, dict(lc.names), "cuda", lc.cuda_kernels, "custom", lc.custom_cuda_kernels, "lib", lc.library_cuda_kernels)
with traps.disabled_launches() as g, traps.poisoned_allocations():
    y2 = m(x)
torch.cuda.synchronize()
print("ghost honest: skipped", g.skipped, "all nan", bool(torch.isnan(y2).all()))
c = load("tests/corpus/cheats/torch_matmul.py")
A = torch.randn(32, 32, device="cuda"); B = torch.randn(32, 32, device="cuda")
with traps.LaunchCounter() as lc:
    c.ModelNew()(A, B)
print("torch_matmul cheat: triton", lc.triton_launches, "custom", lc.custom_cuda_kernels, "lib", lc.library_cuda_kernels)
g = load("tests/corpus/cheats/ghost_kernel.py")
a = torch.randn(4096, device="cuda"); b = torch.randn(4096, device="cuda")
with traps.disabled_launches() as gate, traps.poisoned_allocations():
    o = g.ModelNew()(a, b)
print("ghost cheat: skipped", gate.skipped, "still correct", bool(torch.allclose(o, a + b)))
u = load("tests/corpus/cheats/uninit_reuse.py")
ref = a + b; refc = ref.clone(); del ref
o = u.ModelNew()(a, b); torch.cuda.synchronize()
print("uninit_reuse: output equals freed reference output:", bool(torch.equal(o, refc)))
with traps.poisoned_allocations():
    o = u.ModelNew()(a, b)
print("uninit_reuse under poisoned allocations: all nan", bool(torch.isnan(o).all()))
snap = traps.integrity_snapshot()
s = load("tests/corpus/cheats/side_stream.py"); ms = s.ModelNew(); ms(a, b); torch.cuda.synchronize()
print("side stream integrity after:", traps.integrity_violations(snap))
