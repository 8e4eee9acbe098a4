"""Every public entry point of Devir's Ace of Spades, fed anything: it answers, or it refuses
with a ``ValueError`` (``IllegalMove`` for moves) and a sentence, and changes nothing."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from acelab.ace_of_spades import (
    AceOfSpades,
    DiscardDraw,
    Modifiers,
    PlayHand,
    TakeFromDiscard,
    UseBenefit,
    best_play,
    bonus,
    damage,
    deciding,
    greedy_bot,
    load_enemies,
    odds,
    poor_hand_allowed,
    random_bot,
    simulate,
    strong_bot,
)
from acelab.ace_of_spades.achievements import earned, earned_from_events, keep, progress
from acelab.ace_of_spades.batch import best_damage_batch
from acelab.ace_of_spades.enemies import check_enemy, modifiers_of
from acelab.ace_of_spades.gestures import interpret
from acelab.ace_of_spades.narrate import combination_name, narrate, symbols
from acelab.ace_of_spades.scoring import best_total, holds, play_from, scoring_subsets
from acelab.ace_of_spades.table_view import (
    TableOptions,
    declarable,
    describe_damage,
    phrases,
    preview,
    spades_table,
)
from acelab.ace_of_spades.validate import check_state
from acelab.engine import IllegalMove, encode, from_json, to_json
from tests.ace_of_spades.helpers import FUZZ, JUNK, answers_or_refuses

GAME = AceOfSpades()
STATE = GAME.new_state(7)
COOP = GAME.new_state(7, players=2)
VIEW = GAME.observation(STATE, 0)

# ---- scoring, the Enemy deck --------------------------------------------------------------------


@FUZZ
@given(JUNK, JUNK, JUNK)
def test_scoring_functions(cards: Any, other: Any, mods: Any) -> None:
    answers_or_refuses(damage, cards, other, mods)
    answers_or_refuses(best_play, cards, other, mods)
    answers_or_refuses(best_total, cards, mods)
    answers_or_refuses(play_from, cards, other, mods)
    answers_or_refuses(holds, cards, mods)
    answers_or_refuses(lambda: list(scoring_subsets(cards, other, mods)))
    answers_or_refuses(poor_hand_allowed, cards, other)
    answers_or_refuses(bonus, cards)
    answers_or_refuses(Modifiers, combination_bonus=cards, value_bonus=other)
    answers_or_refuses(Modifiers, banned=cards, suit_bonus=other, value_as=mods, suit_as=cards)


def test_the_named_bad_calls_refuse_in_words() -> None:
    for value in (None, 0, 14, 1.0, True, "A"):
        with pytest.raises(ValueError, match="card value"):
            bonus(value)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not an Ace of Spades state"):
        GAME.legal_moves(None)  # type: ignore[arg-type]


@FUZZ
@given(JUNK, JUNK)
def test_enemy_functions(value: Any, other: Any) -> None:
    answers_or_refuses(load_enemies, value)
    answers_or_refuses(modifiers_of, value, other)
    answers_or_refuses(check_enemy, value)
    answers_or_refuses(AceOfSpades, value)


ENEMY_FIELDS = ("id", "level", "kind", "name", "life", "benefit", "penalty", "bonus")


@FUZZ
@given(st.integers(0, 11), st.sampled_from(ENEMY_FIELDS), JUNK)
def test_a_damaged_enemy_is_refused(level: int, name: str, value: Any) -> None:
    enemy = replace(STATE.enemies[level], **{name: value})
    answers_or_refuses(check_enemy, enemy)
    answers_or_refuses(
        check_state,
        replace(STATE, enemies=(*STATE.enemies[:level], enemy, *STATE.enemies[level + 1 :])),
    )


# ---- the rules ----------------------------------------------------------------------------------


@FUZZ
@given(JUNK, JUNK, JUNK)
def test_new_state_and_questions(seed: Any, difficulty: Any, players: Any) -> None:
    answers_or_refuses(GAME.new_state, seed)
    answers_or_refuses(GAME.new_state, 1, difficulty=difficulty)
    answers_or_refuses(GAME.new_state, 1, players=players)
    for ask in (GAME.to_move, GAME.legal_moves, GAME.is_over, GAME.outcome, GAME.check_state):
        answers_or_refuses(ask, seed)
    answers_or_refuses(GAME.observation, seed, 0)
    answers_or_refuses(GAME.observation, STATE, players)


MOVES: st.SearchStrategy[Any] = st.one_of(
    st.builds(PlayHand, JUNK, JUNK, JUNK),
    st.builds(DiscardDraw, JUNK),
    st.builds(UseBenefit, JUNK, JUNK),
    st.builds(TakeFromDiscard, JUNK),
    JUNK,
)


@FUZZ
@given(MOVES, st.sampled_from([STATE, COOP]))
def test_any_move_is_played_or_refused_and_changes_nothing(move: Any, state: Any) -> None:
    before = to_json(state)
    str(move)  # a move in words never fails
    try:
        GAME.step(state, move)
    except IllegalMove as error:
        assert error.reason.endswith((".", "!")) and len(error.reason) < 300
        assert GAME.why_illegal(state, move) == error.reason
    assert to_json(state) == before


def test_the_named_malformed_moves_are_refused_in_words() -> None:
    with pytest.raises(IllegalMove, match="Name the cards to play"):
        GAME.apply(STATE, PlayHand(cards=2))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="A♣ is not in your hand"):
        GAME.apply(STATE, PlayHand(cards=("AC",), declare=5))  # type: ignore[arg-type]
    held = str(STATE.hands[0][0])
    with pytest.raises(IllegalMove, match="5 is not a combination to declare"):
        GAME.apply(STATE, PlayHand(cards=(held,), declare=5))  # type: ignore[arg-type]
    for declare in (10**5000, "pair" * 30):
        with pytest.raises(IllegalMove, match=r"^that is not a combination to declare"):
            GAME.apply(STATE, PlayHand(cards=(held,), declare=declare))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match=r"^No beaten Henchman called that has a benefit"):
        GAME.apply(STATE, UseBenefit("henchman" * 10))
    over = replace(STATE, phase=STATE.phase.OVER)
    with pytest.raises(IllegalMove, match="cannot play those cards now"):
        GAME.apply(replace(over, outcome=GAME.outcome(STATE)), PlayHand(cards=2))  # type: ignore[arg-type]


SAVE_FIELDS = (
    "seed",
    "difficulty",
    "players",
    "level",
    "life",
    "hands_dial",
    "discards_dial",
    "deck",
    "discard",
    "hands",
    "scene_dials",
    "shared",
    "turn",
    "benefits",
    "joker_in_play",
    "phase",
    "searching",
    "boost",
    "shuffles",
    "outcome",
)


def _tampered(state: Any, path: tuple[Any, ...], value: Any) -> str:
    document = json.loads(to_json(state, GAME))
    where = document["value"]["fields"]
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return json.dumps(document)


def _plays_on(state: Any) -> None:
    """A loaded state answers every question and takes its legal moves."""
    GAME.observation(state, 0)
    GAME.to_move(state)
    moves = GAME.legal_moves(state)
    for move in list(moves)[:3]:
        GAME.apply(state, move)


@FUZZ
@given(st.sampled_from(SAVE_FIELDS), JUNK)
def test_a_tampered_save_is_refused_or_plays_on(name: str, value: Any) -> None:
    try:
        data = encode(value)
    except TypeError:
        data = None
    try:
        state = from_json(GAME, _tampered(STATE, (name,), data))
    except ValueError:
        return
    _plays_on(state)


ENEMY_PATHS = ("penalty", "benefit", "bonus", "life", "level", "id", "name", "kind")


@FUZZ
@given(
    st.integers(0, 11), st.sampled_from(ENEMY_PATHS), st.sampled_from([None, 0, -1, "x", [], {}])
)
def test_a_tampered_enemy_in_a_save_is_refused_or_plays_on(
    level: int, name: str, value: Any
) -> None:
    path = ("enemies", "$tuple", level, "fields", name)
    try:
        state = from_json(GAME, _tampered(STATE, path, value))
    except ValueError:
        return
    _plays_on(state)


def test_the_named_tampered_save_is_refused() -> None:
    villain = next(e.level for e in STATE.enemies if e.penalty)
    text = _tampered(STATE, ("enemies", "$tuple", villain, "fields", "penalty"), None)
    with pytest.raises(ValueError, match="damaged"):
        from_json(GAME, text)


# ---- bots and simulations -----------------------------------------------------------------------


def _one_game_at_most(games: Any) -> Any:
    """``games`` when it is refused; 1 when it is a count that would be played."""
    return 1 if type(games) is int and 1 <= games <= 100_000 else games


@FUZZ
@given(JUNK, JUNK, JUNK)
def test_bots_and_simulate(view: Any, moves: Any, rng: Any) -> None:
    for bot in (random_bot, greedy_bot, strong_bot):
        answers_or_refuses(bot, view, moves, rng)
        answers_or_refuses(bot, VIEW, moves, random.Random(0))
    answers_or_refuses(simulate, view, games=1)
    answers_or_refuses(simulate, "greedy", games=_one_game_at_most(moves))
    answers_or_refuses(simulate, "greedy", games=1, seed=rng)
    answers_or_refuses(simulate, "greedy", games=1, difficulty=view, players=moves)
    answers_or_refuses(simulate, "greedy", games=1, game=rng)


# ---- analysis: odds, deciding, the batch scorer, achievements ------------------------------------


NOT_JOKERS = JUNK.filter(lambda v: not (type(v) is int and v in (0, 1)))


@FUZZ
@given(NOT_JOKERS, JUNK)
def test_odds(value: Any, other: Any) -> None:
    for count in (odds.best_damage_counts, odds.hands_counted, odds.damage_distribution):
        answers_or_refuses(count, value)
    answers_or_refuses(odds.expected_damage, value)
    answers_or_refuses(odds.chance_to_deal, value, other)


@FUZZ
@given(JUNK, JUNK, JUNK, JUNK)
def test_deciding(hand: Any, thrown: Any, unseen: Any, other: Any) -> None:
    answers_or_refuses(deciding.unseen_cards, hand, other)
    answers_or_refuses(deciding.best_totals, hand, other)
    answers_or_refuses(deciding.damage_after_discard, hand, thrown, unseen, other)
    answers_or_refuses(deciding.expected_damage, hand, thrown, unseen, other)
    answers_or_refuses(deciding.chance_to_improve, hand, thrown, unseen, other)
    answers_or_refuses(deciding.sampled_damage, hand, thrown, unseen, other, random.Random(0))
    answers_or_refuses(best_damage_batch, hand, other)


class _Store:
    """A progress store that keeps nothing."""

    def earn(self, game: str, achievement: str, detail: str = "") -> bool:
        return True

    def achievements(self, game: str | None = None) -> list[Any]:
        return []


_STORE = _Store()


@FUZZ
@given(JUNK, JUNK, JUNK)
def test_achievements(events: Any, difficulty: Any, players: Any) -> None:
    answers_or_refuses(earned_from_events, events, difficulty, players)
    answers_or_refuses(earned, GAME, events, difficulty)
    answers_or_refuses(earned, GAME, 1, [], difficulty, players)
    answers_or_refuses(keep, events, {})
    answers_or_refuses(keep, _STORE, events)
    answers_or_refuses(progress, events)


# ---- words and the table ------------------------------------------------------------------------


@FUZZ
@given(JUNK, JUNK, JUNK)
def test_words_and_the_table(value: Any, other: Any, more: Any) -> None:
    answers_or_refuses(narrate, value, other)
    answers_or_refuses(combination_name, value)
    answers_or_refuses(describe_damage, value)
    answers_or_refuses(symbols, value)
    answers_or_refuses(preview, VIEW, value, other)
    answers_or_refuses(preview, value, other)
    answers_or_refuses(declarable, VIEW, value)
    answers_or_refuses(phrases, value)
    answers_or_refuses(spades_table, value, TableOptions())
    answers_or_refuses(spades_table, VIEW, value)
    answers_or_refuses(interpret, value, VIEW, more)
    answers_or_refuses(interpret, value, other, more)
