"""The test run never touches the learner's real progress store."""

import os
import tempfile
from pathlib import Path


def test_the_whole_run_saves_into_a_throw_away_home():
    home = Path(os.environ["ACELAB_HOME"])
    assert home.name.startswith("acelab-test-home-")
    assert home.parent == Path(tempfile.gettempdir())
    assert home != Path.home() / ".acelab"
