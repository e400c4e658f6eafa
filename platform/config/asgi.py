"""ASGI entry point: `uvicorn config.asgi:application` (platform/ must be importable)."""

import os
import sys
from pathlib import Path

# platform/ is a source folder, not a package; put it on sys.path for servers started from
# the repository root with only "." importable.
PLATFORM_DIR = str(Path(__file__).resolve().parents[1])
if PLATFORM_DIR not in sys.path:
    sys.path.insert(0, PLATFORM_DIR)

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

from django.core.asgi import get_asgi_application  # noqa: E402

application = get_asgi_application()
