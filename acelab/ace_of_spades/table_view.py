"""The Ace of Spades table, drawn from what one player may see: pure functions, no widgets.

:func:`spades_table` turns a :class:`~acelab.ace_of_spades.state.SpadesView` (built by
``observation(state, player)``, never from hidden state) and the panel's choices
(:class:`TableOptions`) into the card table's :class:`TableView`: the Enemy with its life,
dials and effects, the deck, the discard pile (hidden on Hard and Nightmare), the shared cards
of co-op, the hand (chosen cards ringed), the beaten Enemies, and the buttons; the status is
the advice to use an unused benefit, when one would help the chosen cards. :func:`preview`
says what the chosen cards would deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from acelab.ace_of_spades.actions import size_problem
from acelab.ace_of_spades.advice import benefit_advice
from acelab.ace_of_spades.enemies import LEVELS
from acelab.ace_of_spades.enemy_card import beaten_html, beaten_line, enemy_svg, enemy_words
from acelab.ace_of_spades.in_force import view_modifiers
from acelab.ace_of_spades.moves import SpadesMove
from acelab.ace_of_spades.narrate import combination_name, symbols
from acelab.ace_of_spades.scoring import COMBINATIONS, Damage, damage, holds
from acelab.ace_of_spades.state import Phase, SpadesView
from acelab.engine.cards import Card
from acelab.widgets.view_model import BACK, SLOT, CardSpot, Control, Status, TableView, Zone

__all__ = [
    "DIFFICULTY_NAMES",
    "HINTS",
    "TableOptions",
    "declarable",
    "describe_damage",
    "phrases",
    "preview",
    "spades_table",
    "table",
]

DIFFICULTY_NAMES = {"easy": "Easy", "normal": "Normal", "hard": "Hard", "nightmare": "Nightmare"}
HINTS = (
    "I am not going to be able to do much damage this round.",
    "I can do good damage this round.",
    "I would like to discard first.",
)
"""The rulebook's vague co-op phrases (no card is named); plus one per shared card."""
PILE_SHOWN = 12


def _check(view: object, chosen: object = ()) -> None:
    if not isinstance(view, SpadesView):
        raise ValueError("The table is drawn from a player's view: observation(state, player).")
    if not isinstance(chosen, Sequence) or not all(isinstance(c, str) for c in chosen):
        raise ValueError("The chosen cards are a list of card codes like 'KS'.")


def phrases(view: SpadesView) -> tuple[str, ...]:
    """What a co-op player may tell the partner: the vague phrases, then a shared card wanted."""
    _check(view)
    wanted = (f"I would like to use the {c.symbol} in the shared cards." for c in view.shared)
    return (*HINTS, *wanted)


@dataclass(frozen=True)
class TableOptions:
    """What the panel adds to the view: the chosen cards (codes), the declared combination,
    the pass-the-device screen (``hidden``, ``next_name``), the partner's hint, the names of
    the two players, whether the partner is a bot, the achievements earned, the seed shown and
    the new-game question."""

    chosen: tuple[str, ...] = ()
    declare: str | None = None
    hidden: bool = False
    next_name: str = ""
    hint: str = ""
    names: tuple[str, ...] = ("You",)
    bot_partner: bool = False
    achievements: tuple[str, ...] = ()
    seed: str = ""
    new_game_question: str = ""


def _chosen_cards(view: SpadesView, chosen: Sequence[str]) -> tuple[Card, ...]:
    by_code = {str(card): card for card in view.available}
    return tuple(by_code[code] for code in chosen if code in by_code)


def _bonus_cards(hit: Damage) -> tuple[Card, ...]:
    return tuple(
        card
        for card in hit.scoring_cards
        if card.rank is not None and card.rank.value in (1, 11, 12, 13)
    )


