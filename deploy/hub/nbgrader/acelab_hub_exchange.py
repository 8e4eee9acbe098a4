"""nbgrader's collect on the class hub, taking each pupil's own submissions only (issue 23).

nbgrader's exchange lets anybody submit under any student id (``nbgrader submit --student=ben``),
and ``nbgrader collect`` takes the latest submission of each id, only warning when the folder's
owner is not the id. On the class hub each pupil is a system user (``acelab-ben`` for ``ben``), so
this collect keeps, for each pupil, the latest submission **owned by that pupil's system user**;
a submission made under another pupil's name is left where it is, and said in one sentence in
collect's log. install.sh puts this module in the pupils' environment and the environment's
``nbgrader_config.py`` chooses it in the teacher's server (``ACELAB_TEACHER=1``), where
``ACELAB_USER_PREFIX`` names the prefix of pupils' system users. Elsewhere it is nbgrader's own.
"""

from __future__ import annotations

import os
import pwd
from typing import Any

from nbgrader.exchange.default.collect import ExchangeCollect


def owner_of(path: str) -> str:
    """The name of the user who owns ``path`` (``"an unknown user"`` if none)."""
    try:
        return pwd.getpwuid(os.stat(path).st_uid).pw_name
    except KeyError:
        return "an unknown user"


class OwnedCollect(ExchangeCollect):  # type: ignore[misc]
    """nbgrader's collect, taking only the submissions each pupil's own system user made."""

    def _sort_by_timestamp(self, records: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """One pupil's submissions, latest first, those their own system user made before the
        rest; each of the rest is said in a sentence."""
        latest = super()._sort_by_timestamp(records)
        for record in latest:
            if not self._owned(record):
                self.log.warning(
                    "The submission %s says it is %s's but %s made it, so it is not collected "
                    "(only %s's own submissions are).",
                    record["filename"],
                    record["username"],
                    owner_of(os.path.join(self.inbound_path, record["filename"])),
                    record["username"],
                )
        return sorted(latest, key=lambda record: not self._owned(record))  # stable: owned first

    def _owned(self, record: dict[str, Any]) -> bool:
        prefix = os.environ.get("ACELAB_USER_PREFIX", "")
        if not prefix:
            return True
        path = os.path.join(self.inbound_path, record["filename"])
        return owner_of(path) == prefix + record["username"]

    def copy_files(self) -> None:
        """Collect the chosen submissions, leaving out any that is not its pupil's own."""
        self.check_owner = False  # checked here, against the pupil's system user
        self.src_records = [record for record in self.src_records if self._owned(record)]
        super().copy_files()
