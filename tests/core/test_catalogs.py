"""The message catalogs: each English template is what the code marks today, and every
language translates every message of it, keeping its placeholders."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from linecraft.core.i18n import ENGLISH, LANGUAGES, _, language, negotiate
from linecraft.core.messages import Domain, domains, extract

PLACEHOLDER = re.compile(r"\{(\w*)[^{}]*\}")
TRANSLATED = [code for code in LANGUAGES if code != ENGLISH]


def ids(catalog: object) -> set[str | tuple[str, ...]]:
    return {message.id for message in catalog if message.id}  # type: ignore[attr-defined]


@pytest.mark.parametrize("domain", domains(), ids=lambda d: d.name)
def test_each_template_holds_what_the_code_marks(domain: Domain) -> None:
    with domain.template.open("rb") as pot:
        kept = ids(read_po(pot))
    marked = ids(extract(domain))
    assert marked == kept, (
        f"{domain.template} is out of date: run `make messages` "
        f"(new: {sorted(map(str, marked - kept))[:5]}, gone: {sorted(map(str, kept - marked))[:5]})"
    )


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("domain", domains(), ids=lambda d: d.name)
def test_every_language_translates_every_message(domain: Domain, code: str) -> None:
    with domain.template.open("rb") as pot:
        template = read_po(pot)
    path = domain.po(code)
    assert path.exists(), f"{path} is missing: run `make messages` and translate it"
    with path.open("rb") as po:
        catalog = read_po(po, locale=code)
    problems = []
    for message in template:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        if found is None or found.fuzzy:
            problems.append(f"untranslated: {english[0]!r}")
            continue
        forms = found.string if isinstance(found.string, tuple) else (found.string,)
        if not all(forms):
            problems.append(f"untranslated: {english[0]!r}")
            continue
        wanted = set(PLACEHOLDER.findall(english[-1]))
        for form in forms:
            if set(PLACEHOLDER.findall(form)) - wanted or (
                len(forms) == 1 and set(PLACEHOLDER.findall(form)) != wanted
            ):
                problems.append(f"placeholders differ: {english[-1]!r} -> {form!r}")
    assert not problems, f"{path}: {len(problems)} problems, first: {problems[:8]}"


@pytest.mark.parametrize("code", TRANSLATED)
def test_one_message_reads_the_same_in_every_catalog_of_a_language(code: str) -> None:
    """The catalogs of a language are read as one: a message two domains share must be
    translated alike, or one of them would read the other's words."""
    seen: dict[str, tuple[str, str]] = {}
    clashes = []
    for domain in domains():
        if domain.name == "client" or not domain.po(code).exists():
            continue  # the client's catalog is read on its own
        with domain.po(code).open("rb") as po:
            for message in read_po(po, locale=code):
                if not message.id or not isinstance(message.id, str) or not message.string:
                    continue
                before = seen.setdefault(message.id, (domain.name, str(message.string)))
                if before[1] != message.string:
                    clashes.append(f"{message.id!r}: {before} vs {domain.name}")
    assert not clashes, clashes[:8]


def test_a_language_is_spoken_inside_its_block_only() -> None:
    english = "the game is over"
    with language("cs"):
        czech = _(english)
    assert czech != english and _(english) == english
    with language("xx"):  # not offered: English
        assert _(english) == english


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"),
        ("en-GB,en;q=0.9,de;q=0.8", "en"),
        ("ja,de;q=0.5,fr;q=0.7", "fr"),
        ("pt-BR", "pt"),
        ("fr;q=0,nl", "en"),
        (None, "en"),
        ("garbage;;q=x", "en"),
    ],
)
def test_the_browser_language_is_negotiated(header: str | None, code: str) -> None:
    assert negotiate(header) == code