def describe_damage(hit: Damage) -> str:
    """One line for a Hand's damage: ``"Two pair: 2 + 2 for K♠ K♥ = 4 damage"``."""
    if not isinstance(hit, Damage):
        raise ValueError("Describe the Damage of a Hand, as damage() gives it.")
    if hit.combination == "none":
        return "Poor Hand: 0 damage"
    name = combination_name(hit.combination)
    if hit.bonus:
        faces = symbols(_bonus_cards(hit))
        extra = f" for {faces}" if faces else ""
        return f"{name}: {hit.base} + {hit.bonus}{extra} = {hit.total} damage"
    return f"{name} ({symbols(hit.scoring_cards)}): {hit.total} damage"


def preview(view: SpadesView, chosen: Sequence[str], declare: str | None = None) -> str:
    """What the chosen cards would deal, in words; empty when none is chosen."""
    _check(view, chosen)
    cards = _chosen_cards(view, chosen)
    if not cards:
        return ""
    if len(cards) > 5:
        return f"{len(cards)} cards chosen: a Hand is at most 5."
    try:
        hit = damage(cards, declare, view_modifiers(view))
    except ValueError as error:
        return str(error)
    problem = hand_problem(view, chosen, declare)
    if problem:  # the rules would refuse these as a Hand: say so, not what they would deal
        return problem
    return describe_damage(hit)


def poor_hand_problem(view: SpadesView, scores: bool) -> str:
    """Why a Hand that scores nothing (a Poor Hand) would be refused now, as the rules say it
    (empty when it scores, or is allowed)."""
    if scores:
        return ""
    if holds(view.available, view_modifiers(view)):
        return "A Poor Hand is only allowed when you cannot play even a pair."
    if view.discards_dial > 0:
        return "A Poor Hand is only allowed when the Discards dial is at 0."
    return ""


def hand_problem(view: SpadesView, chosen: Sequence[str], declare: str | None = None) -> str:
    """Why Play Hand would be refused for the cards chosen, as the rules would say it: their
    number (a Hand is 5 cards, fewer only on Easy: RULINGS §2), with what to do, or a Poor Hand
    not allowed now; empty when the rules take them (or nothing is chosen, or the preview
    already says what is wrong)."""
    cards = _chosen_cards(view, chosen)
    if not cards or len(cards) > 5:
        return ""
    try:
        hit = damage(cards, declare, view_modifiers(view))
    except ValueError:
        return ""
    scores = hit.combination != "none"
    problem = size_problem(view.difficulty, len(view.available), len(cards), scores)
    if problem is None:
        return poor_hand_problem(view, scores)
    needed = min(5, len(view.available))
    more = needed - len(cards)
    fix = f"choose {more} more" if more > 0 else f"put {-more} back"
    return f"{problem.rstrip('.')}: {fix}."


def declarable(view: SpadesView, chosen: Sequence[str]) -> tuple[str, ...]:
    """The combinations the chosen cards hold (strongest first), when more than one."""
    _check(view, chosen)
    cards = _chosen_cards(view, chosen)
    if not 1 < len(cards) <= 5:
        return ()
    found = []
    mods = view_modifiers(view)
    for name in COMBINATIONS:
        try:
            damage(cards, name, mods)
        except ValueError:
            continue
        found.append(name)
    return tuple(reversed(found)) if len(found) > 1 else ()


def _enemy_zone(view: SpadesView) -> Zone:
    return Zone(
        "enemy",
        "Enemy",
        line=0,
        spoken=enemy_words(view),
        css="acelab-spades-enemy",
        art=enemy_svg(view),
    )


def _spot(view: SpadesView, card: Card, chosen: Sequence[str]) -> CardSpot:
    """A card of the hand or the shared cards: chosen by a click while the game goes on."""
    code = str(card)
    playing = view.outcome is None
    return CardSpot(code, code, card.name, highlighted=code in chosen, movable=playing)


