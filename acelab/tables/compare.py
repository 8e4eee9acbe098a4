"""After a duplicate round: how each table played the same deal, decision point by decision point
(issue 25 item 4). Pure: no I/O, no widgets; the service (:meth:`Tables.comparison
<acelab.tables.tables.Tables.comparison>`) hands it the round's tables as it keeps them (seed,
options, seats, moves) and sends the result to the teacher only.

:func:`compare_round` replays every table through the engine and gives a plain JSON value (so the
teacher's board can save it and the class report can read it without acelab's game code):
``{"round", "game", "title", "tables": [...], "rows": [...]}``. Each row is one decision point,
named the same at every table (``"Round 2: pick"``, ``"Turn 3: draw or act"``,
``"Level 1 (Goblin), Hand 2"``), with one cell per table that reached it: who decided (``bot``
true for a bot's decision, a bot's seat or a person's seat its bot played), the decision, what
came of it and, where the game has an exact measure, how much was lost against the best.
``positions`` says how many different positions the tables faced there: 1 while they have all
played alike (the same deal, so the same first decision everywhere); more once they diverged
(``summary`` then says so). Only real decisions make rows: a move that was the only legal one
is no decision.

The measures, game by game:

- **Absolutely Aces.** A secret pick is set against the hidden-hands equilibrium
  (:func:`acelab.absolutely_aces.pick.equilibrium`): ``value`` is the pick's card value for
  that hand (points a round, the other hand unknown, both playing on perfectly), ``best`` the
  hand's best card value, ``loss = best - value`` (0 for any card the equilibrium may pick) and
  ``chance`` the equilibrium's chance of that card. A go is set against perfect play
  (:func:`acelab.absolutely_aces.solver.move_values`): ``best`` is the round's exact value for
  the mover before the go (:func:`~acelab.absolutely_aces.solver.round_value`), ``value`` the
  chosen move's, ``loss`` what the go gave away (0 for a move of
  :func:`~acelab.absolutely_aces.solver.best_moves`). Each finished round adds a row ``"Round
  N: lost against perfect play"`` whose cells give each player's losses summed over that
  round's goes, and the round's result. Values are points for the player deciding.
- **Devir's co-op** (Ace of Spades, two partners): a Hand played is set against the best Hand
  of the cards it was chosen from (the player's hand and the shared cards) under the Enemy
  effects in force (:func:`acelab.ace_of_spades.scoring.best_total` with
  :func:`acelab.ace_of_spades.in_force.modifiers`): ``value`` is the damage dealt, ``best`` the
  most that could be dealt at once, ``loss`` the damage left unused. A discard, a Renew, a
  benefit or a card taken back is listed as it was, with no measure: whether it was worth more
  than playing now depends on the cards drawn after it, which differ between decisions.
- **Lex's Ace of Spades** has no exact measure (no solver: what a decision is worth depends on
  cards nobody has seen). "How it turned out" is, honestly, only what followed it: the
  decision's own result as the engine told it (the card drawn and what it did; the Jack's
  steal or the red ten that foiled it; the nuke's cards sent back or the sixes that countered
  it; the stop, or the queen that absorbed it), with the target's answer when it had one, and
  who won the table in the end. Targets are named by role at that moment too: "the leader" is
  the other player closest to a win by the cards really held (three kings, two red aces),
  larger hand first when tied, so "3 of 4 tables nuked the leader" means the same at each
  table. It says what happened, not whether the decision was right.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final

from acelab.engine import Game
from acelab.engine.games import by_name

__all__ = ["FORMAT", "PlayedTable", "SeatInfo", "compare_round"]

FORMAT: Final = 1
"""The version of the comparison's JSON (the class report reads this one)."""

TITLES: Final = {
    "absolutely_aces": "Absolutely Aces",
    "ace_of_spades": "Ace of Spades co-op",
    "ace_of_spades_lex": "Lex's Ace of Spades",
}


@dataclass(frozen=True)
class SeatInfo:
    """One seat as the table was set: who sat there (``None``: nobody yet) and whether it is a
    person's seat."""

    name: str | None
    person: bool


@dataclass(frozen=True)
class PlayedTable:
    """One table of a round as the service keeps it: ``moves[i]`` was made by seat
    ``movers[i]``; ``by_bot`` holds the indices of the moves a bot made (at a person's seat
    too, while it was silent)."""

    code: str
    game: str
    seed: int | str
    options: Mapping[str, Any]
    seats: tuple[SeatInfo, ...]
    moves: tuple[Any, ...]
    movers: tuple[int, ...]
    by_bot: frozenset[int] = field(default_factory=frozenset)


