"""Every sentence the table service says, in one place (panels show them as they are).

Each refusal is one sentence a pupil understands; nothing at the table changes when one is said.
"""

from __future__ import annotations

from typing import Final

__all__ = ["TableRefused"]

NOT_YOUR_GO: Final = "It is not your go yet."
"""Said to a seat that moves while another decides: the same sentence as the solitary panels'
(:attr:`acelab.widgets.seated.SeatedPanel.NOT_YOUR_GO`)."""

NO_HUB: Final = (
    "Playing with classmates needs the class hub: open acelab on your school's JupyterHub, "
    "where the table service runs (everything else works here as it is)."
)
SERVICE_DOWN: Final = (
    "The table service is not answering: try again in a minute, or ask your teacher to check "
    "the class hub."
)
HUB_BUSY: Final = (
    "The class hub did not answer in time to say who you are: acelab tries again by itself; if "
    "this stays, ask your teacher to check the class hub."
)
BAD_CODE: Final = "A table code is 6 letters, like {example}: check the code you were given."
NO_TABLE: Final = "There is no table {code}: check the code you were given."
FINISHED: Final = "Table {code} has finished: start a new table to play again."
ABANDONED: Final = "Table {code} was abandoned: start a new table to play again."
EXPIRED: Final = "Table {code} has expired: start a new table to play again."
TOO_MANY: Final = "You are at {count} tables already: leave one before you start another."
FULL: Final = "Table {code} is full: every seat for a person is taken."
NOT_SEATED: Final = "You have no seat at table {code}: join it with its code first."
TAKEN_OVER: Final = (
    "Your seat at table {code} is now played from another window: play there, or join again here."
)
HELD: Final = "Your pick is made: it stands until both picks are shown."
"""Said to a seat that picks again, another card, while its first pick waits for its go."""
NO_RECORD_YET: Final = (
    "Table {code}'s game is not over yet: its record (the deal and every move) comes at its end."
)
NO_RECORD_ROUND: Final = (
    "Table {code}'s record comes once every table of its round has finished: they share its deal."
)
NO_RECORD_ABANDONED: Final = "Table {code} was abandoned before its end: there is no game to keep."
BAD_RECORD: Final = (
    "The table service sent a record of table {code} that does not replay to the game you saw, "
    "so nothing was saved."
)
STALE: Final = "The table has changed since you looked: look at it again, then choose your move."
AHEAD: Final = "That move answers a table that does not exist yet: look at the table again."
NOT_A_MOVE: Final = "That is not a move of this game: choose one of the moves you are offered."
OVER: Final = "This game is over: nobody can move any more."
UNKNOWN_GAME: Final = (
    "Tables are for Lex's Ace of Spades, Absolutely Aces or Ace of Spades co-op "
    "(ace_of_spades_lex, absolutely_aces, ace_of_spades), not {game}."
)
BAD_SEATS: Final = "{title} is for {count}: give one seat each, 'person' or 'bot'."
BAD_SEAT: Final = "A seat is 'person', 'bot' or 'bot:NAME' (NAME one of {names}), not {seat}."
NO_PERSON: Final = "A table needs at least one seat for a person."
BAD_OPTIONS: Final = "A table's options are names with short plain values, like {{'target': 15}}."
BAD_TIMEOUT: Final = "The time before a bot takes a silent seat is 5 to 3600 seconds, not {value}."
BAD_TABLES: Final = "A duplicate round has 1 to 100 tables, not {value}."
NO_ROUND: Final = "There is no duplicate round {round}: check the round's name on the board."
BAD_NAME: Final = "A player's name is 1 to 64 characters, not {name}."
TOO_BIG: Final = "That message is too big for a table: a move is a few hundred characters."
MALFORMED: Final = "That message is not one the table service understands: {why}"
NOT_SIGNED_IN: Final = (
    "The class hub did not recognise you: open the notebook from the class hub again and retry."
)
TEACHER_ONLY: Final = "Only the teacher can do that: it needs the teacher's sign-in on the hub."


class TableRefused(ValueError):
    """A request the table service refuses; ``str`` is one sentence, and nothing changed.

    ``status`` is the HTTP status the service answers with (400 for bad input, 403 for a
    request that is not this person's to make, 404 for an unknown table, 409 for a table that
    has moved on or cannot take the request now).
    """

    def __init__(self, sentence: str, status: int = 400) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.status = status
