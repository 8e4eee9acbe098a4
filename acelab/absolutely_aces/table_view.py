"""The Absolutely Aces table, pure: a player's view (and the tree, if asked) → a ``TableView``.

Zones, top to bottom: the opponent's hand (face down during the secret pick, open once both
picks are shown); the Reserves, the discards and the two cards
sitting out (face down); your hand. Every card says its number, name and suit, what it blocks
and what blocks it. On your go the cards that may answer are ringed and the others greyed; the
Pairs you may play are buttons. With the tree shown, each move carries its exact value for you
("win 7", "lose 3", "loop"); at the secret pick, each card of your hand carries how often the
equilibrium of the hidden-hands game picks it and what it is worth on average against the
other player's equilibrium pick ("29% · +1.4").

In a hot seat (two people at one device) the panel passes ``pass_to``, the name of the player
the device goes to next: the table then shows no hand at all, only the button "I am Player 2 —
show my cards".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from fractions import Fraction
from html import escape
from typing import Any, Final

from acelab.absolutely_aces.card_set import CARDS, CardSet
from acelab.absolutely_aces.moves import AcesMove, Play, PlayPair
from acelab.absolutely_aces.narrate import check_names, why_won
from acelab.absolutely_aces.state import AcesView, Phase
from acelab.engine import expect, what_kind
from acelab.engine.terms import cut
from acelab.widgets.view_model import BACK, SMALL, CardSpot, Control, TableView, Zone

__all__ = [
    "NEW",
    "PAIR",
    "REVEAL",
    "TREE",
    "TableOptions",
    "aces_table",
    "card_faces",
    "ending",
    "move_badge",
    "pick_badge",
    "prompt",
    "table",
]

PAIR: Final = "pair:"
TREE: Final = "tree"
NEW: Final = "new"
REVEAL: Final = "reveal"


def card_faces(cards: CardSet = CARDS) -> dict[str, str]:
    """An SVG face for each card (keyed by its code) and a back: number, suit, type, and the
    types it blocks, one a line, large enough to read at the panel's card size."""
    expect(cards, CardSet, "the card table (a CardSet)")
    faces = {}
    for card in cards.cards:
        colour = "#c62828" if card.suit == "Hearts" else "#212121"
        symbol = "♥" if card.suit == "Hearts" else "♠"
        blocks = cards.blocked_types(card.type) or ("nothing",)
        lines = "".join(
            f'<text x="50" y="{67 + 12 * i}" font-size="12" text-anchor="middle" fill="#333">'
            f"{escape(kind)}</text>"
            for i, kind in enumerate(blocks)
        )
        faces[card.code] = (
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" aria-hidden="true">'
            '<rect x="1" y="1" width="98" height="138" rx="8" fill="#fffdf8" stroke="#9e9e9e"/>'
            f'<text x="8" y="24" font-size="22" font-weight="bold" fill="{colour}">'
            f"{card.number}{symbol}</text>"
            f'<text x="50" y="42" font-size="15" font-weight="bold" text-anchor="middle"'
            f' fill="{colour}">{escape(card.type)}</text>'
            '<line x1="12" y1="47" x2="88" y2="47" stroke="#ccc"/>'
            '<text x="50" y="55" font-size="9" text-anchor="middle" fill="#555">blocks</text>'
            f"{lines}</svg>"
        )
    faces[BACK] = (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 140" aria-hidden="true">'
        '<rect x="1" y="1" width="98" height="138" rx="8" fill="#37474f"/></svg>'
    )
    return faces


def move_badge(value: int, you: int) -> str:
    """A move's exact value for ``you`` in words: ``"win 7"``, ``"lose 3"``, ``"loop"``."""
    if type(value) is not int or type(you) is not int or you not in (0, 1):
        raise ValueError("A badge is a whole number of points for player 0 or 1.")
    mine = value if you == 0 else -value
    if mine > 0:
        return f"win {mine}"
    if mine < 0:
        return f"lose {-mine}"
    return "loop"


