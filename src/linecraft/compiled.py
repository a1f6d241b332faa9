"""Which engine modules run compiled, and the switch that runs them as pure Python.

The modules named in pyproject.toml ([tool.linecraft] compiled) are built with mypyc
when the package is installed; `linecraft/compiled.json` records the source each was
built from. They run compiled only when every one of them still has that source: the
compiled modules call each other directly, so one edited module (a checkout being
worked on, before `make` rebuilds) sends them all back to their Python source, with a
warning. Setting LINECRAFT_PURE=1 does the same on purpose: the Python source is the
reference, and the compiled path must play exactly like it (tests/test_compiled.py).

This module is imported first by `linecraft`, before any engine module.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import warnings
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import (
    EXTENSION_SUFFIXES,
    SOURCE_SUFFIXES,
    FileFinder,
    ModuleSpec,
    SourceFileLoader,
)
from pathlib import Path
from types import ModuleType

PACKAGE = Path(__file__).parent
MANIFEST = PACKAGE / "compiled.json"


def pure_requested() -> bool:
    """Whether LINECRAFT_PURE asks for the pure-Python engines."""
    return os.environ.get("LINECRAFT_PURE", "") not in ("", "0")


def _source(name: str) -> Path:
    return PACKAGE.parent.joinpath(*name.split(".")).with_suffix(".py")


def _built_from() -> dict[str, str]:
    """The compiled modules and the digest of the source each was built from."""
    try:
        built: dict[str, str] = json.loads(MANIFEST.read_text())
    except FileNotFoundError:
        return {}
    return built


def _missing(built: dict[str, str]) -> list[str]:
    """The compiled modules whose extension is not there."""
    return [
        name
        for name in built
        if not any(_source(name).with_suffix(suffix).exists() for suffix in EXTENSION_SUFFIXES)
    ]


def _edited(built: dict[str, str]) -> list[str]:
    """The compiled modules whose source has changed since they were built."""
    return [
        name
        for name, digest in built.items()
        if hashlib.sha256(_source(name).read_bytes()).hexdigest() != digest
    ]


class SourceOnly(MetaPathFinder):
    """Finds the given modules' Python source, never their compiled extension."""

    def __init__(self, names: frozenset[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        for entry in path or sys.path:
            spec = FileFinder(entry, (SourceFileLoader, SOURCE_SUFFIXES)).find_spec(fullname)
            if spec is not None:
                return spec
        return None


def _choose() -> tuple[bool, str]:
    """Whether the compiled modules run, and why (or why not), installing the finder
    that keeps them out when they do not."""
    built = _built_from()
    if not built:
        return False, "pure Python (installed without compiled modules)"
    if missing := _missing(built):
        reason = f"pure Python ({len(missing)} of the {len(built)} compiled modules not built)"
    elif pure_requested():
        reason = "pure Python (LINECRAFT_PURE is set)"
    elif edited := _edited(built):
        reason = f"pure Python ({', '.join(edited)} changed since the build; run make)"
        warnings.warn(f"linecraft runs {reason}", stacklevel=3)
    else:
        return True, f"compiled ({len(built)} modules)"
    sys.meta_path.insert(0, SourceOnly(frozenset(built)))
    return False, reason


ACTIVE, DESCRIPTION = _choose()