@dataclass
class _Cell:
    point: str
    state: Any
    seat: int
    decision: str
    choice: str
    result: str = ""
    value: Fraction | int | None = None
    best: Fraction | int | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    index: int = -1


def _number(value: Fraction | int | None) -> float | int | None:
    if value is None:
        return None
    if isinstance(value, Fraction) and value.denominator != 1:
        return round(float(value), 4)
    return int(value)


def _exact(value: Fraction | int | None) -> str | None:
    return None if value is None else str(Fraction(value))


def _replay(game: Game[Any, Any], table: PlayedTable, new: dict[str, Any]) -> list[Any]:
    """Every state of the table, the first dealt, then one after each move; each step's events
    in ``new['events']``."""
    state = game.new_state(table.seed, **new)
    states, events = [state], []
    for move in table.moves:
        step = game.step(states[-1], move)
        states.append(step.state)
        events.append(tuple(step.events))
    new["events"] = events
    return states


# ---- Absolutely Aces ---------------------------------------------------------------------------


def _aces(game: Any, states: list[Any], table: PlayedTable, events: list[Any]) -> list[_Cell]:
    from acelab.absolutely_aces.moves import Pick
    from acelab.absolutely_aces.pick import equilibrium
    from acelab.absolutely_aces.solver import move_values
    from acelab.absolutely_aces.state import Phase

    solved = equilibrium()
    cells: list[_Cell] = []
    goes: dict[int, int] = {}
    lost: dict[int, list[Fraction]] = {}
    for index, move in enumerate(table.moves):
        state, after = states[index], states[index + 1]
        seat = table.movers[index]
        lost.setdefault(state.round, [Fraction(0), Fraction(0)])
        if isinstance(move, Pick):
            hand = state.hands[move.player]
            cards = solved.card_values(hand)
            cell = _Cell(
                f"Round {state.round}: Player {move.player}'s pick", (state.round, hand), seat,
                f"picked {game.label(move.card)}", game.label(move.card),
                value=cards[move.card], best=max(cards.values()), index=index,
            )  # fmt: skip
            cell.extra["chance"] = _exact(solved.strategy(hand)[move.card])
            cell.extra["hand"] = " ".join(game.label(c) for c in hand)
            cells.append(cell)
            continue
        values = move_values(state, game)
        sign = 1 if state.mover == 0 else -1
        best = max(values.values()) if state.mover == 0 else min(values.values())
        goes[state.round] = goes.get(state.round, 0) + 1
        if len(values) > 1:
            cells.append(
                _Cell(
                    f"Round {state.round}: go {goes[state.round]}", _aces_position(state), seat,
                    _aces_move(game, move), _aces_move(game, move),
                    value=sign * values[move], best=sign * best, index=index,
                )
            )  # fmt: skip
        lost[state.round][state.mover] += sign * (best - values[move])
        if after.phase is not Phase.PLAY:
            result = after.results[-1] if after.results else None
            said = (
                "a loop: no points"
                if result is None or result.winner is None
                else f"Player {result.winner} scored {result.points} ({result.by})"
            )
            for player in (0, 1):
                cells.append(
                    _Cell(
                        f"Round {state.round}: lost against perfect play", ("total", state.round),
                        player, "", "", result=said, value=lost[state.round][player], index=index,
                    )
                )  # fmt: skip
    return cells


def _aces_position(state: Any) -> tuple[Any, ...]:
    return (state.round, state.hands, state.reserves, state.mover, state.opening, state.pairs,
            state.seen)  # fmt: skip


def _aces_move(game: Any, move: Any) -> str:
    card = getattr(move, "card", None)
    if card is not None:
        return f"played {game.label(card)}"
    return f"played the Pair of {getattr(move, 'type', '?')}"


# ---- Devir's co-op ------------------------------------------------------------------------------


