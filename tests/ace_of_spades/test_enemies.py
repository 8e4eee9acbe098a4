"""The Enemy deck file: acelab's own deck loads; a bad file is refused with file, line, reason."""

from __future__ import annotations

from pathlib import Path

import pytest

from acelab.ace_of_spades import AceOfSpades, EnemyFileError, load_enemies
from acelab.ace_of_spades.enemies import DEFAULT_FILE, KINDS

TEXT = DEFAULT_FILE.read_text(encoding="utf-8")


def test_acelab_deck_has_twelve_levels_as_the_rulings_say() -> None:
    deck = load_enemies()
    start = deck.at_level(0)
    assert len(start) == 1 and start[0].life == 5
    assert (deck.scenes[0].hands, deck.scenes[0].discards) == (2, 2)
    for level in range(1, 11):
        assert len(deck.at_level(level)) == 4
    assert {e.difficulty for e in deck.at_level(11)} == {"easy", "normal", "hard", "nightmare"}
    assert deck.lord("normal").life == 50
    for level in (3, 6, 9):
        assert all(e.is_villain and e.penalty and e.bonus for e in deck.at_level(level))
    henchmen = [e for e in deck.enemies if e.kind == "henchman"]
    assert all(e.benefit for e in henchmen)
    assert [e.level for e in deck.enemies if e.unlocks_joker] == [6, 6, 6, 6]
    assert all(s.hands <= 4 and s.discards <= 4 for s in deck.scenes)
    assert len(KINDS) >= 12
    used = {x.kind for e in deck.enemies for x in (*e.benefit, *e.penalty, *e.bonus)}
    assert len(used) >= 12
    assert all(e.flavour and e.name for e in deck.enemies)


def test_every_card_reads_in_words() -> None:
    text = load_enemies().at_level(3)[0].describe()
    assert (
        text
        == "Count Coyote (level 3, 9 life), penalty: no bonus for J, Q, K, once beaten: pair +2."
    )


def _line_of(text: str, needle: str) -> int:
    return text[: text.index(needle)].count("\n") + 1


@pytest.mark.parametrize(
    ("old", "new", "reason", "at"),
    [
        ("life = 5\n", "life = 0\n", "life must be 1 or more", "life = 0"),
        (
            '{ kind = "extra_hands", amount = 1 }',
            '{ kind = "heal", amount = 1 }',
            "unknown effect 'heal'",
            "heal",
        ),
        ("hands = 2\n", "hands = 5\n", "dials run 0 to 4", "hands = 5"),
        (
            'level = 0\nkind = "henchman"',
            'level = 0\nkind = "villain"',
            "kind must be 'henchman'",
            'kind = "villain"',
        ),
        (
            'combination = "pair", amount = 2',
            'combination = "royal", amount = 2',
            "not a combination",
            "royal",
        ),
        ('value = "A", amount = 1', 'value = "Z", amount = 1', "not a card value", '"Z"'),
        (
            '{ kind = "extra_hands", amount = 1 }',
            '{ kind = "extra_hands", amount = 5000 }',
            "an amount from 1 to 50",
            "amount = 5000",
        ),
        ("life = 6\n", "life = 6\ncolour = 1\n", "unknown key 'colour'", "colour"),
        (
            'benefit = [{ kind = "free_renew" }]',
            'benefit = [{ kind = "free_renew" }, { kind = "free_renew" }]',
            "lists free_renew twice",
            '"free_renew" }, {',
        ),
    ],
)
def test_bad_files_name_the_line(tmp_path: Path, old: str, new: str, reason: str, at: str) -> None:
    text = TEXT.replace(old, new, 1)
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(EnemyFileError) as info:
        AceOfSpades(enemies=path)
    assert reason in info.value.reason
    assert str(path) in str(info.value)
    assert info.value.line == _line_of(text, at)


def test_syntax_error_and_missing_level(tmp_path: Path) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(TEXT.replace("life = 5\n", "life = = 5\n", 1), encoding="utf-8")
    with pytest.raises(EnemyFileError, match="not valid TOML") as info:
        load_enemies(path)
    assert info.value.line == _line_of(TEXT, "life = 5")
    cut = TEXT.index('[[enemy]]\nid = "captain-crumbs"')
    end = TEXT.index("# ------------------------------------------------------------------ level 6")
    path.write_text(TEXT[:cut].replace("level = 5", "level = 4") + TEXT[end:], encoding="utf-8")
    with pytest.raises(EnemyFileError, match="Level 5 is missing"):
        load_enemies(path)
    with pytest.raises(EnemyFileError, match="cannot read"):
        load_enemies(tmp_path / "nowhere.toml")
    with pytest.raises(ValueError, match="is a path"):
        load_enemies(42)  # type: ignore[arg-type]
