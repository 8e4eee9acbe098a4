"""The Enemy drawn as a card, and the beaten Enemies as short lines: pure functions from a
player's view to markup (SVG and HTML strings) for the card table's ``Zone.art``, and to the
words a screen reader says.

:func:`enemy_svg` draws the Enemy in the card table's style: its name on a band coloured by its
kind, a big life number (now and at the start) with a life bar, the Hands and Discards dials as
small icons with their numbers, then its effects and the scene in plain words. :func:`enemy_words`
says all of it in sentences (the card's ``aria-label``). :func:`beaten_html` lists the beaten
Enemies one short line each, in up to three columns, so twelve stay compact.
"""

from __future__ import annotations

import textwrap
from html import escape
from typing import Final

from acelab.ace_of_spades.enemies import Enemy
from acelab.ace_of_spades.state import LAST_LEVEL, SCENES, SpadesView

__all__ = ["CARD_WIDTH", "beaten_html", "beaten_line", "effect_lines", "enemy_svg", "enemy_words"]

CARD_WIDTH: Final = 300
"""The Enemy card's width in pixels (its height grows with its effects)."""
_FONT: Final = 'font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif"'
_BAND: Final = {"henchman": "#37474f", "villain": "#b71c1c", "lord": "#4a148c"}
_KIND_NAMES: Final = {"henchman": "a Henchman", "villain": "a Villain", "lord": "the last Enemy"}
_WRAP: Final = 42
"""Characters per line of the effects (12 px DejaVu Sans in 280 px)."""
_LINE: Final = 16


def _joined(effects: tuple[object, ...]) -> str:
    return "; ".join(str(e) for e in effects)


def effect_lines(enemy: Enemy) -> tuple[str, ...]:
    """What the Enemy does, one plain sentence per kind of effect."""
    lines = []
    if enemy.penalty:
        lines.append(f"While you fight it: {_joined(enemy.penalty)}.")
    if enemy.benefit:
        lines.append(f"Beat it to get, once when you choose: {_joined(enemy.benefit)}.")
    if enemy.bonus:
        lines.append(f"Beat it to get, for the rest of the game: {_joined(enemy.bonus)}.")
    if enemy.unlocks_joker:
        lines.append("Beat it and the Joker joins the deck.")
    if not lines:
        lines.append("No tricks: just beat it.")
    return tuple(lines)


def _scene(view: SpadesView) -> str:
    levels = SCENES[view.scene]
    last = "Lord Overkill" if levels[-1] == LAST_LEVEL else f"the Villain at level {levels[-1]}"
    return (
        f"Scene {view.scene + 1} of {len(SCENES)}: levels {levels[0]} to {levels[-1]},"
        f" ended by {last}."
    )


def enemy_words(view: SpadesView) -> str:
    """Everything on the Enemy card, in sentences (what a screen reader says)."""
    enemy = view.enemy
    life = max(view.life, 0)
    return " ".join(
        (
            f"Enemy at level {enemy.level} of {LAST_LEVEL}: {enemy.name},"
            f" {_KIND_NAMES.get(enemy.kind, 'an Enemy')}.",
            f"Life {life} of {enemy.life}.",
            f"Hands left: {view.hands_dial}. Discards left: {view.discards_dial}.",
            *effect_lines(enemy),
            _scene(view),
        )
    )


def _text(x: float, y: float, words: str, size: int, **attrs: str) -> str:
    extra = "".join(
        f' {name.rstrip("_").replace("_", "-")}="{value}"' for name, value in attrs.items()
    )
    return f'<text x="{x:g}" y="{y:g}" font-size="{size}" {_FONT}{extra}>{escape(words)}</text>'


def _heart(x: float, y: float) -> str:
    return (
        f'<path transform="translate({x:g} {y:g})" fill="#c62828" d="M10 18 L2 9.5 C-1 6 1 0 6 1'
        ' C8 1.5 9.5 3 10 4.5 C10.5 3 12 1.5 14 1 C19 0 21 6 18 9.5 Z"/>'
    )


def _hands_icon(x: float, y: float) -> str:
    """Two fanned cards: the Hands dial."""
    card = 'width="11" height="15" rx="2" fill="#fffdf8" stroke="#1e3a8a" stroke-width="1.5"'
    return (
        f'<g transform="translate({x:g} {y:g})">'
        f'<rect x="2" y="3" {card} transform="rotate(-14 7 10)"/>'
        f'<rect x="8" y="2" {card} transform="rotate(12 13 10)"/></g>'
    )


