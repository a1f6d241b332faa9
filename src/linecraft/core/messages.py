"""The message catalogs kept up to date with the code: `make messages`.

Extracts every marked message (`_`, `N_`, `_n`, `Nn_`) of each domain into its English
template (`<domain>.pot`), then brings each language's `.po` up to date with it: new
messages arrive empty for the translator, changed ones fuzzy, gone ones are dropped. The
catalog test extracts the same way, so code and catalogs never drift apart.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import metadata
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from linecraft.core.i18n import CLIENT_DOMAIN, ENGLISH, LANGUAGES, PACKAGE

KEYWORDS = {"_": None, "N_": None, "_n": (1, 2), "Nn_": (1, 2)}
TRANSLATOR_NOTES = ("TRANSLATORS:",)
HEADER = """\
# Linecraft: the {domain} messages in {language}.
# Translate every msgstr; keep each {{placeholder}} as it is."""


def new_catalog(domain: str, code: str | None) -> Catalog:
    """An empty catalog with Linecraft's header (no placeholder names or dates)."""
    language = LANGUAGES.get(code or ENGLISH, "English")
    return Catalog(
        locale=code,
        domain=domain,
        header_comment=HEADER.format(domain=domain, language=language),
        project="Linecraft",
        version=metadata.version("linecraft"),
        copyright_holder="Linecraft",
        msgid_bugs_address="",
        last_translator="Linecraft",
        language_team=language,
        fuzzy=False,
    )


@dataclass(frozen=True)
class Domain:
    """One catalog: the files its messages come from and where its languages live."""

    name: str
    sources: Path
    methods: tuple[tuple[str, str], ...]
    options: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    @property
    def locale(self) -> Path:
        return (PACKAGE if self.name in ("linecraft", CLIENT_DOMAIN) else self.sources) / "locale"

    @property
    def template(self) -> Path:
        return self.locale / f"{self.name}.pot"

    def po(self, code: str) -> Path:
        return self.locale / code / "LC_MESSAGES" / f"{self.name}.po"


def domains() -> list[Domain]:
    """The platform, its browser client, then each game in its own package."""
    found = [
        Domain(
            "linecraft",
            PACKAGE,
            (("games/**", "ignore"), ("server/static/**", "ignore"), ("**.py", "python")),
        ),
        Domain(
            CLIENT_DOMAIN,
            PACKAGE / "server" / "static",
            (("vendor/**", "ignore"), ("**.js", "javascript")),
            (("**.js", (("parse_template_string", "true"), ("jsx", "false"))),),
        ),
    ]
    for package in sorted((PACKAGE / "games").iterdir()):
        if (package / "__init__.py").exists():
            found.append(Domain(package.name, package, (("**.py", "python"),)))
    return found


def extract(domain: Domain) -> Catalog:
    """The domain's English template, straight from the code."""
    template = new_catalog(domain.name, None)
    found: Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]]
    found = extract_from_dir(
        str(domain.sources),
        method_map=list(domain.methods),
        options_map={pattern: dict(pairs) for pattern, pairs in domain.options},
        keywords=KEYWORDS,
        comment_tags=TRANSLATOR_NOTES,
        strip_comment_tags=True,
    )
    for filename, lineno, message, comments, context in found:
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def update(names: Sequence[str] = ()) -> None:
    """Write each domain's template (of `names`, or all) and bring every language's
    catalog up to date."""
    for domain in domains():
        if not names or domain.name in names:
            update_domain(domain)


def update_domain(domain: Domain) -> None:
    """One domain's template written, and each language's catalog brought up to it."""
    template = extract(domain)
    domain.template.parent.mkdir(parents=True, exist_ok=True)
    with domain.template.open("wb") as out:
        write_po(out, template, include_lineno=False, sort_output=False, width=100)
    for code in LANGUAGES:
        if code == ENGLISH:
            continue
        path = domain.po(code)
        if path.exists():
            with path.open("rb") as po:
                catalog = read_po(po, locale=code, domain=domain.name)
        else:
            catalog = new_catalog(domain.name, code)
            path.parent.mkdir(parents=True, exist_ok=True)
        catalog.update(template)
        with path.open("wb") as out:
            write_po(out, catalog, include_lineno=False, ignore_obsolete=True, width=100)


if __name__ == "__main__":
    update(sys.argv[1:])
