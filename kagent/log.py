"""Logging: library code only gets loggers; entry points configure handlers."""

import logging

ROOT = "kagent"


def get_logger(name: str) -> logging.Logger:
    return logging.getLogger(f"{ROOT}.{name}" if not name.startswith(ROOT) else name)


def configure(verbose: bool = False) -> None:
    """Send kagent's logs to stderr (never stdout: the MCP server and --json own stdout)."""
    from rich.logging import RichHandler
    from rich.console import Console

    logger = logging.getLogger(ROOT)
    logger.handlers.clear()
    logger.addHandler(RichHandler(console=Console(stderr=True), show_path=False))
    logger.setLevel(logging.DEBUG if verbose else logging.WARNING)
