import os
import urllib.request

import pytest

from tests.support.server import served


@pytest.mark.slow
def test_serve_migrates_and_serves_the_home_page(tmp_path):
    env = {**os.environ, "DJANGO_SQLITE_PATH": str(tmp_path / "db.sqlite3")}
    for name in ("DATABASE_URL", "DJANGO_SETTINGS_MODULE"):
        env.pop(name, None)
    with served(env, tmp_path / "serve.log", timeout=60) as url:
        with urllib.request.urlopen(url + "/", timeout=5) as resp:
            status, body = resp.status, resp.read()
    assert status == 200
    assert b"The platform is running" in body
    assert (tmp_path / "db.sqlite3").exists()