def _pile_zone(view: SpadesView) -> Zone:
    if view.discard is None:
        return Zone(
            "discard",
            "Discard pile",
            line=0,
            count=view.discard_size,
            note=f"hidden on {DIFFICULTY_NAMES[view.difficulty]}",
        )
    searching = view.phase is Phase.SEARCH
    shown = view.discard if searching else view.discard[-PILE_SHOWN:]
    cards = tuple(
        CardSpot(f"pile:{card}", str(card), card.name, movable=searching) for card in shown
    )
    more = len(view.discard) - len(shown)
    note = f"the newest last; {more} older not shown" if more else "the newest last"
    return Zone(
        "discard",
        "Discard pile",
        cards,
        line=0,
        count=view.discard_size,
        note=note,
        highlighted=searching,
    )


def _defeated_zone(view: SpadesView) -> Zone:
    unused = {enemy.id for enemy in view.benefits}
    lines = [beaten_line(enemy, enemy.id in unused) for enemy in view.defeated]
    return Zone(
        "defeated",
        "Beaten Enemies",
        line=3,
        count=len(lines) or None,
        note="" if lines else "none yet",
        spoken="Beaten Enemies: " + ("; ".join(lines) + "." if lines else "none yet."),
        art=beaten_html(view),
    )


WASTED_DISCARD = (
    "The deck is empty, so a Discard draws no cards back: Renew shuffles the discard pile into"
    " the deck first. Discard anyway?"
)


def _play_controls(view: SpadesView, options: TableOptions) -> list[Control]:
    chosen = options.chosen
    controls = [
        Control(
            "play",
            "Play Hand",
            style="primary",
            disabled=not chosen or bool(hand_problem(view, chosen, options.declare)),
        ),
        Control(
            "discard",
            "Discard and Draw",
            disabled=not chosen,
            confirm=WASTED_DISCARD if view.deck_size == 0 else "",
        ),
        Control("renew", "Renew"),
        Control("clear", "Clear choice", disabled=not chosen),
        Control("undo", "Undo"),
    ]
    for name in declarable(view, chosen):
        controls.append(
            Control(
                f"declare:{name}",
                combination_name(name),
                group="Declare as",
                pressed=(options.declare or declarable(view, chosen)[0]) == name,
            )
        )
    for enemy in view.benefits:
        effect = "; ".join(str(e) for e in enemy.benefit)
        controls.append(
            Control(f"benefit:{enemy.id}", f"Use {enemy.name}", tooltip=effect, group="Benefits")
        )
    if view.players == 2 and not options.bot_partner:
        for number, text in enumerate(phrases(view)):
            controls.append(Control(f"hint:{number}", text, group="Tell your partner"))
    return controls


def _game_controls(view: SpadesView, options: TableOptions) -> list[Control]:
    playing = view.outcome is None and view.phase is Phase.DUEL
    controls = [] if playing else [Control("undo", "Undo")]
    for key, name in DIFFICULTY_NAMES.items():
        controls.append(
            Control(
                f"difficulty:{key}",
                name,
                group="Difficulty",
                pressed=key == view.difficulty,
                confirm=options.new_game_question,
            )
        )
    controls.append(  # at the end of the game it is the thing to do: the main button
        Control(
            "new",
            "New game",
            style="primary" if view.outcome is not None else "default",
            confirm=options.new_game_question,
        )
    )
    return controls


def ending(view: SpadesView) -> str:
    """Who won, by how much and why, in one sentence: ``"You win: all 12 levels beaten,
    Lord Overkill last."`` or ``"You lose at level 4: Banjo Bart still has 6 life and the Hands
    dial is at 0."``."""
    if view.outcome is None:
        return ""
    name = view.enemy.name
    if view.outcome.won():
        return f"You win: all {LEVELS} levels beaten, {name} last."
    why = view.outcome.reason.removesuffix(": you lose.").rstrip(".")
    why = why.replace(f" and {name} still stands", "")
    why = why[0].lower() + why[1:] if why else "the game is lost"
    return f"You lose at level {view.level}: {name} still has {max(view.life, 0)} life and {why}."


