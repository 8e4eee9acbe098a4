"""Lessons by nbgitpuller from a repository on the hub's own machine.

A pupil's git refuses a repository another user owns ("dubious ownership"), so a local
repository of the pupils' edition must be named: ``ACELAB_HUB_LOCAL_REPOS`` (folders separated by
``:``, e.g. /srv/acelab-class). They go, as git's ``safe.directory``, in a git configuration file
for pupils (``ACELAB_HUB_GITCONFIG``, default ``PREFIX/etc/gitconfig``, root's, readable by all)
that their servers use as git's system configuration (it includes /etc/gitconfig). A repository on
GitHub or another server needs none of this. The folder must be readable by pupils, and hold the
pupils' edition only (``make class``), never this checkout.
"""

import os
from pathlib import Path

local_repos = [p for p in os.environ.get("ACELAB_HUB_LOCAL_REPOS", "").split(":") if p]
gitconfig = Path(os.environ.get("ACELAB_HUB_GITCONFIG", PREFIX / "etc" / "gitconfig"))
gitconfig.parent.mkdir(parents=True, exist_ok=True)
lines = ["[include]", "\tpath = /etc/gitconfig", "[safe]"]
for repo in local_repos:
    folder = Path(repo).resolve()
    lines += [f"\tdirectory = {folder}", f"\tdirectory = {folder / '.git'}"]
gitconfig.write_text("\n".join(lines) + "\n", encoding="utf-8")
os.chmod(gitconfig, 0o644)
c.Spawner.environment["GIT_CONFIG_SYSTEM"] = str(gitconfig)
