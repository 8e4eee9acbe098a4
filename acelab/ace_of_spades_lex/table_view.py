"""The Lex Ace of Spades table, drawn from what one player may see: pure functions, no widgets.

:func:`lex_table` turns a :class:`LexView` and that player's legal moves into the card table's
:class:`TableView`: the deck, every other seat (its hand face down, its discard pile, banked
queens and stop), your own hand and pile, a Nine's cards waiting to be dealt, and one button
per legal move (the events of a move are told by :mod:`acelab.ace_of_spades_lex.narrate`).
An action card picked up (``TableOptions.picked``) is shown held, and only the players it can
go to are drop targets, ringed: the table numbers them for the keyboard. Several sixes may be
held at once (a nuke with all of them), and a Nine's next card to deal (key ``"deal"``) is
picked up the same way, then put on a player.

Keys (read back by :mod:`acelab.ace_of_spades_lex.gestures`): zones ``"deck"``, ``"deal"``,
``"hand"``, ``"seat:P"``, ``"pile:P"``, ``"winning"``; controls ``"draw"``, ``"steal:P"``,
``"stop:P"``, ``"nuke:P:K"``, ``"deuce"``, ``"deal:P"``, ``"foil"``, ``"counter"``,
``"accept"``, ``"end"``, ``"pass"``, ``"bots:step"``, ``"bots:all"``, ``"reveal"``, ``"new"``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from acelab.ace_of_spades_lex.moves import (
    Accept,
    Counter,
    DealTo,
    DeuceExMachina,
    Draw,
    EndTurn,
    Foil,
    LexMove,
    Nuke,
    Pass,
    Steal,
    Stop,
)
from acelab.ace_of_spades_lex.state import LexView, Phase
from acelab.ace_of_spades_lex.words import possessive, sixes, verb
from acelab.engine import expect, what_kind
from acelab.engine.cards import Card
from acelab.widgets.view_model import (
    BACK,
    FANNED,
    NOTE_BESIDE,
    SMALL,
    CardSpot,
    Control,
    TableView,
    Zone,
)

OTHER_HAND = f"{SMALL} {FANNED} {NOTE_BESIDE}"
"""Another player's face-down hand: small cards, fanned, its note ("to play") beside them. With
the piles fanned too, the other players of a game of four keep to one line at 1024×768, and
your hand, the deck and Draw stay on screen."""

__all__ = [
    "DEAL",
    "TableOptions",
    "card_moves",
    "control_key",
    "held_card",
    "held_cards",
    "lex_table",
    "prompt_text",
    "stop_note",
    "table",
    "targets",
    "waiting_text",
]

DEAL = "deal"
"""The key of a Nine's next card to deal, face down (picked up and put on a player)."""
PILE_SHOWN = 8
"""How many top cards of a discard pile are drawn (the count says how many there are)."""


@dataclass(frozen=True)
class TableOptions:
    """How the panel shows the table: ``hidden`` hides the viewer's hand (the hot seat's "pass
    the device" screen, for ``next_name``); ``bot_waiting`` names the bot whose move waits for
    a press of Next move; ``new_game_question`` is asked before a new game; ``picked`` are the
    keys of the cards picked up (``("JS",)``, ``("6S", "6H")`` or ``("deal",)``), shown held
    while they can still be played."""

    hidden: bool = False
    next_name: str = ""
    bot_waiting: str = ""
    new_game_question: str = ""
    picked: tuple[str, ...] = ()


def _spot(card: Card, movable: bool = False, badge: str = "", held: bool = False) -> CardSpot:
    return CardSpot(str(card), str(card), card.name, movable=movable, badge=badge, highlighted=held)


_KEYS: dict[type[LexMove], Callable[[Any], str]] = {
    Draw: lambda m: "draw",
    Steal: lambda m: f"steal:{m.target}",
    Stop: lambda m: f"stop:{m.target}",
    Nuke: lambda m: f"nuke:{m.target}:{m.sixes}",
    DeuceExMachina: lambda m: "deuce",
    DealTo: lambda m: f"deal:{m.player}",
    Foil: lambda m: "foil",
    Counter: lambda m: "counter",
    Accept: lambda m: "accept",
    EndTurn: lambda m: "end",
    Pass: lambda m: "pass",
}