def pick_badge(chance: Fraction, value: Fraction) -> str:
    """A card at the secret pick: how often the equilibrium picks it and its average value for
    you, ``"29% · +1.4"``, short enough for one line under the card (``"never"``, ``"always"``;
    a chance under 1% but not 0 is ``"<1%"``)."""
    for number in (chance, value):
        if isinstance(number, bool) or not isinstance(number, Fraction | int):
            raise ValueError(f"A chance and a value are fractions, not {what_kind(number)}.")
    if not 0 <= chance <= 1:
        raise ValueError("A chance is a fraction from 0 to 1.")
    if chance == 0:
        often = "never"
    elif chance == 1:
        often = "always"
    else:
        percent = round(100 * chance)
        often = "<1%" if percent == 0 else ">99%" if percent == 100 else f"{percent}%"
    return f"{often} · {float(value):+.1f}".replace("-", "−")


def _spoken(cards: CardSet, code: str) -> str:
    card = cards.by_code[code]
    blocks = ", ".join(cards.blocked_types(card.type)) or "nothing"
    by = ", ".join(t for t, _ in cards.blocked_by if t in cards.blockers[card.type])
    return f"{card.spoken}; blocks {blocks}; blocked by {by or 'nothing'}"


def prompt(
    view: AcesView, you: int, cards: CardSet = CARDS, names: tuple[str, str] = ("You", "Bot")
) -> str:
    """What to do now, in one line."""
    _check_view(view)
    if type(you) is not int or you not in (0, 1):
        raise ValueError("You are player 0 or 1.")
    if view.phase is Phase.OVER:
        return ending(view, you, cards, names)
    if view.phase is Phase.PICK:
        if view.picked[you]:
            return "Your pick is made: waiting for the other pick."
        return "Pick a card in secret: the higher card is discarded and its owner goes first."
    if view.mover != you:
        return f"{names[1]} is answering."
    if view.opening:
        return "Your opening go: play any card (or a Pair)."
    answer = view.reserves[you]
    kind = cards.by_code[answer[0]].type
    what = f"the {kind} Pair" if len(answer) == 2 else cards.by_code[answer[0]].label
    blockers = " or ".join(t for t, _ in cards.blocked_by if t in cards.blockers[kind])
    return f"Your go: block {what} with {blockers}, or play a Pair."


def ending(
    view: AcesView, you: int, cards: CardSet = CARDS, names: tuple[str, str] = ("You", "Bot")
) -> str:
    """Who won, by how much and why, in one sentence: ``"Bot wins 20 to 11: Bot reached 15
    points first; the last round: you could not block 9♠ Swoop."`` (``names[0]`` is
    ``you``)."""
    expect(view, AcesView, "the view of the player at the table")
    expect(cards, CardSet, "the card table (a CardSet)")
    if you not in (0, 1) or type(you) is not int:
        raise ValueError("You are player 0 or player 1.")
    check_names(names)
    by_player = (names[0], names[1]) if you == 0 else (names[1], names[0])
    last = view.results[-1] if view.results else None
    if last is None or last.winner is None:
        return "Nobody wins: the position repeated, so the round ends with no score."
    winner = last.winner
    who = by_player[winner]
    score = f"{view.scores[winner]} to {view.scores[1 - winner]}"
    why = why_won(last, by_player, cards)
    head = f"{who} {'win' if who == 'You' else 'wins'} {score}"
    if view.target is None:
        return f"{head}: {why}."
    reached = "you" if who == "You" else who
    return f"{head}: {reached} reached {view.target} points first; the last round: {why}."


@dataclass(frozen=True)
class TableOptions:
    """What the table shows besides the game: the card table (``cards``); ``tree`` maps each
    legal move to its exact value (shown as badges) when asked for; ``pick_tree`` maps each card
    of your hand at the secret pick to its equilibrium chance and its average value for you
    (shown as badges); ``names`` of you and the other player; ``tree_shown`` says the learner
    asked for the tree (its button then offers to hide it); in a hot seat, ``pass_to`` names
    the player the device goes to (the "pass the device" screen: no hand shown, no move
    offered)."""

    cards: CardSet = CARDS
    tree: Mapping[AcesMove, int] | None = None
    pick_tree: Mapping[str, tuple[Fraction, Fraction]] | None = None
    names: tuple[str, str] = ("You", "Bot")
    tree_shown: bool = False
    pass_to: str = ""


