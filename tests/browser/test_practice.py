"""Ace Pilot Practice (the Ace Pilot panel in Practice mode) in JupyterLab and as a Voila app,
and My progress in JupyterLab, in Debian's Chromium (issue 26)."""

import re

import pytest

from tests.browser.conftest import (
    assert_no_broken_widgets,
    in_viewport,
    open_notebook_and_run_all,
    screenshot,
    wait_settled,
)

pytestmark = pytest.mark.browser

NOTEBOOK = "ace_pilot/practice.ipynb"
VALUES = {"J": 11, "Q": 12, "K": 13}
REASON = re.compile(r"A first deal at your level|This one (needs|is|has)")


def click(table, selector: str) -> None:  # type: ignore[no-untyped-def]
    table.locator(selector).first.click()
    wait_settled(table)


def hand_card(table, value: int, used: set[str]) -> str:  # type: ignore[no-untyped-def]
    """The key of a card of ``value`` in the hand not ``used`` yet (now it is)."""
    keys = table.locator("[data-zone='hand'] [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    )
    found = next(
        k for k in keys if k not in used and (VALUES.get(k[:-1]) == value or k[:-1] == str(value))
    )
    used.add(found)
    return found


def build_the_way(table, way: str, start: str) -> None:  # type: ignore[no-untyped-def]
    """Build the equation "One way: H(2,6) D(4,2)." says, card by card, with clicks (a pilot
    left of the row dragged onto its + pilot space), and round Duke until it makes the target."""
    groups = [
        (s, [int(v) for v in vs.split(",")]) for s, vs in re.findall(r"([HSCD])\(([\d,]+)\)", way)
    ]
    at = next(i for i, (suit, _) in enumerate(groups) if suit == start)
    used: set[str] = set()
    for value in groups[at][1]:
        click(table, f"[data-zone='hand'] [data-card='{hand_card(table, value, used)}']")
        click(table, f"[data-zone='ace:{start}'] [data-card='A{start}']")
    order = [(i, True) for i in range(at - 1, -1, -1)] + [
        (i, False) for i in range(at + 1, len(groups))
    ]
    for index, left in order:
        suit, values = groups[index]
        if left:
            pilot = table.locator(f"[data-zone='ready'] [data-card='A{suit}']")
            pilot.drag_to(table.locator("[data-zone='slot:0']"))
            wait_settled(table)
            click(table, f"[data-zone='hand'] [data-card='{hand_card(table, values[0], used)}']")
        else:
            click(table, f"[data-zone='hand'] [data-card='{hand_card(table, values[0], used)}']")
            click(table, f"[data-zone='ready'] [data-card='A{suit}']")  # joins on the right
        for value in values[1:]:
            click(table, f"[data-zone='hand'] [data-card='{hand_card(table, value, used)}']")
            click(table, f"[data-zone='ace:{suit}'] [data-card='A{suit}']")
    steps = table.locator("[data-control^='round:'][data-control$=':up']").count()
    for choice in range(2**steps):
        if ", the target" in table.page.locator(".acelab-equation").first.inner_text():
            break
        for step in range(steps):
            way_round = "up" if choice >> step & 1 else "down"
            click(table, f"[data-control='round:{step}:{way_round}']")


def test_a_practice_round_played_with_clicks_then_the_next_deal(page, jupyter_lab):
    page.set_viewport_size({"width": 1280, "height": 1000})
    open_notebook_and_run_all(page, jupyter_lab, NOTEBOOK)
    page.keyboard.press("Control+b")
    panel = page.locator(".acelab-ace-pilot").first
    table = panel.locator(".acelab-table-widget")
    table.wait_for(state="visible")
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    box = panel.locator(".acelab-practice-deal")
    first = box.inner_text()
    assert REASON.search(first) and "times in 100" in first and "starts" in first
    assert "you start in the middle" in first  # a new learner is told
    start = re.search(r"(Hailey|Sabina|Cam|Duke) starts", first)
    assert start is not None
    letter = {"Hailey": "H", "Sabina": "S", "Cam": "C", "Duke": "D"}[start.group(1)]
    assert table.locator("[data-control='new']").count() == 0
    click(table, "[data-control='practice:way']")
    said = table.locator(".acelab-t-status").inner_text()
    assert "One way:" in said, said
    said = said[said.index("One way:") :]
    assert "counts as not solved" in box.inner_text()
    build_the_way(table, said.split(". ")[0], letter)
    click(table, "[data-control='confirm']")
    prompt = table.locator(".acelab-t-prompt").inner_text()
    assert "Press Next deal" in prompt and "counts as not solved" in prompt, (said, prompt)
    assert "rating: -" in box.inner_text() and "counts as not solved" in box.inner_text()
    assert "Practice deal solved" in panel.locator(".acelab-move-log").inner_text()
    assert_no_broken_widgets(page)
    screenshot(page, "practice_lab_round_over")
    click(table, "[data-control='practice:next']")
    page.wait_for_function(
        "([el, before]) => el.innerText !== before", arg=[box.element_handle(), first]
    )
    second = box.inner_text()
    assert REASON.search(second) and "times in 100" in second
    assert "you start in the middle" not in second
    assert table.locator("[data-control='practice:way']").count() == 1
    assert_no_broken_widgets(page)


def test_practice_in_voila_at_1024_by_768(page, voila_server):
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(voila_server(NOTEBOOK, fresh=True))
    panel = page.locator(".acelab-ace-pilot").first
    panel.wait_for(state="visible", timeout=90_000)
    table = panel.locator(".acelab-table-widget")
    wait_settled(table)
    box = panel.locator(".acelab-practice-deal")
    first = box.inner_text()
    assert "target" in first and "starts" in first and "times in 100" in first
    assert REASON.search(first)
    assert in_viewport(page, box)  # the reason is seen without scrolling
    assert_no_broken_widgets(page)
    screenshot(page, "practice_voila_1024")
    click(table, "[data-control='practice:way']")
    assert "One way:" in table.locator(".acelab-t-status").inner_text()
    click(table, "[data-control='practice:next']")  # shown a way: counted, so no question
    page.wait_for_function(
        "([el, before]) => el.innerText !== before", arg=[box.element_handle(), first]
    )
    assert "rating" in box.inner_text()
    assert_no_broken_widgets(page)


def test_my_progress_runs_in_jupyterlab(page, jupyter_lab):
    open_notebook_and_run_all(page, jupyter_lab, "my_progress.ipynb")
    page.get_by_text("Next:").first.wait_for()
    assert page.locator(".jp-OutputArea-output img").count() == 2  # both plots
    assert_no_broken_widgets(page)
    screenshot(page, "my_progress")
