"""WSGI entry point (the platform is served over ASGI; this exists for tooling)."""

import os
import sys
from pathlib import Path

PLATFORM_DIR = str(Path(__file__).resolve().parents[1])
if PLATFORM_DIR not in sys.path:
    sys.path.insert(0, PLATFORM_DIR)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()
