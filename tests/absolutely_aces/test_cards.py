"""The cards as data (RULINGS §4): the shipped table, and a teacher's table checked in words."""

import pytest

from acelab.absolutely_aces import CARDS, load_cards

RULINGS_TABLE = {
    "Ace": {"Scissors", "Break", "Climb", "Roll", "Swoop", "Joker"},
    "Scissors": {"Ace", "Climb"},
    "Break": {"Ace", "Break", "Roll"},
    "Climb": {"Ace", "Climb", "Roll"},
    "Roll": {"Ace", "Scissors"},
    "Swoop": {"Ace", "Break", "Scissors"},
    "Joker": {"Scissors", "Break", "Climb", "Roll", "Swoop"},
}


def test_the_twelve_cards_odd_spades_even_hearts() -> None:
    assert CARDS.codes == tuple(f"{'S' if n % 2 else 'H'}{n}" for n in range(1, 13))
    types = [CARDS.by_code[c].type for c in CARDS.codes]
    assert types == [
        "Ace", "Scissors", "Scissors", "Break", "Break", "Climb",
        "Climb", "Roll", "Swoop", "Roll", "Swoop", "Joker",
    ]  # fmt: skip
    assert CARDS.card("S1").label == "1♠ Ace" and CARDS.card("H12").label == "12♥ Joker"
    assert CARDS.card("7♠").code == "S7" and CARDS.card("s7").code == "S7"
    assert CARDS.card("S7").spoken == "7 of spades, Climb"


def test_block_table_is_the_rulings_table() -> None:
    assert {t: set(by) for t, by in CARDS.blocked_by} == RULINGS_TABLE


def test_ace_blocks_all_but_the_joker_joker_only_the_ace_swoop_the_ace_and_joker() -> None:
    assert set(CARDS.blocked_types("Ace")) == set(RULINGS_TABLE) - {"Ace", "Joker"}
    assert CARDS.blocked_types("Joker") == ("Ace",)
    assert set(CARDS.blocked_types("Swoop")) == {"Ace", "Joker"}


def test_points_are_the_number_plus_one_for_a_heart() -> None:
    assert CARDS.card("S7").points == 7 and CARDS.card("H12").points == 13
    assert CARDS.card("S1").points == 1 and CARDS.card("H2").points == 3


def test_pairs_are_the_types_with_two_cards() -> None:
    assert CARDS.pair_types == ("Scissors", "Break", "Climb", "Roll", "Swoop")
    assert CARDS.of_type["Roll"] == ("H8", "H10")


TEACHER = """
cards = [
  { number = 1, suit = "Spades", type = "Rock" },
  { number = 2, suit = "Hearts", type = "Rock" },
  { number = 3, suit = "Spades", type = "Paper" },
  { number = 4, suit = "Hearts", type = "Paper" },
  { number = 5, suit = "Spades", type = "Scissors" },
  { number = 6, suit = "Hearts", type = "Scissors" },
  { number = 7, suit = "Spades", type = "Rock" },
  { number = 8, suit = "Hearts", type = "Lizard" },
  { number = 9, suit = "Spades", type = "Spock" },
  { number = 10, suit = "Hearts", type = "Lizard" },
]
[blocked_by]
Rock = ["Paper"]
Paper = ["Scissors"]
Scissors = ["Rock"]
Lizard = ["Rock", "Paper", "Scissors"]
Spock = ["Lizard", "Paper"]
"""

FIXED = TEACHER.replace(
    'number = 7, suit = "Spades", type = "Rock"', 'number = 7, suit = "Spades", type = "Spock"'
)


def test_a_teacher_table_is_read_and_checked() -> None:
    with pytest.raises(ValueError, match="3 Rock cards"):
        load_cards(TEACHER)
    cards = load_cards(FIXED)
    assert cards.blocks("H4", "Rock") and not cards.blocks("S1", "Rock")
    assert cards.pair_types == ("Rock", "Paper", "Scissors", "Lizard", "Spock")


@pytest.mark.parametrize(
    ("edit", "words"),
    [
        (('type = "Spock" }', 'type = "Dragon" }'), "unknown type 'Dragon'"),
        (("number = 9,", "number = 8,"), "Card 8 is listed twice"),
        (
            ('Paper = ["Scissors"]', 'Paper = ["Glue"]'),
            "blocked by 'Glue', which is not a known type",
        ),
        (('suit = "Hearts", type = "Lizard" }', 'suit = "Clubs", type = "Lizard" }'), "suits are"),
        (("[blocked_by]", "[blocks]"), "needs a [blocked_by] table"),
    ],
)
def test_bad_tables_are_refused_in_words(edit: tuple[str, str], words: str) -> None:
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("]", r"\]")):
        load_cards(FIXED.replace(*edit))


def test_not_toml_is_refused() -> None:
    with pytest.raises(ValueError, match="not valid TOML"):
        load_cards("cards = [")
    with pytest.raises(ValueError, match="not a card of this game"):
        CARDS.card("S13")


@pytest.mark.parametrize(
    "code", [10**5000, "x" * 40, "Z9", None], ids=["huge", "long", "Z9", "None"]
)
def test_what_names_no_card_is_refused_in_one_sentence(code: object) -> None:
    with pytest.raises(ValueError, match=r"^\S.* is not a card of this game: the cards are S1,"):
        CARDS.card(code)  # type: ignore[arg-type]
