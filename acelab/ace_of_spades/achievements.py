"""The rulebook's twenty achievements, read off a game's record (its moves and their events).

:func:`earned` replays a game and says which achievements it earned, each with a detail;
:func:`keep` records them in the progress store (:mod:`acelab.store`), so they last across
games and notebooks; :func:`progress` lists all twenty with what has been earned. "Let Tongues
Wag" (a photo posted on social media) cannot be seen by a program and is listed as not
trackable. "The Fastest in the West" uses the clock readings the panel puts on its moves
(``PlayHand.at``): Lord Overkill beaten within 169 seconds — the song — of being revealed.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, Protocol

from acelab.ace_of_spades.enemies import DIFFICULTIES
from acelab.ace_of_spades.events import (
    BenefitUsed,
    Defeated,
    GameWon,
    HandPlayed,
    Renewed,
    Revealed,
)
from acelab.ace_of_spades.moves import SpadesMove
from acelab.ace_of_spades.rules import AceOfSpades
from acelab.ace_of_spades.state import SCENES, SONG_SECONDS
from acelab.engine import Event
from acelab.engine.cards import JOKER, parse_card
from acelab.engine.terms import shown

__all__ = ["ACHIEVEMENTS", "Achievement", "earned", "earned_from_events", "keep", "progress"]

GAME_NAME: Final = AceOfSpades.name
_ACE_OF_SPADES: Final = parse_card("AS")
_DIAL_KINDS: Final = frozenset({"extra_hands", "extra_discards", "next_hand_bonus"})


@dataclass(frozen=True)
class Achievement:
    """One achievement of the rulebook: its id, name, tier and what it asks."""

    id: str
    name: str
    tier: str
    description: str
    trackable: bool = True


ACHIEVEMENTS: Final[tuple[Achievement, ...]] = (
    Achievement("lonesome_cowboy", "Lonesome Cowboy", "bronze", "Win a match in solitaire mode"),
    Achievement("double_trouble", "Double Trouble", "bronze", "Win a match in cooperative mode"),
    Achievement("initiation_rite", "Initiation Rite", "bronze", "Win at easy level"),
    Achievement("voodoo_magic", "Voodoo Magic", "bronze", "Use 3 bonuses in a single duel"),
    Achievement(
        "let_tongues_wag",
        "Let Tongues Wag",
        "bronze",
        "Post a picture of yourself playing Ace of Spades on social media (not trackable here)",
        trackable=False,
    ),
    Achievement("good_work", "Good Work", "silver", "Win a game at normal level"),
    Achievement("that_hurt", "That Hurt", "silver", "Deal more than 20 damage in a single blow"),
    Achievement(
        "back_like_a_bad_penny",
        "Back Like a Bad Penny",
        "silver",
        "Renew the deck twice in a single battle",
    ),
    Achievement(
        "last_breath",
        "Last Breath",
        "silver",
        "Leave a Villain with exactly 1 life point after an attack",
    ),
    Achievement(
        # the rulebook's "Blow His Brains Out", renamed for 11-16 year olds (the rules page
        # keeps the rulebook's name)
        "blow_his_brains_out",
        "One-Hit Wonder",
        "silver",
        "Kill an Enemy with a single attack",
    ),
    Achievement("tough_guy", "Tough Guy", "gold", "Win a game at difficult level"),
    Achievement(
        "dust_to_dust",
        "Dust to Dust, and You Dusted Him",
        "gold",
        "Kill a Villain with a single attack",
    ),
    Achievement(
        "stairway_to_hell",
        "Stairway To Hell",
        "gold",
        "Play a Straight Flush that includes the Ace of Spades",
    ),
    Achievement(
        "kicking_like_an_angry_mule",
        "Kicking like an Angry Mule",
        "gold",
        "Deal more than 30 damage in a single blow",
    ),
    Achievement(
        "wear_an_ace",
        "Wear an Ace",
        "gold",
        "Play a natural Four of a Kind of Aces (no wild card, no card counting as an Ace)",
    ),
    Achievement("ace_of_spades", "Ace Of Spades", "diamond", "Win a game at nightmare level"),
    Achievement(
        "fastest_in_the_west",
        "The Fastest in the West",
        "diamond",
        f"Beat Lord Overkill within {SONG_SECONDS} seconds (the song) of revealing him",
    ),
    Achievement(
        "two_birds_with_one_stone",
        "Two Birds with One Stone",
        "diamond",
        "Beat Lord Overkill with the Ace of Spades and the Joker as the Ace of Spades",
    ),
    Achievement(
        "so_many_who_need_shooting",
        "So Many Who Need Shooting and So Few Bullets",
        "diamond",
        "Kill every Enemy of one scene with exactly the damage it had left",
    ),
    Achievement("ace_in_the_hole", "Ace in the Hole", "diamond", "Play Five of a Kind of Aces"),
)
_BY_ID: Final = {a.id: a for a in ACHIEVEMENTS}
_WINS: Final = {
    "easy": "initiation_rite",
    "normal": "good_work",
    "hard": "tough_guy",
    "nightmare": "ace_of_spades",
}


class _Duel:
    """What happened in one duel (one Enemy), for the per-duel achievements."""

    def __init__(self, level: int) -> None:
        self.level = level
        self.bonuses: set[str] = set()
        self.renews = 0


def _hand_achievements(hit: HandPlayed, villain: bool, found: dict[str, str]) -> None:
    shown = " ".join(c.symbol for c in hit.cards)
    if hit.damage > 20:
        found.setdefault("that_hurt", f"{hit.damage} damage with {shown}")
    if hit.damage > 30:
        found.setdefault("kicking_like_an_angry_mule", f"{hit.damage} damage with {shown}")
    if villain and hit.life_after == 1:
        found.setdefault("last_breath", "a Villain left with 1 life point")
    stand_ins = iter(hit.jokers_as)
    scoring = [next(stand_ins, JOKER) if c.is_joker else c for c in hit.scoring]
    if hit.combination == "straight_flush" and _ACE_OF_SPADES in scoring:
        found.setdefault("stairway_to_hell", f"a straight flush: {shown}")
    aces = all(c.rank is not None and c.rank.value == 1 for c in scoring)
    if hit.combination == "four_of_a_kind" and aces and not any(c.is_joker for c in hit.scoring):
        found.setdefault("wear_an_ace", f"four Aces: {shown}")
    if hit.combination == "five_of_a_kind" and aces:
        found.setdefault("ace_in_the_hole", f"five Aces: {shown}")


class _Tally:
    """The achievements a game's events have earned so far, and what later events need to
    know: the duel going on, which levels fell exactly, the last Hand, Lord Overkill's reveal."""

    def __init__(self, difficulty: str, players: int) -> None:
        self.difficulty, self.players = difficulty, players
        self.found: dict[str, str] = {}
        self.duel = _Duel(0)
        self.exact_by_level: dict[int, bool] = {}
        self.last_hit: HandPlayed | None = None
        self.lord_revealed_at: float | None = None

    def revealed(self, event: Revealed) -> None:
        self.duel = _Duel(event.level)
        self.duel.bonuses.update(event.dial_bonuses)
        if event.level == 11:
            self.lord_revealed_at = event.at

    def hand_played(self, event: HandPlayed) -> None:
        self.last_hit = event
        self.duel.bonuses.update(b for b in event.bonuses if b != "boost")
        _hand_achievements(event, self.duel.level in (3, 6, 9), self.found)

    def benefit_used(self, event: BenefitUsed) -> None:
        if _DIAL_KINDS & set(event.kinds):
            self.duel.bonuses.add(event.enemy)

    def renewed(self, event: Renewed) -> None:
        self.duel.renews += 1
        if self.duel.renews >= 2:
            self.found.setdefault(
                "back_like_a_bad_penny", f"two renews against level {self.duel.level}"
            )

    def defeated(self, event: Defeated) -> None:
        self.exact_by_level[event.level] = event.exact
        if event.one_blow:
            self.found.setdefault("blow_his_brains_out", f"level {event.level} in one attack")
            if event.villain:
                self.found.setdefault("dust_to_dust", f"the Villain of level {event.level}")

    def game_won(self, event: GameWon) -> None:
        difficulty, found = self.difficulty, self.found
        cowboy = "lonesome_cowboy" if self.players == 1 else "double_trouble"
        found.setdefault(cowboy, f"won on {difficulty}")
        found.setdefault(_WINS[difficulty], f"won on {difficulty}")
        if event.at is not None and self.lord_revealed_at is not None:
            seconds = event.at - self.lord_revealed_at
            if 0 <= seconds <= SONG_SECONDS:
                found.setdefault("fastest_in_the_west", f"Lord Overkill beaten in {seconds:.0f} s")
        hit = self.last_hit
        if (
            hit is not None
            and _ACE_OF_SPADES in hit.scoring
            and JOKER in hit.scoring
            and _ACE_OF_SPADES in hit.jokers_as
        ):
            found.setdefault("two_birds_with_one_stone", "A♠ and the Joker as A♠")

    def after_each(self) -> None:
        bonuses = self.duel.bonuses
        if len(bonuses) >= 3:
            self.found.setdefault(
                "voodoo_magic", f"{len(bonuses)} bonuses against level {self.duel.level}"
            )

    def at_the_end(self) -> None:
        for number, levels in enumerate(SCENES, start=1):
            if all(self.exact_by_level.get(level) for level in levels):
                self.found.setdefault("so_many_who_need_shooting", f"every Enemy of scene {number}")