def control_key(move: LexMove) -> str:
    """The key of the button that plays ``move``."""
    key = _KEYS.get(type(move))
    if key is None:
        raise ValueError("Only a move of Lex's Ace of Spades has a button.")
    return key(move)


_DEUCE_QUESTION = "Restart the whole round with your four twos?"
_CONTROLS: dict[type[LexMove], Callable[[Any, LexView], Control]] = {
    Draw: lambda m, v: Control("draw", "Draw a card", style="primary"),
    Steal: lambda m, v: Control(control_key(m), f"Steal from {v.names[m.target]}", group="Jack"),
    Stop: lambda m, v: Control(control_key(m), f"Stop {v.names[m.target]}", group="Black ten"),
    Nuke: lambda m, v: Control(
        control_key(m), f"Nuke {v.names[m.target]} ({sixes(m.sixes)})", group="Sixes"
    ),
    DeuceExMachina: lambda m, v: Control(
        "deuce", "Deuce Ex Machina", style="danger", confirm=_DEUCE_QUESTION
    ),
    DealTo: lambda m, v: Control(
        control_key(m), f"Deal to {v.names[m.player]}", style="primary", group="Nine"
    ),
    Foil: lambda m, v: Control("foil", "Show your red ten", style="primary"),
    Counter: lambda m, v: Control(
        "counter", f"Counter with {v.attack.sixes if v.attack else 0} sixes", style="primary"
    ),
    Accept: lambda m, v: Control("accept", "Let it happen"),
    EndTurn: lambda m, v: Control("end", "End your turn"),
    Pass: lambda m, v: Control("pass", "Pass"),
}


def card_moves(card: Card, moves: Sequence[LexMove]) -> list[Steal | Stop | Nuke]:
    """The moves of ``moves`` that play ``card`` on a player: a Jack steals, a black ten stops,
    a six nukes (one six, as a drop on a player does)."""
    expect(card, Card, "a card")
    _check_moves(moves)
    stop = card.value == 10 and not card.is_red
    return [
        move
        for move in moves
        if (isinstance(move, Steal) and card.value == 11)
        or (isinstance(move, Stop) and stop)
        or (isinstance(move, Nuke) and card.value == 6 and move.sixes == 1)
    ]


def held_card(view: LexView, moves: Sequence[LexMove], key: str) -> Card | None:
    """The card of ``view.player``'s hand with key ``key`` if it can be played on a player now
    (it can be picked up), else ``None``."""
    expect(view, LexView, "the view of the player at the table")
    expect(key, str, "a card's key")
    card = next((c for c in view.hand if str(c) == key), None)
    return card if card is not None and card_moves(card, moves) else None


def held_cards(view: LexView, moves: Sequence[LexMove], keys: Sequence[str]) -> tuple[Card, ...]:
    """The cards of ``view.player``'s hand with keys ``keys`` if they can be played together
    on a player now (one action card, or several sixes for one nuke), else none."""
    expect(view, LexView, "the view of the player at the table")
    _check_moves(moves)
    keys = _check_picked(tuple(keys) if isinstance(keys, list) else keys)
    held = tuple(held_card(view, moves, key) for key in keys)
    cards = tuple(card for card in held if card is not None)
    if not cards or len(cards) < len(held) or len(set(cards)) < len(cards):
        return ()
    if len(cards) > 1 and not any(
        all(c.value == 6 for c in cards) and isinstance(m, Nuke) and m.sixes == len(cards)
        for m in moves
    ):
        return ()
    return cards


def targets(view: LexView, moves: Sequence[LexMove], keys: Sequence[str]) -> set[int]:
    """The seats the cards picked up (``keys``) can go to: the players a Nine's card can be
    dealt to, or those the held cards can be played on; none when nothing can be held."""
    _check_moves(moves)
    keys = _check_picked(tuple(keys) if isinstance(keys, list) else keys)
    if keys == (DEAL,):
        return {m.player for m in moves if isinstance(m, DealTo)}
    cards = held_cards(view, moves, keys)
    if len(cards) > 1:
        return {m.target for m in moves if isinstance(m, Nuke) and m.sixes == len(cards)}
    return {m.target for m in card_moves(cards[0], moves)} if cards else set()


