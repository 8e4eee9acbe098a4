"""A corpus of answers as pupils type them, each with the verdict a teacher wants (issue 16).

Each row of ``answers_corpus.csv`` names a question by a short spec, what is typed, and what
must come back: for a question, the score and a phrase of the message; for ``parse`` and
``list`` rows, the value read (or ``refused`` and a phrase of the refusal).

Specs: ``parse [comma=thousands|decimal]``; ``list``; ``number VALUE [places=N] [percent]
[points] [mistakes=A,B]`` (each mistake's feedback is "Mistake A."); ``choice N right=I``
(options "first answer", "second answer", …); ``values A,B`` (list every value).
``{{c*n}}`` in a typed answer stands for the character c written n times; a phrase starting
``^`` must begin the message.
"""

from __future__ import annotations

import csv
import re
from fractions import Fraction
from pathlib import Path

import pytest

from acelab.teaching.answers import (
    ChoiceQuestion,
    CustomQuestion,
    Mistake,
    NumberQuestion,
    Question,
    check_values,
    parse_answer,
    parse_list,
)

CORPUS = Path(__file__).with_name("answers_corpus.csv")
ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def _rows() -> list[tuple[str, str, str, str]]:
    with CORPUS.open(encoding="utf-8", newline="") as lines:
        body = [line for line in lines if not line.startswith("#")]
    rows = list(csv.DictReader(body))
    return [(r["question"], _expand(r["typed"]), r["score"], r["says"]) for r in rows]


def _expand(typed: str) -> str:
    return re.sub(r"\{\{(.)\*(\d+)\}\}", lambda m: m.group(1) * int(m.group(2)), typed)


def _question(spec: str) -> Question:
    kind, *words = spec.split()
    options = dict(word.split("=", 1) for word in words if "=" in word)
    flags = {word for word in words if "=" not in word}
    if kind == "values":  # values 1,2: every value, in any order
        checker = check_values(Fraction(v) for v in flags.pop().split(","))
        return CustomQuestion("corpus", "Which values?", "", checker)
    if kind == "choice":
        count = int(flags.pop())
        return ChoiceQuestion(
            "corpus",
            "Which?",
            tuple((f"{ORDINALS[i]} answer", "") for i in range(count)),
            right=int(options["right"]),
        )
    value = Fraction(sorted(flags - {"percent", "points"})[0])
    mistakes = tuple(
        Mistake(Fraction(m), f"Mistake {Fraction(m)}.")
        for m in options.get("mistakes", "").split(",")
        if m
    )
    places = options.get("places")
    return NumberQuestion(
        "corpus",
        "How much?",
        value,
        places=None if places is None else int(places),
        percent="percent" in flags,
        percentage_points="points" in flags,
        mistakes=mistakes,
    )


ROWS = _rows()


def test_the_corpus_is_large_and_covers_every_kind():
    assert len(ROWS) >= 300
    kinds = {spec.split()[0] for spec, *_ in ROWS}
    assert kinds == {"parse", "list", "number", "choice", "values"}
    assert len({typed for _, typed, _, _ in ROWS}) >= 300


def _is_sentence(message: str) -> bool:
    return (
        bool(message)
        and (message[0].isupper() or message[0] in "'\"0123456789-")
        and (message.rstrip().endswith((".", "!", "?")))
    )


@pytest.mark.parametrize(("spec", "typed", "wanted", "says"), ROWS)
def test_each_typed_answer_gets_the_verdict_a_teacher_wants(spec, typed, wanted, says):
    kind = spec.split()[0]
    if kind in ("parse", "list"):
        comma = re.search(r"comma=(\w+)", spec)
        options = {"comma": comma.group(1)} if comma else {}
        if kind == "list":
            read = parse_list
        else:

            def read(text: str) -> tuple[Fraction, ...]:
                return (parse_answer(text, **options),)

        if wanted == "refused":
            with pytest.raises(ValueError, match=f"(?i){re.escape(says)}") as refused:
                read(typed)
            assert _is_sentence(str(refused.value)), str(refused.value)
        else:
            assert read(typed) == tuple(Fraction(w) for w in wanted.split()), typed
        return
    verdict = _question(spec).check(typed)
    assert verdict.score == float(wanted), (typed, verdict)
    assert verdict.correct == (float(wanted) == 1), (typed, verdict)
    if says.startswith("^"):
        assert verdict.message.lower().startswith(says[1:].lower()), (typed, verdict.message)
    else:
        assert says.lower() in verdict.message.lower(), (typed, verdict.message)
    assert _is_sentence(verdict.message), verdict.message
    assert len(verdict.message) <= 200, verdict.message  # no number hundreds of digits long
