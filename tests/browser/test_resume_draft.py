"""A half-built equation survives a kernel restart in a real JupyterLab (Debian's Chromium).

Seed 4726170 (the notebook's deal): choose Duke, draw K♣, put K♣ on Duke: 13 / … is on the
table. The kernel is restarted and the notebook run again; the panel offers the game, and once
resumed K♣ is back on Duke, the equation is typeset again and the status line says it was kept.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import (
    _wait_kernel_idle,
    assert_no_broken_widgets,
    screenshot,
    wait_settled,
)
from tests.browser.test_ace_pilot import click, open_panel, status

pytestmark = pytest.mark.browser


def restart_kernel_and_run_all(page) -> None:  # type: ignore[no-untyped-def]
    """Kernel > Restart Kernel…, say yes, then Run > Run All Cells, and wait for every cell."""
    page.locator(".lm-MenuBar-item", has_text="Kernel").first.click()
    page.locator("li.lm-Menu-item[data-command='kernelmenu:restart']").click()
    page.locator(".jp-Dialog .jp-mod-accept").click()
    page.locator(".jp-Dialog").wait_for(state="detached")
    page.wait_for_timeout(1000)  # the status bar says "Restarting", then "Idle"
    _wait_kernel_idle(page)
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator("li.lm-Menu-item[data-command='runmenu:run-all']").click()


def test_a_half_built_equation_is_back_after_a_kernel_restart(page, jupyter_lab):
    page.set_viewport_size({"width": 1024, "height": 768})
    panel, table = open_panel(page, jupyter_lab)
    click(table, "[data-card='AD']")  # Duke is the Starting Pilot
    click(table, "[data-zone='odds'] [data-card='KC']")
    click(table, "[data-zone='hand'] [data-card='KC']")
    click(table, "[data-zone='ace:D'] [data-card='AD']")
    expect(table.locator("[data-zone='ace:D'] [data-card='KC']")).to_have_count(1)

    restart_kernel_and_run_all(page)
    panel = page.locator(".acelab-ace-pilot").first
    table = panel.locator(".acelab-table-widget")
    table.locator("[data-control='resume:yes']").wait_for(timeout=180_000)
    _wait_kernel_idle(page)
    assert "Resume it?" in status(table)
    click(table, "[data-control='resume:yes']")

    expect(table.locator("[data-zone='ace:D'] [data-card='KC']")).to_have_count(1)
    expect(table.locator("[data-zone='hand'] [data-card='KC']")).to_have_class(
        re.compile("acelab-t-dimmed")  # in the equation, so greyed in the hand
    )
    assert status(table).endswith(
        "Welcome back: your game goes on after 2 moves, with your equation 13 / … still on "
        "the table."
    )
    panel.locator(".acelab-equation mjx-container").first.wait_for()
    assert_no_broken_widgets(page)
    panel.evaluate("node => node.scrollIntoView({block: 'start'})")
    screenshot(page, "ace_pilot_resumed_draft")

    click(table, "[data-zone='hand'] [data-card='QC']")  # and the building goes on
    click(table, "[data-zone='ace:D'] [data-card='AD']")
    expect(table.locator("[data-zone='ace:D'] [data-card='QC']")).to_have_count(1)
    wait_settled(table)
