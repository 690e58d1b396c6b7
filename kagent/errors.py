"""Errors kagent raises on purpose. Layer 1: imports nothing of kagent's."""


class KagentError(Exception):
    """Base class of kagent's own errors."""


class InputError(KagentError):
    """Bad input from the user: missing file, syntax error, no ModelNew, ... (CLI exit code 2)."""


class ReferenceFailed(KagentError):
    """The reference problem itself fails to run: nothing can be verified against it."""


class ToolchainError(KagentError):
    """A required external tool (ptxas, llvm-mc, ...) is missing or broke."""


class BudgetExceeded(KagentError):
    """A token/cost budget would be exceeded by the next call."""


class SandboxUnavailable(KagentError):
    """An OS sandbox was required (--require-sandbox) but none works on this machine."""
