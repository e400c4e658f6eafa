"""Settings of the platform the browser lane serves: the platform's own, with a cheap password
hash.

Every browser test signs its people up (and some log in again) through the pages; with the
platform's PBKDF2 (a million rounds, about 0.5 s of a core each here) the lane spent minutes of
its two cores hashing. The hash is not what those tests are about: the sign-up and log-in code
is the same, and the in-process tests run with the same hasher (tests/conftest.py). The
documented commands' tests (tests/deploy, tests/platform/test_serve.py) run the platform's own
settings.
"""

from config.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
