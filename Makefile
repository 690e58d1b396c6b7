# Two set-up commands do everything on a fresh machine: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed

.PHONY: demo test test-gpu install clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

# The main job: an offline repair of a shipped near-miss kernel on the CPU (Triton interpreter).
demo: $(STAMP)
	$(VENV)/bin/kagent repair kagent/examples/softmax_nearmiss.py --reference kagent/examples/softmax_problem.py --device cpu

# The test suite: CPU only, no LLM; tests/gpu skips without CUDA.
test: $(STAMP)
	bash scripts/install-llvm19.sh
	$(PY) -m pytest -q -p no:cacheprovider tests

clean:
	rm -rf $(VENV) build *.egg-info
