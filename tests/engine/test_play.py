"""play_out asks whose move it is, lets that seat's bot choose, and refuses illegal choices."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from acelab.engine import Game, IllegalMove, Move, derive_rng, play_out
from tests.engine.toy import Phase, Pile, PileState, Take, take_any, take_most

GAME = Pile()


def rngs(seed: int) -> tuple[random.Random, random.Random]:
    return derive_rng(seed, "bot", 0), derive_rng(seed, "bot", 1)


def test_the_game_is_played_to_its_end_seat_by_seat() -> None:
    played = play_out(GAME, PileState(7, 0, Phase.TAKE), [take_most, take_any], rngs(1))
    assert GAME.is_over(played.state) and played.outcome == played.state.outcome
    assert played.state.pile == 0 and 4 <= played.moves <= 7


def test_the_same_generators_play_the_same_game() -> None:
    first = play_out(GAME, GAME.new_state(3), [take_any, take_any], rngs(3))
    again = play_out(GAME, GAME.new_state(3), [take_any, take_any], rngs(3))
    assert first == again


def test_each_seat_sees_its_own_observation_and_generator() -> None:
    seen: list[tuple[int, int]] = []
    generators = rngs(5)

    def watcher(seat: int):  # type: ignore[no-untyped-def]
        def bot(view: PileState, moves: Sequence[Move], rng: random.Random) -> Move:
            seen.append((seat, view.seat))
            assert rng is generators[seat] and moves == GAME.legal_moves(view)
            return moves[0]

        return bot

    play_out(GAME, PileState(4, 0, Phase.TAKE), [watcher(0), watcher(1)], generators)
    assert seen == [(0, 0), (1, 1), (0, 0), (1, 1)]


def test_a_bot_choosing_an_illegal_move_is_named() -> None:
    def cheat(view: object, moves: Sequence[Move], rng: random.Random) -> Move:
        return Take(3)

    state = PileState(7, 0, Phase.TAKE)
    with pytest.raises(IllegalMove) as info:
        play_out(GAME, state, [take_most, cheat], rngs(1))
    assert info.value.reason == (
        "The bot cheat (seat 1) chose Take(3), which is not a legal move now."
    )
    assert state == PileState(7, 0, Phase.TAKE)


def test_a_game_that_never_ends_is_stopped() -> None:
    with pytest.raises(ValueError, match="did not end within 3 moves"):
        play_out(GAME, PileState(100, 0, Phase.TAKE), [take_most] * 2, rngs(1), max_moves=3)


@pytest.mark.parametrize(
    ("bots", "generators", "words"),
    [
        ([], rngs(1), "one bot per seat"),
        (None, rngs(1), "one bot per seat"),
        ([take_most, 3], rngs(1), "one bot per seat"),
        ([take_most, take_most], rngs(1)[:1], "one random generator per seat"),
        ([take_most, take_most], [1, 2], "one random generator per seat"),
        ([take_most], rngs(1)[:1], "Seat 1 is to move but has no bot"),
    ],
)
def test_bad_arguments_are_refused_in_words(bots: object, generators: object, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        play_out(GAME, PileState(7, 0, Phase.TAKE), bots, generators)  # type: ignore[arg-type]


def test_a_game_that_does_not_say_whose_move_it_is_says_so() -> None:
    class Silent(Pile):
        to_move = Game.to_move

    with pytest.raises(NotImplementedError, match="Silent does not say whose move it is"):
        play_out(Silent(), PileState(7, 0, Phase.TAKE), [take_most] * 2, rngs(1))
