"""An equation being built, as plain JSON data, so a resumed game puts it back on the table.

:func:`build_data` turns a :class:`~acelab.ace_pilot.builder.Build` into a dict of names
(``{"row": [["D", ["KC", "2S"]]], "deployed": [], "roundings": [], "ending": None}``);
:func:`rebuild` puts such data back on the new build of the replayed state, click by click
through the builder's own rules, so a draft that is damaged or no longer fits the hand is
refused with ``ValueError`` and nothing else. :func:`build_text` names a build in a sentence
(``9 − 3``, or ``13 / …`` while the Starting Pilot still needs a card), and
:func:`draft_text` names data alone, for saying what was dropped. Nothing here imports a
widget library.
"""

from __future__ import annotations

from typing import Any, cast

from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.operations import Rounding
from acelab.ace_pilot.pilots import SYMBOL, parse_pilot
from acelab.engine.cards import Card, Suit, parse_card

__all__ = ["build_data", "build_text", "draft_text", "rebuild"]

NOT_A_DRAFT = "This is not an equation being built."


def build_data(build: Build) -> dict[str, Any]:
    """``build`` as plain JSON data: its row, added pilots, roundings and Ending Pilot."""
    return {
        "row": [[ace.suit.letter, [str(card) for card in ace.cards]] for ace in build.aces],
        "deployed": [suit.letter for suit in build.deployed],
        "roundings": list(build.roundings),
        "ending": build.ending_choice.letter if build.ending_choice is not None else None,
    }


def rebuild(fresh: Build, data: object) -> Build:
    """The build ``data`` describes, made from ``fresh`` (a build holding no card yet) by the
    builder's own steps; ``ValueError`` (an ``IllegalMove`` when a step breaks the rules)."""
    row, deployed, roundings, ending = _fields(data)
    cards = dict(row)
    if len(cards) != len(row) or set(cards) != {fresh.start, *deployed}:
        raise ValueError("The pilots of this equation are not the ones deployed.")
    if len(set(deployed)) != len(deployed) or fresh.start in deployed:
        raise ValueError("A pilot is deployed once, after the Starting Pilot.")
    build = fresh
    for card in cards[fresh.start]:
        build = build.place(card, fresh.start)
    order = [suit for suit, _ in row]
    for suit in deployed:
        if not cards[suit]:
            raise ValueError("An added pilot holds a card.")
        there = {ace.suit for ace in build.aces}
        position = sum(other in there for other in order[: order.index(suit)])
        build = build.add_pilot(suit, cards[suit][0], position)
        for card in cards[suit][1:]:
            build = build.place(card, suit)
    steps = len(build.division_steps())
    for index, rounding in enumerate(roundings[:steps]):
        build = build.with_rounding(index, rounding)
    return build if ending is None else build.with_ending(ending)


def build_text(build: Build) -> str:
    """The equation built so far as plain arithmetic: ``9 − 3``, or ``13 / …`` while the
    Starting Pilot still needs a card."""
    equation = build.equation()
    if equation is not None:
        return equation.formula(build.padded_roundings())
    values = [str(value) for value in build.start_ace.values]
    return f" {SYMBOL[build.start]} ".join([*values, "…"])


def draft_text(data: object) -> str:
    """The equation ``data`` describes, as :func:`build_text` names it; ``""`` when ``data``
    describes none (it is damaged)."""
    try:
        row, deployed, _, _ = _fields(data)
        starts = [suit for suit, _ in row if suit not in deployed]
        hand = [card for _, cards in row for card in cards]
        if len(starts) != 1 or not hand or len(set(hand)) != len(hand):
            return ""
        fresh = Build.begin(hand, starts[0], [suit for suit, _ in row])
        return build_text(rebuild(fresh, data))
    except ValueError:
        return ""


def _fields(
    data: object,
) -> tuple[list[tuple[Suit, tuple[Card, ...]]], list[Suit], list[Rounding], Suit | None]:
    """The parts of a draft, read and checked for shape; ``ValueError`` when it has none."""
    if not isinstance(data, dict) or set(data) != {"row", "deployed", "roundings", "ending"}:
        raise ValueError(NOT_A_DRAFT)
    row, deployed, roundings, ending = (data[k] for k in ("row", "deployed", "roundings", "ending"))
    if not all(isinstance(part, list) for part in (row, deployed, roundings)) or len(row) > 4:
        raise ValueError(NOT_A_DRAFT)
    aces = []
    for ace in row:
        if not (isinstance(ace, list) and len(ace) == 2 and isinstance(ace[1], list)):
            raise ValueError(NOT_A_DRAFT)
        if len(ace[1]) > 4:
            raise ValueError(NOT_A_DRAFT)
        aces.append((_suit(ace[0]), tuple(_card(card) for card in ace[1])))
    if len(deployed) > 3 or len(roundings) > 4:
        raise ValueError(NOT_A_DRAFT)
    if not all(rounding in ("down", "up") for rounding in roundings):
        raise ValueError(NOT_A_DRAFT)
    chosen = None if ending is None else _suit(ending)
    return aces, [_suit(suit) for suit in deployed], cast(list[Rounding], roundings), chosen


def _suit(value: object) -> Suit:
    if not isinstance(value, str):
        raise ValueError(NOT_A_DRAFT)
    return parse_pilot(value)


def _card(value: object) -> Card:
    if not isinstance(value, str):
        raise ValueError(NOT_A_DRAFT)
    card = parse_card(value)
    if card.is_joker:
        raise ValueError(NOT_A_DRAFT)
    return card