def _prompt(view: SpadesView, options: TableOptions) -> str:
    if view.outcome is not None:
        return f"{ending(view)} Press New game to play again."
    if view.phase is Phase.SEARCH:
        return f"Take {view.searching} card(s) from the discard pile: click them."
    who = f"{options.names[view.player]}: " if view.players == 2 else ""
    heard = f" Your partner says: “{options.hint}”" if options.hint else ""
    act = (
        "choose up to 5 cards, then Play Hand, or Discard and Draw; or Renew."
        if view.difficulty == "easy"
        else f"choose {min(5, len(view.available))} cards and Play Hand, or choose cards to"
        " Discard and Draw; or Renew."
    )
    return f"{who}{act if who else act[0].upper() + act[1:]}{heard}"


def _pass_screen(view: SpadesView, options: TableOptions) -> TableView:
    zones = (
        _enemy_zone(view),
        Zone(
            "pass",
            "Pass the device",
            line=1,
            note=f"Both hands are hidden. {options.next_name}, press the button when "
            "the other player cannot see.",
        ),
    )
    controls = (Control("reveal", f"I am {options.next_name}: show my hand", style="primary"),)
    heard = f" Your partner says: “{options.hint}”" if options.hint else ""
    return TableView(
        zones=zones,
        controls=controls,
        prompt=f"Pass the device to {options.next_name}.{heard}",
        status=Status(),
    )


def spades_table(view: SpadesView, options: TableOptions) -> TableView:
    """The table for ``view`` (what ``view.player`` may see) and the panel's ``options``."""
    _check(view)
    if not isinstance(options, TableOptions):
        raise ValueError("The panel's choices are given as TableOptions.")
    if options.hidden:
        return _pass_screen(view, options)
    deck = Zone(
        "deck",
        "Deck",
        (CardSpot("deck", BACK, "the deck", movable=False),) if view.deck_size else (),
        line=0,
        count=view.deck_size,
        note="" if view.deck_size else "empty",
        css="" if view.deck_size else SLOT,  # drawn as an empty slot, not compact
    )
    zones = [_enemy_zone(view), deck, _pile_zone(view)]
    if view.players == 2:
        shared = tuple(_spot(view, c, options.chosen) for c in view.shared)
        zones.append(Zone("shared", "Shared cards", shared, line=1))
        partner = "Bot partner" if options.bot_partner else options.names[1 - view.player]
        zones.append(Zone("partner", partner, line=1, count=view.partner_cards, note="hand hidden"))
    hand = tuple(_spot(view, c, options.chosen) for c in view.hand)
    note = preview(view, options.chosen, options.declare) or (
        "Click cards to choose them." if view.outcome is None and view.hand else ""
    )
    label = "Your hand" if view.players == 1 else f"{options.names[view.player]}'s hand"
    zones.append(Zone("hand", label, hand, line=2, note=note, css="acelab-spades-hand"))
    zones.append(_defeated_zone(view))
    earned = " · ".join(options.achievements) if options.achievements else "none yet"
    zones.append(Zone("achievements", "Achievements", line=3, note=earned))
    controls: list[Control] = []
    if view.outcome is None and view.phase is Phase.DUEL:
        controls += _play_controls(view, options)
    controls += _game_controls(view, options)
    prompt = _prompt(view, options)
    if options.seed:
        prompt += f" (Seed {options.seed}, {DIFFICULTY_NAMES[view.difficulty]}.)"
    advice = benefit_advice(view, options.chosen, options.declare)
    status = Status(advice.text, "info", f"benefit:{advice.enemy}") if advice else Status()
    return TableView(zones=tuple(zones), controls=tuple(controls), prompt=prompt, status=status)


def table(
    view: SpadesView, legal: Sequence[SpadesMove] = (), options: TableOptions | None = None
) -> TableView:
    """The whole table for ``view`` (:func:`spades_table`; ``legal`` is not needed: the
    controls are worked out from the view)."""
    return spades_table(view, options if options is not None else TableOptions())
