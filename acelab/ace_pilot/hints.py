"""Graded hints for the current round of Ace Pilot (cheap enough to run on every click)."""

from __future__ import annotations

from dataclasses import dataclass

from acelab.ace_pilot.builder import Build
from acelab.ace_pilot.equation import Equation, pilot_name
from acelab.ace_pilot.rules import Phase, PilotState, PilotView
from acelab.ace_pilot.solver import solve
from acelab.cards import Card, Suit

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


def _names(pilots: list[Suit]) -> str:
    names = [pilot_name(p) for p in pilots]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


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
        many = "one equation reaches" if count == 1 else f"{count} equations reach"
        return Hint(level, f"It can be done: {many} {target}.", count)
    if level == 2:
        return Hint(level, f"Use {_names(list(best.suits))}, in that order.", count)
    group = best.group(start)
    cards = ", ".join(str(v) for v in group.values) if group is not None else ""
    if level == 3:
        text = f"Put {cards} on {pilot_name(start)}, the Starting Pilot, in that order."
        return Hint(level, text, count)
    return Hint(level, f"{best}: {best.explain(target)}", count, best)


def _choice_hint(state: PilotState | PilotView, level: int) -> Hint:
    target = state.target
    pilots = [state.assault] if state.assault is not None else list(state.ready)
    options = draw_options(state)
    best: tuple[int, Suit, Card | None] | None = None
    for pilot in pilots:
        ready = tuple(p for p in state.ready if p is not pilot)
        for card in options or (None,):
            hand = state.hand_values + ((card.value,) if card is not None else ())
            count = len(solve(hand, target, pilot, ready))
            if best is None or count > best[0]:
                best = (count, pilot, card)
    if best is None or best[0] == 0:
        return Hint(level, f"No choice here lets an equation reach {target}.", 0)
    count, pilot, card = best
    if level <= 1:
        return Hint(level, f"A good choice here lets you reach {target}.", count)
    parts = []
    if state.phase is Phase.CHOOSE_PILOT:
        parts.append(f"choose {pilot_name(pilot)}")
    if card is not None and len(options) > 1:
        parts.append(f"draw the {card}")
    text = " and ".join(parts).capitalize() or "Draw"
    return Hint(level, f"{text}: that leaves {count} equation(s) reaching {target}.", count)


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
