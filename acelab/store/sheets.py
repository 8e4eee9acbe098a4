"""CSV files a teacher opens in a spreadsheet.

A pupil's answer, or name, that begins like a formula (``=``, ``+``, ``-``, ``@``, a tab or a
carriage return) would be run by Excel or LibreOffice when the teacher opens the file: an
answer ``=HYPERLINK("http://…")`` becomes a link, worse ones call other programs. Such text is
written behind an apostrophe, which spreadsheets show as plain text and do not display, and
:func:`read_cell` takes it off again, so a file written here reads back exactly (a text that
begins with an apostrophe gets one more, for the same reason).
"""

from __future__ import annotations

import csv
from collections.abc import Iterable
from typing import IO, Final

FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r", "'")
"""What a text cell may not begin with unless it is written behind an apostrophe."""


def sheet_cell(value: object) -> object:
    """``value`` as written into a CSV cell: text that begins like a formula is quoted."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def read_cell(text: str) -> str:
    """A cell's text as it was before :func:`sheet_cell` quoted it."""
    if len(text) > 1 and text[0] == "'" and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


def write_rows(file: IO[str], header: Iterable[str], rows: Iterable[Iterable[object]]) -> None:
    """Write ``header`` and ``rows`` to an open CSV ``file``, every text cell made safe."""
    writer = csv.writer(file)
    writer.writerow(header)
    writer.writerows([sheet_cell(value) for value in row] for row in rows)