_READ: Final[dict[type[Event], Callable[[_Tally, Any], None]]] = {
    Revealed: _Tally.revealed,
    HandPlayed: _Tally.hand_played,
    BenefitUsed: _Tally.benefit_used,
    Renewed: _Tally.renewed,
    Defeated: _Tally.defeated,
    GameWon: _Tally.game_won,
}
"""What each kind of event tells the tally; the others tell it nothing."""


def earned_from_events(events: Iterable[Event], difficulty: str, players: int) -> dict[str, str]:
    """The achievements (id → detail) that a game's events earn, in the order they happen."""
    if isinstance(events, str) or not isinstance(events, Iterable):
        raise ValueError("Give the events of a game, as a list.")
    events = list(events)
    if not all(isinstance(e, Event) for e in events):
        raise ValueError("Give the events of a game, as a list.")
    if not isinstance(difficulty, str) or difficulty not in DIFFICULTIES:
        raise ValueError(f"The difficulty is one of {', '.join(DIFFICULTIES)}.")
    if type(players) is not int or players not in (1, 2):
        raise ValueError("Ace of Spades is played by 1 or 2 players.")
    tally = _Tally(difficulty, players)
    for event in events:
        read = _READ.get(type(event))
        if read is not None:
            read(tally, event)
        tally.after_each()
    tally.at_the_end()
    return tally.found


