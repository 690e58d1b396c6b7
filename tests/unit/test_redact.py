"""No secret leaves: what candidate code prints or raises is redacted of the parent's secret values
before it reaches a report, a run file, a checkpoint or a model's prompt."""

from __future__ import annotations

import json
from pathlib import Path

import yaml

from kagent.redact import redact, redact_obj, secret_values
from kagent.repair.run import repair
from kagent.repair.state import RepairConfig
from kagent.config import VerifyConfig

from repair_fakes import FakeStore

ROOT = Path(__file__).resolve().parents[2]
PROBLEM = ROOT / "tests" / "corpus" / "problems" / "vector_add.py"
KERNEL = (ROOT / "tests" / "corpus" / "correct" / "vector_add.py").read_text()
SECRET = "planted-zq-secret-4711"
NETRC_SECRET = "netrc-zq-password-99"


def test_secret_values_come_from_secret_looking_names_and_netrc(tmp_path, monkeypatch):
    netrc = tmp_path / ".netrc"
    netrc.write_text(f"machine example.com login me password {NETRC_SECRET}\n")
    netrc.chmod(0o600)
    monkeypatch.setenv("NETRC", str(netrc))
    env = {"ACME_TOKEN": SECRET, "PATH": "/usr/bin:/bin", "OPENAI_API_KEY": "sk-abcdef123", "DEBUG_KEY": "1",
           "NETRC": str(netrc)}
    found = secret_values(env)
    assert found[SECRET] == "ACME_TOKEN" and found["sk-abcdef123"] == "OPENAI_API_KEY" and found[NETRC_SECRET] == "netrc"
    assert "/usr/bin:/bin" not in found and "1" not in found  # not secret-looking, or too short
    text = f"failed with key {SECRET} and {NETRC_SECRET}"
    assert redact(text, found) == "failed with key [redacted:ACME_TOKEN] and [redacted:netrc]"
    assert redact_obj({"a": [text], "b": 3}, found) == {"a": [redact(text, found)], "b": 3}


def _leaky_candidate(path: Path) -> Path:
    # the secret is assembled at run time (as if read from the parent's environ), never written in the source
    leak = (f"        token = {SECRET[::-1]!r}[::-1]\n"
            "        import sys\n        print('token', token, file=sys.stderr)\n"
            "        raise RuntimeError('upstream said ' + token)\n")
    path.write_text(KERNEL.replace("        a = a.contiguous()\n", leak + "        a = a.contiguous()\n", 1))
    return path


def test_planted_secrets_reach_no_report_run_file_checkpoint_or_prompt(tmp_path, monkeypatch):
    monkeypatch.setenv("ACME_TOKEN", SECRET)
    cand = _leaky_candidate(tmp_path / "leaky.py")
    assert SECRET not in cand.read_text()
    fix = ("The candidate raises before launching its kernel.\n```python\n<<<<<<< SEARCH\n"
           "        raise RuntimeError('upstream said ' + token)\n=======\n>>>>>>> REPLACE\n```\n")
    script = tmp_path / "script.yaml"
    script.write_text(yaml.safe_dump([fix, fix]))
    prompts: list[str] = []
    from kagent.tools import llm

    real = llm.complete

    def recording(messages, *a, **kw):
        prompts.append(json.dumps(messages))
        return real(messages, *a, **kw)

    monkeypatch.setattr(llm, "complete", recording)
    vcfg = VerifyConfig(device="cpu", seeds=1, stress=False, shapes=False)
    s = repair(cand, PROBLEM, runs_dir=tmp_path / "runs", config=RepairConfig(model=f"script:{script}"),
               verify_config=vcfg, patterns=FakeStore(), candidate_fixes=None)
    assert s.status == "repaired", s
    assert prompts and "upstream said" in prompts[0]  # the error did reach the model, redacted
    assert "[redacted:ACME_TOKEN]" in prompts[0]
    leaked = [p for p in Path(s.run_dir).rglob("*") if p.is_file() and SECRET.encode() in p.read_bytes()]
    assert not leaked, leaked
    assert not any(SECRET in p for p in prompts)
    assert SECRET not in s.model_dump_json()