def _spades(game: Any, states: list[Any], table: PlayedTable, events: list[Any]) -> list[_Cell]:
    from acelab.ace_of_spades.events import HandPlayed
    from acelab.ace_of_spades.in_force import modifiers
    from acelab.ace_of_spades.moves import PlayHand
    from acelab.ace_of_spades.scoring import best_total

    cells: list[_Cell] = []
    hands: dict[int, int] = {}
    for index, move in enumerate(table.moves):
        state = states[index]
        enemy = state.enemy
        where = f"Level {state.level} ({enemy.name})"
        if isinstance(move, PlayHand):
            hands[state.level] = hands.get(state.level, 0) + 1
            played = next(e for e in events[index] if isinstance(e, HandPlayed))
            best = best_total(state.available, modifiers(state))
            cards = " ".join(c.symbol for c in move.cards)
            cell = _Cell(
                f"{where}, Hand {hands[state.level]}", state, table.movers[index],
                f"played {cards}: {played.combination.replace('_', ' ')}, {played.damage} damage",
                played.combination.replace("_", " "), value=played.damage, best=best,
            )  # fmt: skip
        else:
            if len(game.legal_moves(state)) <= 1:
                continue
            text = str(move)
            cell = _Cell(
                f"{where}, after Hand {hands.get(state.level, 0)}", state, table.movers[index],
                text, text.split(" ")[0],
            )  # fmt: skip
        cell.index = index
        cells.append(cell)
    return cells


# ---- Lex's Ace of Spades ------------------------------------------------------------------------


def _progress(hand: Sequence[Any]) -> Fraction:
    kings = sum(1 for c in hand if c.value == 13)
    red = sum(1 for c in hand if c.value == 1 and c.is_red)
    return max(Fraction(min(kings, 3), 3), Fraction(red, 2))


def _leader(state: Any, mover: int) -> int | None:
    others = [p for p in range(state.players) if p != mover]
    if not others:
        return None
    return max(others, key=lambda p: (_progress(state.hands[p]), len(state.hands[p]), -p))


def _lex(game: Any, states: list[Any], table: PlayedTable, events: list[Any]) -> list[_Cell]:
    from acelab.ace_of_spades_lex.moves import (
        Accept,
        Counter,
        DealTo,
        Foil,
        Nuke,
        Steal,
        Stop,
    )
    from acelab.ace_of_spades_lex.narrate import narrate
    from acelab.ace_of_spades_lex.state import Phase

    cells: list[_Cell] = []
    final = states[-1].outcome
    winners = set(final.winners) if final is not None else set()
    for index, move in enumerate(table.moves):
        state = states[index]
        if len(game.legal_moves(state)) <= 1:
            continue
        mover = table.movers[index]
        names = [_who(table, seat, -1)[0] for seat in range(len(table.seats))]
        turn = state.turns + 1
        kind = {
            Phase.TURN: "draw or act",
            Phase.DEALING: "deal the Nine",
            Phase.REACTION: "answer the attack",
            Phase.DEUCE: "Deuce Ex Machina or not",
        }.get(state.phase, "decide")
        label = f"Turn {turn}: {kind}"
        target = getattr(move, "target", getattr(move, "player", None))
        leader = _leader(state, mover)
        role = ""
        if isinstance(move, Steal | Stop | Nuke | DealTo) and target is not None:
            role = "the leader" if target == leader else "another player"
        choice = {
            "Draw": "drew",
            "Steal": f"played a Jack on {role}",
            "Stop": f"stopped {role}",
            "Nuke": f"nuked {role}",
            "DealTo": f"dealt to {role}",
            "DeuceExMachina": "played Deuce Ex Machina",
            "EndTurn": "ended the turn",
            "Foil": "showed a red ten",
            "Counter": "countered with sixes",
            "Accept": "let it happen",
            "Pass": "passed",
        }.get(type(move).__name__, str(move))
        decision = str(move)
        if target is not None and isinstance(move, Steal | Stop | Nuke | DealTo):
            decision += f" ({names[target]}, {role})"
        told = list(events[index])
        follow = index + 1
        answered = follow < len(table.moves) and isinstance(
            table.moves[follow], Foil | Counter | Accept
        )
        if isinstance(move, Steal | Nuke) and answered:
            told += list(events[follow])
        result = narrate(told, names)
        if final is not None:
            result += " The table was won by " + (
                " and ".join(names[w] for w in sorted(winners)) or "nobody"
            ) + "."  # fmt: skip
        cell = _Cell(label, state, mover, decision, choice, result=result.strip())
        cell.extra["won"] = mover in winners
        cell.index = index
        cells.append(cell)
    return cells


ANALYSES: Final[dict[str, Callable[[Any, list[Any], PlayedTable, list[Any]], list[_Cell]]]] = {
    "absolutely_aces": _aces,
    "ace_of_spades": _spades,
    "ace_of_spades_lex": _lex,
}


# ---- the round ----------------------------------------------------------------------------------


def _who(table: PlayedTable, seat: int, index: int) -> tuple[str, bool]:
    info = table.seats[seat] if 0 <= seat < len(table.seats) else SeatInfo(None, False)
    bot = not info.person or index in table.by_bot
    name = info.name or (f"seat {seat}" if info.person else f"bot {seat}")
    if info.person and bot:
        name += " (bot)"
    return name, bot