def _targets(view: LexView, moves: Sequence[LexMove], picked: tuple[str, ...]) -> set[int]:
    """The seats a drop may go to: those of the cards picked up, else those of any card."""
    if held := targets(view, moves, picked):
        return held
    return {
        m.player if isinstance(m, DealTo) else m.target
        for m in moves
        if isinstance(m, Steal | Stop | Nuke | DealTo)
    }


def _seat_zones(view: LexView, seat: int, targeted: bool, line: int) -> list[Zone]:
    name = view.names[seat]
    notes = []
    if view.stopped[seat]:
        notes.append("stopped")
    if view.turn == seat and view.phase is not Phase.OVER:
        notes.append("to play")
    size = view.hand_sizes[seat]
    backs = tuple(
        CardSpot(f"back:{seat}:{i}", BACK, "a card, face down", movable=False) for i in range(size)
    )
    if view.hands_shown:  # the match is over: every hand face up
        backs = tuple(_spot(card) for card in view.hands_shown[seat])
    hand = Zone(
        f"seat:{seat}",
        name,
        backs,
        line=line,
        count=size,
        note=", ".join(notes),
        spoken=f"{name}: {size} cards in hand" + (", stopped" if view.stopped[seat] else ""),
        droppable=targeted,
        highlighted=targeted,
        css=f"{FANNED} {NOTE_BESIDE}" if view.hands_shown else OTHER_HAND,
    )
    return [hand, _pile_zone(view, seat, line)]


def _pile_zone(view: LexView, seat: int, line: int) -> Zone:
    name = view.names[seat]
    pile = view.piles[seat]
    banked = tuple(_spot(card, badge="banked") for card in view.banked[seat])
    shown = tuple(_spot(card) for card in pile[-PILE_SHOWN:])
    spoken = f"{possessive(name)} discard pile, {len(pile)} cards"
    if view.banked[seat]:
        spoken += ", and banked " + " ".join(c.symbol for c in view.banked[seat])
    label = f"{possessive(name).capitalize()} discards"
    cards = banked + shown
    note = "" if cards else "none yet"  # an empty pile drawn compact: its line less tall
    return Zone(
        f"pile:{seat}",
        label,
        cards,
        line=line,
        count=len(pile),
        note=note,
        spoken=spoken,
        css=FANNED,
    )


def _check(view: object, moves: object, options: object) -> None:
    expect(view, LexView, "the view of the player at the table")
    expect(options, TableOptions, "the table's options")
    _check_picked(options.picked if isinstance(options, TableOptions) else ())
    _check_moves(moves)


def _check_picked(picked: object) -> tuple[str, ...]:
    if not isinstance(picked, tuple) or not all(isinstance(key, str) for key in picked):
        raise ValueError(f"Give the cards picked up as a tuple of keys, not {what_kind(picked)}.")
    return picked


def _check_moves(moves: object) -> None:
    if isinstance(moves, str) or not isinstance(moves, Sequence):
        raise ValueError(f"Give the legal moves as a list, not {what_kind(moves)}.")


