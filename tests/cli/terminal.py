"""Running `linecraft play` as a person would, with typed commands."""

from __future__ import annotations

import subprocess
import sys


def play(*argv: str, commands: list[str], timeout: int = 300) -> subprocess.CompletedProcess[str]:
    """`python -m linecraft play ARGV…` with `commands` typed one per line."""
    return subprocess.run(
        [sys.executable, "-m", "linecraft", "play", *argv],
        input="\n".join(commands) + "\n",
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
