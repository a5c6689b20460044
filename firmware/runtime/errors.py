"""Errors a person's request can meet anywhere in the cabinet, reported in
one line by the command line (:mod:`firmware.cli.main`): exit code 1 for a
failure, 2 for a bad request (an option, a seat, a size)."""
from __future__ import annotations


class CliError(Exception):
    """A runtime failure reported as one line, exit code 1."""


class UsageError(CliError, ValueError):
    """A bad command-line argument, reported as one line, exit code 2."""
