"""Each pupil's server: the pupil's own system user (``classhub.PupilSpawner``, created on the
pupil's first start, home ``HOMES/<name>`` with mode 0700), run from the pupils'
environment, with a clean environment: none of the hub's variables (``env_keep`` is only the
locale), only what JupyterHub gives it (its own API token, its name) and ``PATH``.

``JUPYTERHUB_USER`` (set by the hub) is the learner's name on every attempt; acelab's progress
store is ``~/.acelab`` and each lesson's answer file sits beside its notebook, in the pupil's home.
"""

c.JupyterHub.spawner_class = "classhub.PupilSpawner"
c.PupilSpawner.homes = str(HOMES)
c.PupilSpawner.user_prefix = USER_PREFIX
c.Spawner.cmd = [str(PUPILS_VENV / "bin" / "jupyterhub-singleuser")]
c.Spawner.env_keep = ["LANG", "LC_ALL"]
c.Spawner.environment = {
    "PATH": f"{PUPILS_VENV / 'bin'}:/usr/local/bin:/usr/bin:/bin",
    "VIRTUAL_ENV": str(PUPILS_VENV),
}
c.Spawner.default_url = "/lab"
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 180
