# Two set-up commands do everything on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test test-gpu install clean

# Byte-compiled at install, on purpose: sandboxed workers see the venv read-only and write no .pyc, so
# without them every worker start compiled torch's modules again (import torch, triton, torch._dynamo:
# 4.3 s -> 7.2 s; the suite took ~3 minutes longer). pip compiles on one core (122 s in all here);
# compileall on every core after a --no-compile install: 56 + 46 s. Its exit status is not checked:
# some packages ship files that are not Python 3 (pip skips them the same way).
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q --no-compile -e '.[dev]'
	-$(PY) -m compileall -q -j 0 $(VENV)/lib > /dev/null 2>&1
	touch $(STAMP)

install: $(STAMP)

# The main job: an offline repair of a shipped near-miss kernel on the CPU (Triton interpreter).
demo: $(STAMP)
	$(VENV)/bin/kagent repair kagent/examples/softmax_nearmiss.py --reference kagent/examples/softmax_problem.py --device cpu

# The test suite: CPU only, no LLM; tests/gpu skips without CUDA. Two pytest processes: Triton
# cannot run interpreted and compiled (AOT) kernels in one process, and test_traps.py needs the
# interpreter in-process. Each file (each test class) runs on one xdist worker: module fixtures are
# computed once, and the golden repairs, in two classes, can run on both workers.
test: $(STAMP)
	bash scripts/install-test-deps.sh
	$(PY) -m pytest -q -p no:cacheprovider -n 2 --dist loadscope --no-loadscope-reorder --durations=15 tests --ignore=tests/adversarial/test_traps.py
	$(PY) -m pytest -q -p no:cacheprovider tests/adversarial/test_traps.py

clean:
	rm -rf $(VENV) build *.egg-info