def earned(
    game: AceOfSpades,
    seed: int | str,
    moves: Sequence[SpadesMove],
    difficulty: str = "normal",
    players: int = 1,
) -> dict[str, str]:
    """Replay a game from its seed and moves; the achievements it earned (id → detail)."""
    if not isinstance(game, AceOfSpades):
        raise ValueError("game is the rules of the game, AceOfSpades().")
    if isinstance(moves, str) or not isinstance(moves, Iterable):
        raise ValueError("Give the moves of the game, as a list.")
    state = game.new_state(seed, difficulty=difficulty, players=players)
    events: list[Event] = []
    for move in moves:
        step = game.step(state, move)
        state = step.state
        events.extend(step.events)
    return earned_from_events(events, difficulty, players)


class _Store(Protocol):
    def earn(self, game: str, achievement: str, detail: str = "") -> bool: ...

    def achievements(self, game: str | None = None) -> list[Any]: ...


def _check_store(store: object) -> None:
    if not all(callable(getattr(store, name, None)) for name in ("earn", "achievements")):
        raise ValueError("Give the progress store that keeps achievements: open_store().")


def keep(store: _Store, found: dict[str, str]) -> list[Achievement]:
    """Record the achievements in the progress store; the ones newly earned."""
    _check_store(store)
    if not isinstance(found, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in found.items()
    ):
        raise ValueError("Give the achievements as earned() gives them: ids and details.")
    new = []
    for ident, detail in found.items():
        if ident not in _BY_ID:
            raise ValueError(f"{shown(ident)} is not an Ace of Spades achievement.")
        if store.earn(GAME_NAME, ident, detail):
            new.append(_BY_ID[ident])
    return new


@dataclass(frozen=True)
class Progress:
    """One achievement and whether (and how) the learner has earned it."""

    achievement: Achievement
    earned: bool
    detail: str = ""

    def __str__(self) -> str:
        a = self.achievement
        mark = "✓" if self.earned else ("—" if not a.trackable else "·")
        note = f" ({self.detail})" if self.detail else ""
        return f"{mark} {a.tier:8} {a.name}: {a.description}{note}"


def progress(store: _Store) -> list[Progress]:
    """All twenty achievements, in the rulebook's order, with those earned so far."""
    _check_store(store)
    got = {a.achievement: a.detail for a in store.achievements(GAME_NAME)}
    return [Progress(a, a.id in got, got.get(a.id, "")) for a in ACHIEVEMENTS]