def aces_table(view: AcesView, legal: tuple[AcesMove, ...], **options: Any) -> TableView:
    """:func:`table` with its options given one by one (its older form)."""
    known = {field.name for field in fields(TableOptions)}
    unknown = sorted(name for name in options if name not in known)
    if unknown:
        raise ValueError(
            f"The table has no option {cut(', '.join(unknown), 60)}: "
            f"its options are {', '.join(sorted(known))}."
        )
    return table(view, legal, TableOptions(**options))


def table(
    view: AcesView, legal: tuple[AcesMove, ...], options: TableOptions | None = None
) -> TableView:
    """The table for ``view`` (``view.player`` is "you"); ``legal`` are your legal moves now;
    ``options`` say what else it shows (:class:`TableOptions`). A hand the view does not show
    (the other hand, during the secret pick) is drawn as backs, as many as it holds."""
    _check_view(view)
    given = expect(options or TableOptions(), TableOptions, "the table's options")
    cards, tree, pick_tree = given.cards, given.tree, given.pick_tree
    names, tree_shown, pass_to = given.names, given.tree_shown, given.pass_to
    if not isinstance(legal, tuple) or not all(isinstance(m, AcesMove) for m in legal):
        raise ValueError("Give the legal moves as a tuple of Absolutely Aces moves.")
    if not isinstance(names, tuple) or len(names) != 2 or not all(type(n) is str for n in names):
        raise ValueError("Name the two players with two words: ('You', 'Bot').")
    if type(pass_to) is not str or not all(
        m is None or isinstance(m, Mapping) for m in (tree, pick_tree)
    ):
        raise ValueError("pass_to is a name, and a tree maps moves (or cards) to values.")
    if pass_to:
        return _pass_screen(view, pass_to, names)
    you, them = view.player, 1 - view.player

    def spot(code: str, *, mine: bool) -> CardSpot:
        playable = mine and any(getattr(m, "card", None) == code for m in legal)
        badge = ""
        if tree is not None and Play(code) in tree:
            badge = move_badge(tree[Play(code)], you)
        if mine and pick_tree is not None and code in pick_tree:
            badge = pick_badge(*pick_tree[code])
        if view.phase is Phase.PICK and mine and view.picks[you] == code:
            badge = "picked"
        dim = mine and bool(legal) and not playable
        return CardSpot(
            code,
            code,
            _spoken(cards, code),
            highlighted=playable and view.phase is Phase.PLAY,
            dimmed=dim,
            badge=badge,
            movable=playable,
        )

    def reserve(player: int) -> tuple[CardSpot, ...]:
        return tuple(spot(c, mine=False) for c in view.reserves[player])

    waiting = view.phase is Phase.PLAY and view.mover == you and not view.opening
    hidden = len(view.hands[them]) < view.hand_sizes[them]
    if hidden:
        other = _backs("them", view.hand_sizes[them], "a card of the other hand, face down")
    else:
        other = tuple(spot(c, mine=False) for c in view.hands[them])
    zones = (
        Zone(
            "them",
            f"{names[1]}'s hand",
            other,
            line=1,  # beside the Reserves: your own hand and the buttons fit at 1024×768
            note="face down" if hidden else "",
            css=SMALL if hidden else "",
        ),
        Zone(
            "their_reserve",
            f"{names[1]}'s Reserve",
            reserve(them),
            line=1,
            note="" if view.reserves[them] else "empty",
        ),
        Zone(
            "your_reserve",
            "Your Reserve",
            reserve(you),
            line=1,
            note="to answer" if waiting else "" if view.reserves[you] else "empty",
            highlighted=waiting,
        ),
        Zone(
            "discard",
            "Discarded",
            tuple(spot(c, mine=False) for c in view.discard),
            line=1,
            note="" if view.discard else "none yet",
        ),
        Zone(
            "out",
            "Sitting out",
            _backs("out", view.out_count, "a card sitting out"),
            line=1,
            css=SMALL,
        ),
        Zone(
            "hand",
            "Your hand",
            tuple(spot(c, mine=True) for c in view.hands[you]),
            line=2,
            note=_tree_note(
                view,
                legal,
                names,
                asked=tree_shown,
                drawn=tree is not None,
                at_pick=bool(pick_tree),
            )
            + score_text(names, view.scores[you], view.scores[them], view.target),
        ),
    )
    controls = [
        Control(
            f"{PAIR}{m.type}",
            f"Play the {m.type} Pair"
            + (f" ({move_badge(tree[m], you)})" if tree and m in tree else ""),
            style="primary",
        )
        for m in legal
        if isinstance(m, PlayPair)
    ]
    shown = tree_shown or tree is not None or pick_tree is not None
    controls.append(Control(TREE, "Hide the tree" if shown else "Show me the tree"))
    controls.append(Control(NEW, "New game", confirm="Start a new game? This one will be saved."))
    text = prompt(view, you, cards, names)
    if names[0] != "You" and view.phase is not Phase.OVER:
        text = f"{names[0]}, {text[0].lower()}{text[1:]}"
    return TableView(zones=zones, controls=tuple(controls), prompt=text)


