"""While the engine modules run compiled, their doctests are not collected here (the
compiled module is the one imported, not the source file): tests/test_compiled.py runs
them on the Python source instead."""

import json

from linecraft import compiled

collect_ignore = (
    [f"src/{name.replace('.', '/')}.py" for name in json.loads(compiled.MANIFEST.read_text())]
    if compiled.ACTIVE
    else []
)

