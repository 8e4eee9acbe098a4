"""What a gesture on the Lex Ace of Spades table means: pure functions, no widgets.

:func:`interpret` reads a click, a drop or a button (keys from
:mod:`acelab.ace_of_spades_lex.table_view`) as a call of the play panel's Python API — ``draw``,
``steal``, ``stop``, ``nuke``, ``deal``, ``answer``, ``deuce``, ``end_turn``, ``pass_turn``,
``step_bots``, ``run_bots``, ``reveal``, ``new_game``, ``pick``, ``put_back`` — or a refusal in
words. The panel makes that call, so a click and the same call from Python share one path.
A click (or Enter) on an action card that can be played picks it up (a six picked while sixes
are held joins them, for a nuke with all of them); a click (or Enter) on a player then plays it
there, as a drag onto that player does; Escape puts it back. A Nine's card to deal is picked up
and put on players the same way, one card after another.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, TypeVar

from acelab.ace_of_spades_lex.moves import DealTo, Draw, LexMove, Nuke, Steal, Stop
from acelab.ace_of_spades_lex.state import LexView, Phase
from acelab.ace_of_spades_lex.table_view import DEAL, held_card
from acelab.engine.cards import parse_card
from acelab.widgets.view_model import Call, GestureLike, ReadGesture, Refusal, interpreter

__all__ = ["Call", "GestureLike", "Refusal", "interpret"]

T = TypeVar("T")


_SIMPLE_CONTROLS = {
    "draw": Call("draw"),
    "deuce": Call("deuce"),
    "foil": Call("answer", (True,)),
    "counter": Call("answer", (True,)),
    "accept": Call("answer", (False,)),
    "end": Call("end_turn"),
    "pass": Call("pass_turn"),
    "bots:step": Call("step_bots"),
    "bots:all": Call("run_bots"),
    "reveal": Call("reveal"),
    "new": Call("new_game"),
}


def _seat(text: str) -> int | None:
    return int(text) if text.isascii() and text.isdigit() else None


def _control(key: str) -> Call | Refusal:
    if key in _SIMPLE_CONTROLS:
        return _SIMPLE_CONTROLS[key]
    parts = key.split(":")
    seats = [_seat(p) for p in parts[1:]]
    if parts[0] in ("steal", "stop", "deal") and len(seats) == 1 and seats[0] is not None:
        return Call(parts[0], (seats[0],))
    if parts[0] == "nuke" and len(seats) == 2 and None not in seats:
        return Call("nuke", tuple(seats))
    return Refusal("That button is not part of this game.")


def _listed(items: Sequence[T], refusal: str) -> tuple[T, ...]:
    if isinstance(items, (str, bytes)) or not isinstance(items, (Sequence, set, frozenset)):
        raise ValueError(refusal)
    return tuple(items)


_PICKED: Final = "The cards picked up must be a list of card names such as 'AS'."


@interpreter(LexView)
def interpret(gesture: ReadGesture, view: LexView) -> Call | Refusal:
    """The panel call that ``gesture`` asks for, given what ``view.player`` sees and what the
    panel knows (``context``: the legal moves of that player, ``moves``, and the keys of the
    cards picked up, ``picked``)."""
    moves = _listed(gesture.context.moves, "The legal moves must be a list of moves.")
    picked = _listed(gesture.context.picked, _PICKED)
    if not all(isinstance(key, str) for key in picked):
        raise ValueError(_PICKED)
    kind, card, zone = gesture.kind, gesture.card, gesture.zone
    if kind == "control":
        return _control(zone or "")
    if kind == "cancel":
        return Call("put_back") if picked else Refusal("")
    if kind == "zone" and picked and zone is not None and zone.startswith("seat:"):
        kind, card = "drop", picked[0]  # Enter on a player with a card held puts it there
    dealing = any(isinstance(m, DealTo) for m in moves)
    if kind == "card" and (
        (card == DEAL and dealing) or (card is not None and held_card(view, moves, card))
    ):
        return Call("put_back") if card in picked else Call("pick", (card,))
    if view.outcome is not None:
        return Refusal("The game is over: press New game to play again.")
    if kind in ("card", "zone") and (card == "deck" or zone == "deck"):
        return Call("draw") if Draw() in moves else Refusal(_why_not_draw(view, moves))
    if kind == "drop" and zone is not None and zone.startswith("seat:"):
        target = _seat(zone.split(":", 1)[1])
        if target is None or target >= view.players:
            return Refusal("Drop the card on a player.")
        return _drop(card, target, view, moves, len(picked) if card in picked else 1)
    if kind == "card" and card is not None and card not in (DEAL, "deck"):
        return Refusal(_explain(card, view, moves))
    if kind == "card" and card == DEAL:
        return Refusal("Pick up the card to deal, then choose the player who gets it.")
    return Refusal("Draw from the deck, or pick up an action card and choose a player for it.")


def _why_not_draw(view: LexView, moves: Sequence[LexMove]) -> str:
    if view.phase is Phase.DEALING:
        return "Deal the Nine's cards first: pick up the card to deal, then choose a player."
    if view.phase is Phase.REACTION:
        return "Answer the attack first."
    if not moves:
        return "It is not your turn."
    return "You cannot draw now."


def _drop(
    card: str | None, target: int, view: LexView, moves: Sequence[LexMove], count: int
) -> Call | Refusal:
    """A drop of ``card`` (with ``count`` sixes held, for a six) on ``target``."""
    name = view.names[target]
    if card == DEAL:
        if DealTo(target) in moves:
            return Call("deal", (target,))
        return Refusal(f"The Nine's cards go to the other players, not to {name}.")
    try:
        value = parse_card(card or "").value
    except ValueError:
        return Refusal("Pick up a card from your hand, then choose a player for it.")
    if value == 10 and parse_card(card or "").is_red:
        return Refusal("A red ten is kept to answer a Jack; it is not played on a player.")
    wanted = {11: Steal(target), 10: Stop(target)}.get(value)
    if value == 6:
        if Nuke(target, count) in moves:
            return Call("nuke", (target, count))
        return Refusal(f"You cannot nuke {name} now: a nuke needs a six and a hand to hit.")
    if wanted is None:
        return Refusal(f"{parse_card(card or '').symbol} is not an action card.")
    if wanted in moves:
        return Call("steal" if value == 11 else "stop", (target,))
    return Refusal(f"You cannot play that on {name} now.")


def _explain(card: str, view: LexView, moves: Sequence[LexMove]) -> str:
    try:
        parsed = parse_card(card)
    except ValueError:
        return "Draw from the deck, or pick up an action card and choose a player for it."
    value = parsed.value
    usable = any(isinstance(m, Steal | Stop | Nuke) for m in moves)
    uses = {
        11: "a Jack: pick it up, then choose a player to steal one of their cards",
        6: "a six: pick it up (with your other sixes, if you like), then choose a player to nuke",
        2: "a two: collect all four for Deuce Ex Machina",
    }
    if value == 10:
        text = (
            "a red ten: it answers a Jack played on you"
            if parsed.is_red
            else "a black ten: pick it up, then choose a player to stop"
        )
    else:
        text = uses.get(value, "a victory card: keep it")
    if not usable and value in (6, 10, 11) and not (value == 10 and parsed.is_red):
        text += " (on a turn of yours, from the turn after you got it)"
    return f"{parsed.symbol} is {text}."
