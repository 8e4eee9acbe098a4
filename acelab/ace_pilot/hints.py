"""Graded hints for the current round of Ace Pilot (cheap enough to run on every click)."""

from __future__ import annotations

from dataclasses import dataclass

from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.equation import Equation
from acelab.ace_pilot.pilots import pilot_name, pilot_names
from acelab.ace_pilot.solver import solve
from acelab.ace_pilot.state import Phase, PilotState, PilotView
from acelab.engine.cards import Card, Suit

__all__ = ["Hint", "draw_options", "hint"]


@dataclass(frozen=True)
class Hint:
    """A hint: ``text`` for the learner; ``solutions`` counts the equations that reach the
    target now; ``equation`` is the suggested solution (only at level 4)."""

    level: int
    text: str
    solutions: int
    equation: Equation | None = None

    def __str__(self) -> str:
        return self.text


def draw_options(state: PilotState | PilotView) -> tuple[Card, ...]:
    """The cards the Draw step may take that the player can see (odds, else the discard top)."""
    if state.odds:
        return tuple(dict.fromkeys(state.odds))
    return state.discard[-1:]


def _equations(count: int) -> str:
    return "one equation" if count == 1 else f"{count} equations"


def _row(pilots: tuple[Suit, ...]) -> str:
    """Which pilots, in the row's order, in words."""
    if len(pilots) == 1:
        return f"Use {pilot_name(pilots[0])} alone."
    return f"Use {pilot_names(pilots)}, in this order from left to right."


def _hand_cards(values: tuple[int, ...], hand: tuple[Card, ...]) -> str:
    """The hand cards with these values, each used once, as the learner sees them (K♣)."""
    left = [c for c in hand if not c.is_joker]
    chosen = []
    for value in values:
        card = next((c for c in left if c.value == value), None)
        if card is None:
            chosen.append(str(value))
            continue
        left.remove(card)
        chosen.append(card.symbol)
    return chosen[0] if len(chosen) == 1 else ", ".join(chosen[:-1]) + " and " + chosen[-1]


def _assault_hint(state: PilotState | PilotView, level: int, built: Build | None) -> Hint:
    start = state.assault
    if start is None:
        return Hint(level, "Choose a Starting Pilot first.", 0)
    target = state.target
    found = solve(state.hand_values, target, start, state.ready)
    if found and built is not None and not built.is_empty:
        found = built.completions(target)
        if not found:
            text = f"What you have built cannot reach {target}: clear it and start again."
            return Hint(level, text, 0)
    if not found:
        saved = "a joker will save" if state.jokers else "you will lose"
        name = pilot_name(start)
        text = f"No equation reaches {target} with this hand: concede, and {saved} {name}."
        return Hint(level, text, 0)
    best = found[0]
    count = len(found)
    if level <= 1:
        reach = "reaches" if count == 1 else "reach"
        return Hint(level, f"It can be done: {_equations(count)} {reach} {target}.", count)
    if level == 2:
        return Hint(level, _row(best.suits), count)
    group = best.group(start)
    if level == 3 and group is not None:
        cards = _hand_cards(group.values, state.hand)
        text = f"{_row(best.suits)} Put {cards} on {pilot_name(start)}, in that order."
        return Hint(level, text, count)
    text = f"{best.formula(target=target)} = {target}. {best.explain(target)}"
    return Hint(level, text, count, best)


def _choice_hint(state: PilotState | PilotView, level: int) -> Hint:
    target = state.target
    pilots = [state.assault] if state.assault is not None else list(state.ready)
    options = draw_options(state)
    best: tuple[int, Suit, Card | None, Equation | None] | None = None
    for pilot in pilots:
        ready = tuple(p for p in state.ready if p is not pilot)
        for card in options or (None,):
            hand = state.hand_values + ((card.value,) if card is not None else ())
            found = solve(hand, target, pilot, ready)
            if best is None or len(found) > best[0]:
                best = (len(found), pilot, card, found[0] if found else None)
    if best is None or best[0] == 0:
        return Hint(level, f"No choice here lets an equation reach {target}.", 0)
    count, pilot, card, example = best
    if level <= 1:
        reach = "reaches" if count == 1 else "reach"
        if state.phase is Phase.CHOOSE_PILOT:
            where = "the right pilot"
        elif len(options) > 1:
            where = f"the right one of the {len(options)} cards on offer"
        else:
            where = "the card on offer"
        text = f"It can be done: with {where}, {_equations(count)} {reach} {target}."
        return Hint(level, text, count)
    choosing = state.phase is Phase.CHOOSE_PILOT
    steps = [f"Choose {pilot_name(pilot)}"] if choosing else []
    if card is not None and (len(options) > 1 or not choosing):
        steps.append(f"draw {card.symbol}")
    if level == 2:
        first = steps[0] if steps else "Draw the card on offer"
        return Hint(level, f"{first[0].upper()}{first[1:]}.", count)
    text = " and ".join(steps) or "Draw the card on offer"
    text = f"{text[0].upper()}{text[1:]}: then {_equations(count)} can reach {target}."
    if level >= 4 and example is not None:
        text += f" For example {example.formula(target=target)} = {target}."
    return Hint(level, text, count)


def hint(state: PilotState | PilotView, level: int = 1, built: Build | None = None) -> Hint:
    """A hint for the current round, from 1 (vaguest) to 4 (a full solution).

    In the Assault step: 1 = solvable or not, and how many solutions; 2 = which pilots to
    use; 3 = the cards on the Starting Pilot; 4 = a whole solution with its explanation.
    Given the equation the learner has ``built`` so far, the hints continue it: they speak
    only of solutions it can still become, or say that it cannot reach the target.
    In the Draw step (or choosing a pilot after the Reveal): which choice keeps it solvable.
    """
    if not isinstance(state, PilotState | PilotView):
        raise ValueError(f"A hint needs an Ace Pilot state or view, not a {type(state).__name__}.")
    if type(level) is not int or level not in (1, 2, 3, 4):
        raise ValueError("Hint levels run from 1 (vaguest) to 4 (a full solution).")
    if built is not None and not isinstance(built, Build):
        raise ValueError(f"The equation built so far is a Build, not a {type(built).__name__}.")
    if state.phase is Phase.ASSAULT:
        return _assault_hint(state, level, built)
    if state.phase is Phase.DRAW or (state.phase is Phase.CHOOSE_PILOT and state.evens):
        return _choice_hint(state, level)
    return Hint(level, "There is no equation to find right now.", 0)