def table(view: LexView, moves: Sequence[LexMove], options: TableOptions) -> TableView:
    """The table as ``view.player`` sees it, with a button for each of ``moves`` (their legal
    moves when it is their decision, else none)."""
    _check(view, moves, options)
    me = view.player
    can_draw = Draw() in moves
    deck = Zone(
        "deck",
        "Deck",
        (CardSpot("deck", BACK, "the deck, face down", movable=False),),
        count=view.deck_size,
        line=2,  # beside your hand: the other players' line above
        clickable=can_draw,
        highlighted=can_draw,
        spoken=f"the deck, {view.deck_size} cards",
    )
    zones = [deck]
    picked = () if options.hidden else options.picked
    held = held_cards(view, moves, picked)
    seats = _targets(view, moves, picked)
    if view.phase is Phase.DEALING and view.turn == me and moves:
        card = CardSpot(DEAL, BACK, "next card to deal, face down", highlighted=picked == (DEAL,))
        zones.append(Zone(DEAL, "To deal", (card,), line=2, note=f"{view.deal_left} left"))
    for seat in range(view.players):
        if seat != me:
            zones.extend(_seat_zones(view, seat, seat in seats, line=1))
    zones.sort(key=lambda zone: zone.line)  # the other players first, then your side
    if options.hidden:
        zones.append(Zone("hand", "Hidden hand", line=2, note=f"for {options.next_name}"))
    else:
        hand = tuple(
            _spot(
                card,
                bool(card_moves(card, moves)),
                "new" if card in view.fresh else "",
                card in held,
            )
            for card in view.hand
        )
        label = f"{possessive(view.names[me]).capitalize()} hand"
        note = "stopped" if view.stopped[me] and view.outcome is None else ""
        zones.append(Zone("hand", label, hand, line=2, note=note))
    zones.append(_pile_zone(view, me, line=2))
    if view.winning:
        winning = tuple(_spot(card) for card in view.winning)
        zones.append(Zone("winning", "Winning cards", winning, line=3, highlighted=True))
    controls = [] if options.hidden else [_CONTROLS[type(m)](m, view) for m in moves]
    if options.hidden:
        controls.append(Control("reveal", f"I am {options.next_name}: show my hand", "primary"))
    if options.bot_waiting:
        controls.append(Control("bots:step", "Next move", style="primary"))
        controls.append(Control("bots:all", "Play the bots' moves"))
    controls.append(Control("new", "New game", confirm=options.new_game_question))
    return TableView(
        zones=tuple(zones), controls=tuple(controls), prompt=prompt_text(view, moves, options)
    )


def prompt_text(view: LexView, moves: Sequence[LexMove], options: TableOptions) -> str:
    """The line on top of the table: what to do now (or who won)."""
    _check(view, moves, options)
    names = view.names
    if view.outcome is not None:
        return view.outcome.reason
    if options.hidden:
        return f"Pass the device to {options.next_name}, then press the button."
    if options.bot_waiting:
        return f"{stop_note(view)}{options.bot_waiting} is to play: press Next move."
    if not moves:
        actor = view.to_act
        return waiting_text(view, names[actor]) if actor is not None else ""
    if view.phase is Phase.DEALING:
        if options.picked == (DEAL,):
            return f"Deal the Nine's cards face down: choose a player ({view.deal_left} left)."
        return (
            "Deal the Nine's cards face down: pick up the card to deal, then choose a player"
            f" ({view.deal_left} left)."
        )
    if view.phase is Phase.REACTION and view.attack is not None:
        by = names[view.attack.by]
        if view.attack.is_nuke:
            count = "a six" if view.attack.sixes == 1 else f"{view.attack.sixes} sixes"
            return f"{by} {verb(by, 'nukes')} you with {count}: counter with as many sixes?"
        return f"{by} {verb(by, 'plays')} a Jack on you: show your red ten?"
    if view.phase is Phase.DEUCE:
        return "You hold all four twos: play Deuce Ex Machina now, or end your turn."
    if moves == [Pass()] or list(moves) == [Pass()]:
        return "Nothing to draw and no action card to use: pass."
    whose = "Your turn" if names[view.player] == "You" else f"{names[view.player]}, your turn"
    if len(moves) == 1:
        return f"{whose}: draw a card."
    return f"{whose}: draw a card, or use an action card on a player."


def stop_note(view: LexView) -> str:
    """Why ``view.player`` waits while stopped (a sentence and a space), else empty."""
    expect(view, LexView, "the view of the player at the table")
    name = view.names[view.player]
    if view.outcome is not None or not view.stopped[view.player]:
        return ""
    return f"{name} {verb(name, 'is')} stopped until another player draws a queen. "


def waiting_text(view: LexView, actor: str) -> str:
    """The line on top of the table while ``actor`` (a name) plays: who, and why
    ``view.player`` is waiting if they are stopped."""
    return f"{stop_note(view)}Waiting for {actor}."


lex_table = table
"""The older name of :func:`table`."""
