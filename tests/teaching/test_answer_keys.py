"""Answer keys: every seed's row holds every exercise's answer as the question asks for it; the
committed keys are what the lessons give; bad seeds are refused in a sentence."""

from __future__ import annotations

import html

import pytest

from acelab.teaching.answer_keys import KEYS, answer_text, key_html, main, parse_seeds, write_key
from acelab.teaching.answers import answer_of
from acelab.teaching.exercises import LESSONS, lesson


def test_seeds_are_read_as_ranges_lists_and_words():
    assert parse_seeds("1-3") == [1, 2, 3]
    assert parse_seeds("5, 9,class 7B") == [5, 9, "class 7B"]
    for bad, said in (("", "Give the seeds"), ("9-3", "runs backwards"), ("1-900", "at most")):
        with pytest.raises(ValueError, match=said):
            parse_seeds(bad)


def test_a_huge_range_is_refused_before_it_is_counted_out():
    for bad in ("1-1000000000000", "1-499,1-2"):
        with pytest.raises(ValueError, match="at most 500 seeds"):
            parse_seeds(bad)
    assert parse_seeds("²-3") == ["²-3"]  # not digits Python can count with: a word
    with pytest.raises(ValueError, match="billion billion"):
        parse_seeds("1000000000000000000-1000000000000000001")
    with pytest.raises(ValueError, match="billion billion"):
        parse_seeds("1-10000000000000000000000")


@pytest.mark.parametrize("name", LESSONS)
def test_a_key_holds_every_answer_of_every_seed(name):
    found = lesson(name)
    page = key_html(found, [1, 2, 3])
    assert page.count('<tr><td class="seed">') == 3
    for seed in (1, 2, 3):
        row = page.split(f'<tr><td class="seed">{seed}</td>')[1].split("</tr>")[0]
        for question in found.exercises(seed):
            shown = html.escape(answer_text(question))
            assert shown in row or f"</b> {shown}" in page, (seed, question.id)
            assert question.check(answer_of(question)).correct


def test_answers_are_written_as_the_questions_ask():
    counting = lesson("counting").exercises(1)
    assert answer_text(counting[3]) == "2,598,960" and answer_text(counting[4]) == "B"
    assert answer_text(counting[8]).endswith("%")


def test_the_command_writes_a_key_and_refuses_bad_input(tmp_path, capsys):
    assert main(["chance", "--seeds", "4-5", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "chance.html").read_text(encoding="utf-8").count('class="seed">') == 3
    assert main(["algebra", "--out", str(tmp_path)]) == 2
    assert "There is no lesson 'algebra'" in capsys.readouterr().err


def test_every_teachers_page_links_its_key():
    guide = KEYS.parent
    for name in LESSONS:
        assert any(f"](keys/{name}.html)" in p.read_text("utf-8") for p in guide.glob("*.md")), name


@pytest.mark.slow
@pytest.mark.parametrize("name", LESSONS)
def test_the_committed_keys_are_what_the_lessons_give(name, tmp_path):
    made = write_key(name, range(1, 41), tmp_path).read_text(encoding="utf-8")
    assert (KEYS / f"{name}.html").read_text(encoding="utf-8") == made, "run make keys"
