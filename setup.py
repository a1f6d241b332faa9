"""Builds the engine modules listed in pyproject.toml ([tool.linecraft] compiled) with
mypyc, unless LINECRAFT_PURE is set, and records the source each was built from in
linecraft/compiled.json, so a module edited since runs as pure Python (see
linecraft.compiled). Everything else about the package is in pyproject.toml."""

import hashlib
import json
import os
import tomllib
from pathlib import Path

from setuptools import setup

ROOT = Path(__file__).parent
MANIFEST = ROOT / "src" / "linecraft" / "compiled.json"


def compiled_modules() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as file:
        return list(tomllib.load(file)["tool"]["linecraft"]["compiled"])


def extensions() -> list[object]:
    """The compiled modules' extensions, after recording what they are built from and
    removing those of modules no longer compiled (they would shadow their source)."""
    names = [] if os.environ.get("LINECRAFT_PURE", "") not in ("", "0") else compiled_modules()
    for built in (ROOT / "src" / "linecraft").rglob("*.so"):
        name = ".".join(built.relative_to(ROOT / "src").parts)
        if name.split(".cpython")[0] not in names:
            built.unlink()
    if not names:
        MANIFEST.unlink(missing_ok=True)
        return []
    from mypyc.build import mypycify

    sources = {name: f"src/{name.replace('.', '/')}.py" for name in names}
    digests = {
        name: hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
        for name, path in sources.items()
    }
    MANIFEST.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n")
    # The build has mypy and setuptools only: third-party modules (Babel) are not there
    # to be checked, and nothing compiled depends on their types.
    flags = ["--ignore-missing-imports"]
    return list(
        mypycify([*flags, *sources.values()], opt_level="3", group_name="linecraft_engines")
    )


setup(ext_modules=extensions())
