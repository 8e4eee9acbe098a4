"""Settings for every test run, the notebooks' (nbval) included: never the learner's real store.

Panels save play in the progress store at ``$ACELAB_HOME``; a test run, and every kernel and
process it starts, gets a throw-away folder instead of ``~/.acelab``.
"""

import os
import tempfile

os.environ["ACELAB_HOME"] = tempfile.mkdtemp(prefix="acelab-test-home-")
