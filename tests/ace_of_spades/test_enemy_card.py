"""The Enemy drawn as a card and the beaten Enemies as short lines (pure markup, no browser):
every Enemy of the deck reads in plain words, the life number follows the damage, and twelve
beaten Enemies stay a few short lines."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import replace

import pytest

from acelab.ace_of_spades.enemy_card import (
    CARD_WIDTH,
    beaten_html,
    beaten_line,
    effect_lines,
    enemy_svg,
    enemy_words,
)
from acelab.ace_of_spades.table_view import TableOptions, spades_table
from tests.ace_of_spades.helpers import DECK, EIGHT, GAME, arrange, enemy

VIEW = GAME.observation(arrange(EIGHT), 0)
SVG = "{http://www.w3.org/2000/svg}"


def texts(svg: str) -> list[str]:
    """The lines of text drawn on the card (the SVG parses as XML)."""
    return [node.text or "" for node in ET.fromstring(svg).iter(f"{SVG}text")]


def test_the_card_shows_name_big_life_dials_effects_and_scene() -> None:
    shown = texts(enemy_svg(VIEW))
    rusty = VIEW.enemy
    assert rusty.name in shown and f"Level {rusty.level}" in shown
    assert "5" in shown and "/ 5" in shown
    assert "Hands left" in shown and "Discards left" in shown and shown.count("2") == 2
    assert " ".join(shown).count("+1 Discards") == 1
    assert any(line.startswith("Scene 1 of 4") for line in shown)
    life = ET.fromstring(enemy_svg(VIEW)).find(f".//{SVG}text[@class='acelab-spades-life']")
    assert life is not None and life.get("font-size") == "40"


def test_the_life_number_and_bar_follow_the_damage() -> None:
    hurt = replace(VIEW, life=2)
    assert "2" in texts(enemy_svg(hurt)) and 'data-life="2"' in enemy_svg(hurt)
    assert "Life 2 of 5." in enemy_words(hurt)
    beaten = replace(VIEW, life=-3)  # surplus damage is lost: the card says 0
    assert 'data-life="0"' in enemy_svg(beaten) and "Life 0 of 5." in enemy_words(beaten)


def test_the_words_say_all_of_the_card() -> None:
    words = enemy_words(replace(VIEW, hands_dial=1, discards_dial=0))
    assert words.startswith("Enemy at level 0 of 11: Rusty, the Tin Bandit, a Henchman.")
    for part in ("Life 5 of 5.", "Hands left: 1.", "Discards left: 0.", "+1 Discards"):
        assert part in words
    assert words.endswith("Scene 1 of 4: levels 0 to 3, ended by the Villain at level 3.")


@pytest.mark.parametrize("card", DECK.enemies, ids=lambda e: f"{e.id}-{e.difficulty}")
def test_every_enemy_reads_in_plain_words_within_the_card(card: object) -> None:
    level = card.level  # type: ignore[attr-defined]
    state = arrange(EIGHT, level=level, enemies={level: card.id})  # type: ignore[attr-defined]
    view = GAME.observation(state, 0)
    words, svg = enemy_words(view), enemy_svg(view)
    for effect in (*card.benefit, *card.penalty, *card.bonus):  # type: ignore[attr-defined]
        assert str(effect) in words
    assert not re.search(r"\b[a-z]+_[a-z_]+\b", words), words  # no internal names
    root = ET.fromstring(svg)
    assert int(root.get("width", "0")) == CARD_WIDTH
    for line in texts(svg)[8:]:  # the wrapped effects and scene fit the card's width
        assert len(line) <= 46, line
    assert len(effect_lines(card)) <= 3  # type: ignore[arg-type]


def test_a_villain_says_what_it_does_while_fought_and_once_beaten() -> None:
    coyote = enemy("count-coyote")
    assert effect_lines(coyote) == (
        "While you fight it: no bonus for J, Q, K.",
        "Beat it to get, for the rest of the game: pair +2.",
    )
    assert beaten_line(coyote, False) == "3. Count Coyote: from now on, pair +2"


def test_twelve_beaten_enemies_are_short_lines_in_three_columns() -> None:
    won = GAME.observation(arrange(EIGHT, level=11, enemies={}), 0)
    view = replace(won, defeated=GAME.observation(arrange(EIGHT), 0).defeated)
    assert beaten_html(view) == ""  # none yet
    twelve = replace(won, defeated=arrange(EIGHT).enemies, benefits=(DECK.enemies[0],))
    html = beaten_html(twelve)
    root = ET.fromstring(html)
    items = root.findall("li")
    assert len(items) == 12 and "repeat(3," in html
    assert "unused, +1 Discards" in html
    for enemy_card in twelve.defeated:
        line = beaten_line(enemy_card, enemy_card in twelve.benefits)
        assert len(line.partition(": ")[0]) <= 28, line


def test_the_table_draws_the_card_and_says_it_in_words() -> None:
    table = spades_table(VIEW, TableOptions())
    zone = table.zone("enemy")
    assert zone.art == enemy_svg(VIEW) and zone.spoken == enemy_words(VIEW)
    beaten = table.zone("defeated")
    assert beaten.note == "none yet" and beaten.art == "" and beaten.count is None
    later = GAME.observation(arrange(EIGHT, level=2), 0)
    beaten = spades_table(later, TableOptions()).zone("defeated")
    assert beaten.count == 2 and beaten.spoken.startswith("Beaten Enemies: 0. ")
