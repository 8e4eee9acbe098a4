"""Pages a teacher prints or a learner opens beside the notebooks: answer keys print on A4 and
Letter (every row of seeds 1-40 on at most three pages, nothing cut off at the side); Voila
serves the rules page a play notebook links."""

from __future__ import annotations

import re

import pytest

from acelab.teaching.answer_keys import write_key
from acelab.teaching.exercises import LESSONS
from tests.browser.conftest import screenshot

pytestmark = pytest.mark.browser


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("name", LESSONS)
def test_an_answer_key_prints_every_seed_on_a_few_pages(page, paper, name, tmp_path):
    key = write_key(name, range(1, 41), tmp_path)
    page.goto(key.as_uri())
    page.emulate_media(media="print")
    assert page.locator("tbody tr").count() == 40
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth + 1")
    assert not wide, "the key is wider than the page"
    pdf = page.pdf(format=paper, print_background=True)
    (tmp_path / f"{name}-{paper}.pdf").write_bytes(pdf)
    assert pdf.startswith(b"%PDF") and 1 <= _pages(pdf) <= 3
    # a negative control: on a small page the same key needs more pages
    assert _pages(page.pdf(format="A6")) > _pages(pdf)
    if paper == "A4" and name == "order_of_operations":
        screenshot(page, "answer_key")


@pytest.mark.parametrize("game", ["absolutely_aces", "ace_of_spades_lex"])
def test_voila_opens_the_rules_page_its_play_notebook_links(page, voila_server, game):
    base = voila_server(f"{game}/play.ipynb")
    response = page.goto(f"{base}/rules.html")
    assert response is not None and response.status == 200
    assert "rules" in page.title() and page.locator("table").count() >= 1
    assert "â€" not in page.inner_text("body"), "the page is read as UTF-8"
