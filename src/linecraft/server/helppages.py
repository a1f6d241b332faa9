"""The How to play pages: each game's own help (its words and its renderer's pictures)
laid out as one HTML page with a tab per screen (the game, then each expansion or
module). Drawn once per game and language; nothing on them comes from players."""

from __future__ import annotations

import functools
from html import escape

import linecraft
from linecraft.core.game import HelpPage, Picture
from linecraft.core.i18n import _, language
from linecraft.server.pages import language_form


@functools.cache
def help_page(name: str, code: str) -> str:
    """The whole page in language `code`; `ValueError` for an unknown game (a refusal
    is not kept in the cache)."""
    with language(code):
        info = linecraft.game_info(name)
        pages = list(info.help()) if info.help else []
        tabs = "".join(f'<a href="#{escape(p.key)}">{escape(p.title)}</a>' for p in pages)
        nothing = _("No help has been written for this game.")
        body = "".join(_page(p) for p in pages) or f"<p>{escape(nothing)}</p>"
        heading = escape(_("How to play {game}").format(game=info.title))
        return (
            f'<!doctype html><html lang="{code}"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            '<meta name="color-scheme" content="light dark">'
            f"<title>{heading} — Linecraft</title>"
            '<link rel="icon" href="/static/icon.svg" type="image/svg+xml">'
            '<link rel="stylesheet" href="/static/style.css"></head><body>'
            '<header class="top"><a href="/">Linecraft</a>'
            f'<span class="title">{heading}</span>{language_form(code)}</header>'
            f'<main class="help"><nav class="help-tabs" aria-label="{escape(_("Screens"))}">'
            f'{tabs}</nav>{body}<p><a href="/">{escape(_("Back to the lobby"))}</a></p>'
            "</main></body></html>"
        )


def _page(page: HelpPage) -> str:
    parts = [f'<section class="help-page" id="{escape(page.key)}"><h2>{escape(page.title)}</h2>']
    for section in page.sections:
        parts.append(f"<h3>{escape(section.title)}</h3>")
        parts.extend(f"<p>{escape(text)}</p>" for text in section.paragraphs)
        if section.pictures:
            parts.append('<div class="help-pictures">')
            parts.extend(_picture(picture) for picture in section.pictures)
            parts.append("</div>")
    parts.append("</section>")
    return "".join(parts)


def _picture(picture: Picture) -> str:
    drawing = f'<div class="drawing">{picture.svg}</div>' if picture.svg else ""
    return f"<figure>{drawing}<figcaption>{escape(picture.caption)}</figcaption></figure>"
