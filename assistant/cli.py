"""Command-line interface: parses arguments, calls the library, maps errors to exit codes."""

from __future__ import annotations


def main(argv: list[str] | None = None) -> int:
    raise NotImplementedError
