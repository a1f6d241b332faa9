"""The pages the server writes whole (How to play, a page that cannot be shown): their
language switcher works without the client's script, as a form the server answers by
remembering the choice in the `lang` cookie and going back where the reader was."""

from __future__ import annotations

from html import escape

from linecraft.core.i18n import LANGUAGES, _

LANGUAGE_COOKIE = "lang"


def language_form(code: str, back: str = "") -> str:
    """A small form choosing the language; `back` is the page to return to (this one
    when empty, read by the browser from where the form was sent)."""
    options = "".join(
        f'<option value="{c}" lang="{c}"{" selected" if c == code else ""}>{escape(name)}</option>'
        for c, name in LANGUAGES.items()
    )
    return (
        '<form class="language" action="/language" method="get">'
        f'<input type="hidden" name="back" value="{escape(back)}">'
        f'<select name="lang" aria-label="{escape(_("Language"))}">{options}</select>'
        f'<button type="submit">{escape(_("Change"))}</button></form>'
    )


def problem_page(reason: str, code: str) -> str:
    """A page that cannot be shown: the reason and the way back to the lobby."""
    lobby = f'<a href="/">{escape(_("Back to the lobby"))}</a>'
    # TRANSLATORS: {lobby} is the link "Back to the lobby"
    way_back = _("{lobby}: your games, the tables playing now, and a new game.")
    return (
        f'<!doctype html><html lang="{code}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        '<meta name="color-scheme" content="light dark">'
        '<title>Linecraft</title><link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
        '<link rel="stylesheet" href="/static/style.css"></head>'
        f'<body><header class="top"><a href="/">Linecraft</a>{language_form(code)}</header>'
        f'<main class="problem"><h1>{escape(_("This page cannot be shown"))}</h1>'
        f'<p role="alert">{escape(reason)}</p><p>{escape(way_back).format(lobby=lobby)}</p>'
        "</main></body></html>"
    )


def safe_back(back: str | None) -> str:
    """Where the language form returns: a page of this server only."""
    if back and back.startswith("/") and not back.startswith("//") and "\\" not in back:
        return back
    return "/"