def _tree_note(
    view: AcesView,
    legal: tuple[AcesMove, ...],
    names: tuple[str, str],
    *,
    asked: bool,
    drawn: bool,
    at_pick: bool,
) -> str:
    """What the tree's badges at the secret pick mean, or why the tree, though ``asked`` for,
    shows nothing now (``drawn``: it gives the moves their values)."""
    if at_pick:
        return (
            "The tree: how often a perfect player picks each card · its average value for"
            f" {names[0]} against {names[1]}'s secret pick · "
        )
    if drawn or not asked:
        return ""
    if view.phase is Phase.OVER:
        return "The tree: nothing to weigh, the game is over · "
    if not legal:
        return "The tree: it weighs your moves when it is your go · "
    return "The tree: the perfect picks could not be read, so it shows nothing at the pick · "


def _check_view(view: object) -> None:
    if not isinstance(view, AcesView):
        raise ValueError("Draw the table from a player's view (AbsolutelyAces().observation).")


def _backs(prefix: str, count: int, label: str) -> tuple[CardSpot, ...]:
    return tuple(CardSpot(f"{prefix}{i}", BACK, label, movable=False) for i in range(count))


def score_text(names: tuple[str, str], mine: int, theirs: int, target: int | None = None) -> str:
    """The score in words, ``"Score: You 2 points, Bot 1 point (first to 15)."``; two players
    named by number are listed in seat order ("Player 1" first), whoever is at the device."""
    pairs = [(names[0], mine), (names[1], theirs)]
    if all(name.startswith("Player ") for name in names):
        pairs.sort()
    said = ", ".join(f"{name} {score} point{'' if score == 1 else 's'}" for name, score in pairs)
    return f"Score: {said}" + (f" (first to {target})." if target else ".")


def _pass_screen(view: AcesView, pass_to: str, names: tuple[str, str]) -> TableView:
    """The hot seat's "pass the device" screen: no hand at all, no card face, the score."""
    note = f"Hidden until {pass_to} is at the device."
    zones = (
        Zone("them", f"{names[1]}'s hand", (), line=1, note=note),
        Zone("their_reserve", f"{names[1]}'s Reserve", (), line=1),
        Zone("your_reserve", f"{names[0]}'s Reserve", (), line=1),
        Zone(
            "discard", "Discarded", _backs("discard", len(view.discard), "a discarded card"), line=1
        ),
        Zone(
            "out",
            "Sitting out",
            _backs("out", view.out_count, "a card sitting out"),
            line=1,
            css=SMALL,
        ),
        Zone(
            "hand",
            f"{names[0]}'s hand",
            (),
            line=2,
            note=f"{note} "
            + score_text(names, view.scores[view.player], view.scores[1 - view.player]),
        ),
    )
    controls = (
        Control(REVEAL, f"I am {pass_to} — show my cards", style="primary"),
        Control(NEW, "New game", confirm="Start a new game? This one will be saved."),
    )
    text = f"Pass the device to {pass_to}, then press the button."
    return TableView(zones=zones, controls=controls, prompt=text)