def _new_options(table: PlayedTable) -> dict[str, Any]:
    new = dict(table.options)
    if table.game == "ace_of_spades":
        new["players"] = 2
    if table.game == "ace_of_spades_lex":
        new["players"] = len(table.seats)
    return new


def compare_round(round_name: str, tables: Sequence[PlayedTable]) -> dict[str, Any]:
    """The comparison of one duplicate round's ``tables`` (finished or part-played), decision
    point by decision point (see the module's text); a JSON value. ``ValueError`` with a
    sentence for tables of different games or no table."""
    if not tables:
        raise ValueError(f"The round {round_name} has no table to compare.")
    games = {table.game for table in tables}
    if len(games) != 1 or next(iter(games)) not in ANALYSES:
        raise ValueError(f"The tables of round {round_name} are not of one game to compare.")
    name = next(iter(games))
    game = by_name(name)
    analyse = ANALYSES[name]
    points: dict[str, list[tuple[int, PlayedTable, _Cell]]] = {}
    order: list[str] = []
    summaries = []
    for number, table in enumerate(tables):
        new = _new_options(table)
        states = _replay(game, table, new)
        cells = analyse(game, states, table, new["events"])
        named: dict[str, int] = {}
        previous = -1
        for cell in cells:
            named[cell.point] = named.get(cell.point, 0) + 1
            if named[cell.point] > 1:
                cell.point += f" ({named[cell.point]})"
            if cell.point not in points:
                order.insert(previous + 1, cell.point)
            previous = order.index(cell.point)
            points.setdefault(cell.point, []).append((number, table, cell))
        outcome = game.outcome(states[-1])
        summaries.append(
            {
                "code": table.code,
                "seats": [_who(table, s, -1)[0] for s in range(len(table.seats))],
                "moves": len(table.moves),
                "finished": outcome is not None,
                "result": "" if outcome is None else str(getattr(outcome, "reason", "")),
            }
        )
    rows = []
    for point in order:
        entries = points[point]
        positions: list[Any] = []
        out = []
        for _, table, cell in entries:
            if cell.state not in positions:
                positions.append(cell.state)
            who, bot = _who(table, cell.seat, cell.index if cell.decision else -1)
            loss = None
            if cell.value is not None and cell.best is not None:
                loss = cell.best - cell.value
            elif cell.value is not None and not cell.decision:
                loss = cell.value  # a round's total of what was lost
            out.append(
                {
                    "table": table.code,
                    "seat": cell.seat,
                    "who": who,
                    "bot": bot if cell.decision else not table.seats[cell.seat].person,
                    "decision": cell.decision,
                    "choice": cell.choice,
                    "result": cell.result,
                    "value": _number(cell.value) if cell.decision else None,
                    "best": _number(cell.best),
                    "loss": _number(loss),
                    "exact_loss": _exact(loss),
                    "position": positions.index(cell.state) + 1,
                    "version": cell.index + 1,
                    **cell.extra,
                }
            )
        rows.append(
            {
                "point": point,
                "positions": len(positions),
                "summary": _summary(out, len(tables), len(positions)),
                "cells": out,
            }
        )
    return {
        "format": FORMAT,
        "round": round_name,
        "game": name,
        "title": TITLES[name],
        "tables": summaries,
        "rows": rows,
    }


def _summary(cells: Sequence[Mapping[str, Any]], tables: int, positions: int) -> str:
    """``"3 of 4 tables: nuked the leader; 1: drew"`` (decisions counted by table), and
    whether the tables still faced one position there."""
    choices: dict[str, set[str]] = {}
    for cell in cells:
        if cell["choice"]:
            choices.setdefault(cell["choice"], set()).add(cell["table"])
    reached = len({cell["table"] for cell in cells})
    counted = sorted(choices.items(), key=lambda item: (-len(item[1]), item[0]))
    said = "; ".join(
        f"{len(codes)} of {tables} tables: {choice}" if n == 0 else f"{len(codes)}: {choice}"
        for n, (choice, codes) in enumerate(counted)
    )
    if not said:
        losses = [c["loss"] for c in cells if c["loss"] is not None]
        said = f"{reached} of {tables} tables" + (
            f", lost {min(losses):g} to {max(losses):g}" if losses else ""
        )
    if positions > 1:
        said += f" (the tables had diverged: {positions} different positions)"
    elif reached < tables:
        missed = tables - reached
        said += f" ({missed} {'table' if missed == 1 else 'tables'} did not reach it)"
    return said
