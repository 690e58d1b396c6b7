"""The worker sandbox: secrets never reach the child; hangs and crashes come back as results."""

import sys

from kagent.tools.sandbox import run_sandboxed, scrubbed_env


def test_scrubbed_env_keeps_an_allow_list_and_drops_secrets():
    env = scrubbed_env(base={"PATH": "/bin", "OPENAI_API_KEY": "sk", "HF_TOKEN": "t", "AWS_SECRET_ACCESS_KEY": "s",
                             "MY_VAR": "x", "LC_ALL": "C", "CUDA_VISIBLE_DEVICES": "0"})
    assert env == {"PATH": "/bin", "LC_ALL": "C", "CUDA_VISIBLE_DEVICES": "0"}


def test_timeout_kills_the_process_group(tmp_path):
    # The child starts a grandchild that would outlive it; both must be gone after the timeout.
    marker = tmp_path / "alive"
    (tmp_path / "grandchild.py").write_text(f"import time\ntime.sleep(3)\nopen({str(marker)!r}, 'w')\n")
    (tmp_path / "child.py").write_text(
        "import subprocess, sys, time\n"
        f"subprocess.Popen([sys.executable, {str(tmp_path / 'grandchild.py')!r}])\n"
        "time.sleep(60)\n"
    )
    res = run_sandboxed([sys.executable, str(tmp_path / "child.py")], timeout_s=1, env=scrubbed_env(), cwd=tmp_path)
    assert res.status == "timeout"
    import time

    time.sleep(3.5)
    assert not marker.exists()


def test_segfault_is_a_crash_with_signal(tmp_path):
    res = run_sandboxed([sys.executable, "-c", "import ctypes; ctypes.string_at(0)"], timeout_s=30,
                        env=scrubbed_env(), cwd=tmp_path)
    assert res.status == "crash" and res.signal == "SIGSEGV"


def test_nonzero_exit_keeps_stderr(tmp_path):
    res = run_sandboxed([sys.executable, "-c", "import sys; sys.stderr.write('boom'); sys.exit(3)"], timeout_s=30,
                        env=scrubbed_env(), cwd=tmp_path)
    assert res.status == "failed" and res.returncode == 3 and "boom" in res.stderr_tail