def _discards_icon(x: float, y: float) -> str:
    """A card with a turning arrow: the Discards dial."""
    return (
        f'<g transform="translate({x:g} {y:g})">'
        '<rect x="1" y="2" width="11" height="15" rx="2" fill="#fffdf8" stroke="#1e3a8a"'
        ' stroke-width="1.5"/><path d="M14 6 A6 6 0 1 1 13 15" fill="none" stroke="#ef8f00"'
        ' stroke-width="2"/><path d="M11 13 L13.5 16.5 L16.5 13" fill="#ef8f00"/></g>'
    )


def enemy_svg(view: SpadesView) -> str:
    """The Enemy as an SVG card (decorative: the zone around it carries :func:`enemy_words`)."""
    enemy = view.enemy
    life = max(view.life, 0)
    band = _BAND.get(enemy.kind, _BAND["henchman"])
    wrapped = [row for line in effect_lines(enemy) for row in textwrap.wrap(line, _WRAP)]
    scene = textwrap.wrap(_scene(view), _WRAP + 4)
    top = 116
    height = top + _LINE * len(wrapped) + 6 + 14 * len(scene) + 8
    parts = [
        f'<rect x="1" y="1" width="{CARD_WIDTH - 2}" height="{height - 2}" rx="8" '
        f'fill="#fffdf8" stroke="{band}" stroke-width="2"/>',
        f'<path d="M1 9 A8 8 0 0 1 9 1 H{CARD_WIDTH - 9} A8 8 0 0 1 {CARD_WIDTH - 1} 9 V32 H1 Z"'
        f' fill="{band}"/>',
        _text(10, 22, enemy.name, 15, font_weight="bold", fill="#ffffff"),
        _text(CARD_WIDTH - 10, 22, f"Level {enemy.level}", 11, fill="#ffffff", text_anchor="end"),
        _heart(12, 48),
        _text(38, 78, str(life), 40, font_weight="bold", fill="#c62828",
              class_="acelab-spades-life"),
        _text(38 + 25 * len(str(life)), 78, f"/ {enemy.life}", 17, fill="#444c56"),
        _text(12, 98, "life", 12, fill="#444c56"),
    ]  # fmt: skip
    bar = 110 * life / enemy.life if enemy.life else 0
    parts += [
        '<rect x="44" y="89" width="110" height="9" rx="4" fill="#f1d4d4"/>',
        f'<rect x="44" y="89" width="{bar:.1f}" height="9" rx="4" fill="#c62828"/>',
        _hands_icon(172, 44),
        _text(198, 59, str(view.hands_dial), 20, font_weight="bold", fill="#1e3a8a"),
        _text(216, 58, "Hands left", 12, fill="#1f2328"),
        _discards_icon(172, 72),
        _text(198, 88, str(view.discards_dial), 20, font_weight="bold", fill="#1e3a8a"),
        _text(216, 87, "Discards left", 12, fill="#1f2328"),
        f'<line x1="10" y1="{top - 10}" x2="{CARD_WIDTH - 10}" y2="{top - 10}" stroke="#d0d7de"/>',
    ]
    y = top + 4
    for row in wrapped:
        parts.append(_text(12, y, row, 12, fill="#1f2328"))
        y += _LINE
    y += 4
    for row in scene:
        parts.append(_text(12, y, row, 11, fill="#57606a", font_style="italic"))
        y += 14
    return (
        f'<svg class="acelab-spades-enemy-card" aria-hidden="true" '
        f'xmlns="http://www.w3.org/2000/svg" width="{CARD_WIDTH}" height="{height}" '
        f'viewBox="0 0 {CARD_WIDTH} {height}" data-life="{life}">{"".join(parts)}</svg>'
    )


def beaten_line(enemy: Enemy, unused: bool) -> str:
    """One short line for a beaten Enemy: its level, its name, and what it still gives."""
    line = f"{enemy.level}. {enemy.name}"
    if unused:
        return f"{line}: unused, {_joined(enemy.benefit)}"
    if enemy.bonus:
        return f"{line}: from now on, {_joined(enemy.bonus)}"
    return line


def beaten_html(view: SpadesView) -> str:
    """The beaten Enemies, one short line each (what they still give in small print under the
    name), in up to three columns ("" when none)."""
    if not view.defeated:
        return ""
    unused = {enemy.id for enemy in view.benefits}
    rows = []
    for enemy in view.defeated:
        name, _, rest = beaten_line(enemy, enemy.id in unused).partition(": ")
        extra = f'<div style="font-size:11px;color:#1e3a8a">{escape(rest)}</div>' if rest else ""
        rows.append(f"<li>✔ {escape(name)}{extra}</li>")
    columns = min(3, len(rows))
    return (
        '<ol class="acelab-spades-beaten" aria-hidden="true" style="list-style:none;margin:0;'
        f"padding:0;display:grid;grid-template-columns:repeat({columns},19em);"
        f'gap:2px 10px;font-size:12px;line-height:1.3">{"".join(rows)}</ol>'
    )
