"""Fuzz every public function of a game package and every public method of its panel: each
call must return, or refuse with ``ValueError`` (``IllegalMove`` for moves) and one sentence,
and a refusal changes nothing.

``tests/conformance/test_fuzz.py`` runs it under hypothesis; ``benchmarks/fuzz_conformance.py``
runs the same calls and prints their counts and how many took over 50 ms.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import signal
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from acelab.engine import Game, Move, from_json, to_json
from acelab.engine.cards import JOKER, Card, Rank, Suit, parse_card
from acelab.widgets.panel import Panel
from tests.conformance.games import ADAPTERS
from tests.conformance.play import random_games

LAYOUT = ("state", "moves", "events", "rules", "validate", "narrate", "bots")
LAYOUT += ("table_view", "gestures")
"""The modules every game has (issue 15's one layout) whose public functions are fuzzed,
besides what the package itself exports."""

HOOKS = ("after_move", "bot_move", "describe", "needs_screen", "restore_snapshot", "seat_name")
"""Panel methods that the panel base calls with what it holds (a seat to move, the move just
applied, what it snapshot): a game provides them; nobody else calls them."""

SLOW = 0.05
"""A call should answer within 50 ms (counted, not asserted: wall clocks vary)."""
STOP = 10.0
"""A call still running after this many seconds is stopped and counted as a failure."""


def _deep(depth: int) -> Any:
    value: Any = []
    for _ in range(depth):
        value = [value]
    return value


class _Opaque:
    """An object of no type a game knows."""

    def __repr__(self) -> str:
        return "<opaque>"


WILD = st.one_of(
    st.none(),
    st.booleans(),
    st.sampled_from([0, 1, -1, 2, 5, 52, -(10**9), 10**18 + 1, 10**30, -(2**63), 2**64]),
    st.integers(-(10**40), 10**40),
    st.sampled_from([float("nan"), float("inf"), float("-inf"), -1.5, 1e300, 0.0]),
    st.text(max_size=20),
    st.sampled_from(["", "AS", "S7", "H4", "JK", "Duke", "H", "0", "-1", "x" * 10_000, "🂡"]),
    st.recursive(
        st.none() | st.integers(-3, 60) | st.text(max_size=3),
        lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner),
        max_leaves=8,
    ),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=3),
    st.sampled_from(
        [
            _Opaque(),
            Suit.HEARTS,
            Rank.ACE,
            JOKER,
            parse_card("KC"),
            b"AS",
            Fraction(1, 3),
            complex(1, 1),
            range(3),
            {1, 2},
            _deep(50),
            lambda *args: None,
            Card,
        ]
    ),
)
"""Arguments of the wrong type and wild values: None, text, huge and negative numbers,
nested lists, objects."""


COUNTS = st.sampled_from([None, 0, -1, 100_001, 10**30, 1.5, "7", True, [3]])
"""Wild values for a parameter named ``games``: never a valid count, for a valid count of
games is a real simulation (seconds), not bad input."""


def real_values(name: str) -> list[Any]:
    """Well-formed values of the game ``name``: states, observations, legal moves, card
    tokens, seats, so that wild arguments meet real ones."""
    adapter = ADAPTERS[name]
    game = adapter.game
    found: list[Any] = []
    for played in random_games(name, 3):
        for state in (played.states[0], played.states[len(played.states) // 2]):
            seat = game.to_move(state) or 0
            found += [state, game.observation(state, seat), *list(game.legal_moves(state))[:3]]
            found += sorted(adapter.cards(state))[:4]
        found += list(played.events[:3])
    return [*found, 0, 1, 2, 3, "normal", "hard", True, False]


@dataclass(frozen=True)
class Target:
    """One public callable: ``label`` says where it lives; ``panel`` is True for a panel
    method (``call`` then takes the panel first)."""

    label: str
    call: Callable[..., Any]
    panel: bool = False


def _public(module: Any) -> Iterator[tuple[str, Any]]:
    for attribute in getattr(module, "__all__", ()):
        value = getattr(module, attribute)
        if inspect.ismodule(value) or not callable(value):
            continue
        if inspect.isfunction(value) or (isinstance(value, type) and _built(value)):
            yield attribute, value


def _built(cls: type) -> bool:
    """Is ``cls`` a class whose values callers build? Not an exception (raised), an Enum
    (looked up by Python), a Protocol or a Game (fuzzed by its methods)."""
    if issubclass(cls, BaseException | Game | enum.Enum):
        return False
    return not getattr(cls, "_is_protocol", False)


def targets(name: str) -> list[Target]:
    """Every public function and class of the game ``name`` (its package's exports and the
    layout modules'), every public method of its Game, and of its panel."""
    found: dict[str, Target] = {}
    seen: set[int] = set()
    for module_name in ("", *(f".{m}" for m in LAYOUT)):
        module = importlib.import_module(f"acelab.{name}{module_name}")
        for attribute, value in _public(module):
            if id(value) not in seen:
                seen.add(id(value))
                where = module.__name__.removeprefix(f"acelab.{name}").lstrip(".") or name
                found[f"{where}.{attribute}"] = Target(f"{where}.{attribute}", value)
    found = {label: t for label, t in found.items() if label not in ADAPTERS[name].skip}
    game = ADAPTERS[name].game
    for attribute in _methods(game):
        found[f"Game.{attribute}"] = Target(f"Game.{attribute}", getattr(game, attribute))
    for attribute in [m for m in _methods(new_panel(name)) if m not in HOOKS]:
        call = getattr(type(new_panel(name)), attribute)
        found[f"panel.{attribute}"] = Target(f"panel.{attribute}", call, panel=True)
    return sorted(found.values(), key=lambda target: target.label)


def _methods(instance: object) -> list[str]:
    return [
        attribute
        for attribute in dir(instance)
        if not attribute.startswith("_")
        and inspect.ismethod(getattr(instance, attribute))
        and not isinstance(inspect.getattr_static(instance, attribute), property)
    ]


def new_panel(name: str) -> Any:
    """A panel of ``name`` on a fixed seed, kept out of the progress store."""
    module = importlib.import_module(f"acelab.{name}.panel")
    (panel_class,) = [v for v in vars(module).values() if isinstance(v, type) and _is_panel(v)]
    return panel_class(**ADAPTERS[name].panel)


def _is_panel(cls: type) -> bool:
    return cls.__module__.endswith(".panel") and issubclass(cls, Panel) and cls is not Panel


@st.composite
def arguments(
    draw: Any, name: str, target: Target, real: list[Any]
) -> tuple[list[Any], dict[str, Any]]:
    """Positional and keyword arguments for ``target``, as many as it takes."""
    value = st.one_of(WILD, st.sampled_from(real))
    try:
        signature = inspect.signature(target.call)
    except (TypeError, ValueError):
        return [draw(value) for _ in range(draw(st.integers(0, 2)))], {}
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    parameters = list(signature.parameters.values())
    if target.panel:
        parameters = parameters[1:]  # self
    for parameter in parameters:
        required = parameter.default is inspect.Parameter.empty
        kind = parameter.kind
        if parameter.name == "games":
            kwargs["games"] = draw(COUNTS)
            continue
        if kind is parameter.VAR_POSITIONAL:
            args += [draw(value) for _ in range(draw(st.integers(0, 2)))]
        elif kind is parameter.VAR_KEYWORD:
            if draw(st.booleans()):
                kwargs[draw(st.sampled_from(["colour", "size", "x"]))] = draw(value)
        elif kind is parameter.KEYWORD_ONLY:
            if required or draw(st.booleans()):
                kwargs[parameter.name] = draw(value)
        elif required or draw(st.booleans()):
            if kwargs or (not required and draw(st.booleans())):
                kwargs[parameter.name] = draw(value)
            else:
                args.append(draw(value))
    return args, kwargs


@dataclass(frozen=True)
class Result:
    """What one call did: ``kind`` is "returned", "refused", "time-out" (stopped after
    :data:`STOP` seconds) or "other" (anything else: an exception of another type, a refusal
    without a sentence, a change made by a refusal, a panel left unable to play on);
    ``detail`` says which."""

    kind: str
    detail: str
    seconds: float


class _Stopped(BaseException):
    """Raised into a call that runs for more than :data:`STOP` seconds."""


@contextmanager
def _stop_after(seconds: float) -> Iterator[None]:
    def stop(signum: int, frame: Any) -> None:
        raise _Stopped

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def a_sentence(error: BaseException) -> bool:
    text = str(error)
    return bool(text) and text.endswith((".", "!", "?")) and len(text) < 400


def call(name: str, target: Target, args: list[Any], kwargs: dict[str, Any]) -> Result:
    """Make the call and judge it."""
    game = ADAPTERS[name].game
    state_type = type(game.new_state(1))
    panel = new_panel(name) if target.panel else None
    states = [a for a in (*args, *kwargs.values()) if type(a) is state_type]
    before = [to_json(s, game) for s in states]
    panel_before = to_json(panel.state, game) if panel is not None else ""
    start = time.perf_counter()
    seconds = None
    try:
        with _stop_after(STOP):
            if panel is not None:
                value = target.call(panel, *args, **kwargs)
            else:
                value = target.call(*args, **kwargs)
            seconds = time.perf_counter() - start
            if panel is None:
                _use(name, value)
    except _Stopped:
        return Result("time-out", f"still running after {STOP:g} s", STOP)
    except ValueError as error:
        if not a_sentence(error):
            detail = f"refused without a sentence: {str(error)[:100]!r}"
            return Result("other", detail, _since(start, seconds))
        kind, value = "refused", False
    except Exception as error:
        detail = f"{type(error).__name__}: {str(error)[:100]}"
        if seconds is not None:
            detail = f"what it returned fails: {detail}"
        return Result("other", detail, _since(start, seconds))
    else:
        kind = "returned"
    seconds = _since(start, seconds)
    if [to_json(s, game) for s in states] != before:
        return Result("other", "a state given as an argument changed", seconds)
    if panel is not None:
        problem = _panel_problem(name, panel, panel_before, refused=value is False)
        if problem:
            return Result("other", problem, seconds)
    return Result(kind, "", seconds)


def _since(start: float, seconds: float | None) -> float:
    return time.perf_counter() - start if seconds is None else seconds


def _use(name: str, value: Any) -> None:
    """What a caller does with what it got: a move is said and played (it must then be
    refused as an IllegalMove, or apply); a state is checked, saved and loaded."""
    game = ADAPTERS[name].game
    if isinstance(value, Move):
        str(value)
        for played in random_games(name, 1):
            game.step(played.states[0], value)
    elif type(value) is type(game.new_state(1)):
        game.check_state(value)
        from_json(game, to_json(value, game))


def _panel_problem(name: str, panel: Any, before: str, refused: bool) -> str:
    """Why ``panel`` cannot play on after a call (or a refusal changed it); "" when it can."""
    game = ADAPTERS[name].game
    try:
        game.check_state(panel.state)
        panel.table_view()
        panel.refresh()
    except Exception as error:
        return f"the panel cannot play on: {type(error).__name__}: {str(error)[:100]}"
    if refused and to_json(panel.state, game) != before:
        return "a refusal changed the panel's state"
    return ""


def run(
    name: str, target: Target, examples: int, judge: Callable[[Result], None], explore: bool = False
) -> None:
    """Make ``examples`` calls of ``target`` with arguments drawn by hypothesis, handing each
    result to ``judge`` (which may assert). The same calls every run unless ``explore``."""
    real = real_values(name)

    @settings(
        max_examples=examples,
        database=None,
        deadline=None,
        derandomize=not explore,
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def one_call(data: st.DataObject) -> None:
        args, kwargs = data.draw(arguments(name, target, real))
        judge(call(name, target, args, kwargs))

    one_call()
