"""The languages Linecraft speaks: English, and the languages of the rulebooks.

Every word a player reads is a gettext message. The catalogs are plain `.po` files, one
domain each: the platform (`linecraft`), the browser client (`client`), and each game in
its own package (`games/<game>/locale`). They are read with Babel when a language is
first asked for, so there is no build step.

The language is a context variable: a request, a websocket connection or a view being
drawn sets it with `language(code)`, and every `_()` beneath follows. Templates defined
at import time are marked with `N_` (or `Nn_` for a singular and plural pair) and
translated where they are used, with `_` (or `_n`):

>>> GREETING = N_("Your turn")
>>> with language("en"):
...     _(GREETING)
'Your turn'
>>> _n("1 die", "{count} dice", 3).format(count=3)
'3 dice'
"""

from __future__ import annotations

import functools
import gettext
import io
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

ENGLISH = "en"
# The languages offered, each named in itself, in the order a switcher lists them.
LANGUAGES = {
    "en": "English",
    "cs": "Čeština",
    "de": "Deutsch",
    "fr": "Français",
    "pt": "Português",
}
PACKAGE = Path(__file__).resolve().parent.parent
CLIENT_DOMAIN = "client"

_current: ContextVar[str] = ContextVar("linecraft_language", default=ENGLISH)


def N_(message: str) -> str:
    """Mark a message for translation where it is defined; `_` translates it in use."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Mark a singular and plural pair; `_n(*pair, n)` picks and translates the form."""
    return singular, plural


def _(message: str) -> str:
    """The message in the current language (itself when there is no translation, and
    an empty message stays empty rather than reading the catalog's header)."""
    code = _current.get()
    if code == ENGLISH or not message:
        return message
    return translations(code).gettext(message)


def _n(singular: str, plural: str, n: int) -> str:
    """The form for `n` in the current language: Czech has three, English two."""
    code = _current.get()
    if code == ENGLISH:
        return singular if n == 1 else plural
    return translations(code).ngettext(singular, plural, n)


def current() -> str:
    return _current.get()


@contextmanager
def language(code: str | None) -> Iterator[str]:
    """Speak `code` (English when it is not offered) inside the block."""
    token = _current.set(code if code in LANGUAGES else ENGLISH)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def negotiate(accept_language: str | None) -> str:
    """The offered language a browser's Accept-Language header prefers most."""
    ranked: list[tuple[float, int, str]] = []
    for index, part in enumerate((accept_language or "").split(",")):
        tag, _sep, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        code = tag.strip().lower().split("-")[0]
        if code in LANGUAGES and quality > 0:
            ranked.append((-quality, index, code))
    return min(ranked)[2] if ranked else ENGLISH


def catalog_files(code: str) -> list[Path]:
    """The `.po` files of language `code` the server reads: the platform's first, then
    each game's (the client's catalog is the browser's, sent on its own)."""
    return sorted(
        (
            path
            for path in PACKAGE.glob(f"**/locale/{code}/LC_MESSAGES/*.po")
            if path.stem != CLIENT_DOMAIN
        ),
        key=lambda path: (len(path.relative_to(PACKAGE).parts), str(path)),
    )


@functools.cache
def translations(code: str) -> gettext.NullTranslations:
    """All catalogs of a language chained into one (fuzzy and empty entries left out,
    so a message not yet translated reads in English)."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    for path in reversed(catalog_files(code)):
        with path.open("rb") as po:
            catalog = read_po(po, locale=code)
        compiled = io.BytesIO()
        write_mo(compiled, catalog)
        compiled.seek(0)
        translated = gettext.GNUTranslations(compiled)
        translated.add_fallback(chain)
        chain = translated
    return chain


@functools.cache
def client_messages(code: str) -> dict[str, str]:
    """The browser client's messages in language `code`, as the client reads them."""
    path = PACKAGE / "locale" / code / "LC_MESSAGES" / f"{CLIENT_DOMAIN}.po"
    if code == ENGLISH or not path.exists():
        return {}
    with path.open("rb") as po:
        catalog = read_po(po, locale=code)
    return {
        str(message.id): str(message.string)
        for message in catalog
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }
