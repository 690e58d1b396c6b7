"""Parsing compute-sanitizer memcheck logs into findings (the GPU run itself is in tests/gpu)."""

from kagent.verifiers.sanitize import findings_from_log, parse_log

LOG = """========= COMPUTE-SANITIZER
========= Invalid __global__ read of size 4 bytes
=========     at add_kernel+0x1b0 in /tmp/cand.py:12
=========     by thread (31,0,0) in block (3,0,0)
=========     Address 0x7f3c1a000f00 is out of bounds
=========     and is 0 bytes after the nearest allocation at 0x7f3c1a000000 of size 3840 bytes
=========
========= ERROR SUMMARY: 7 errors
"""


def test_parse_memcheck_log():
    count, reports = parse_log(LOG)
    assert count == 7
    assert reports[0]["kind"] == "Invalid __global__ read of size 4 bytes"
    assert reports[0]["where"] == "add_kernel+0x1b0 (/tmp/cand.py:12)"
    [finding] = findings_from_log(LOG)
    assert finding.failure_class == "out_of_bounds" and finding.evidence["errors"] == 7


def test_clean_log_has_no_findings():
    assert findings_from_log("========= COMPUTE-SANITIZER\n========= ERROR SUMMARY: 0 errors\n") == []


def test_a_failing_candidate_is_not_run_again_under_the_sanitizer():
    """Memcheck re-runs the whole candidate (tens of seconds on a GPU); once a kernel fails it cannot
    change the verdict, so it is reported as not needed rather than run."""
    from pathlib import Path

    from kagent.config import VerifyConfig
    from kagent.verifiers.verify import verify_paths

    corpus = Path(__file__).resolve().parents[1] / "corpus"
    report = verify_paths(corpus / "nearmiss" / "bias_relu_scale_row_index.py", corpus / "problems" / "bias_relu_scale.py",
                          VerifyConfig(device="cpu", sanitize=True))
    assert report.verdict == "fail"
    reasons = [n.reason for n in report.checks_not_run if n.check == "sanitize.memcheck"]
    assert reasons == ["not needed: the candidate already fails"], report.checks_not_run
