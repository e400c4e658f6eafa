"""The API's JSON parser: DRF's, with a nesting limit."""

from __future__ import annotations

import codecs

from django.conf import settings
from rest_framework import exceptions
from rest_framework import parsers
from rest_framework.utils import json

from core.errors import CoreError
from core.limits import MAX_JSON_DEPTH
from core.limits import JsonTooDeep
from core.limits import load_json


class JSONParser(parsers.JSONParser):
    """Parse a JSON body; a document nested deeper than ``MAX_JSON_DEPTH`` is 400
    ``invalid_json`` (DRF's own parser lets RecursionError escape as a 500)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", settings.DEFAULT_CHARSET)
        parse_constant = json.strict_constant if self.strict else None
        try:
            text = codecs.getreader(encoding)(stream).read()
            return load_json(text, parse_constant=parse_constant)
        except JsonTooDeep:
            raise exceptions.ParseError(
                f"JSON nested deeper than {MAX_JSON_DEPTH} levels", code=CoreError.INVALID_JSON
            ) from None
        except ValueError as exc:
            raise exceptions.ParseError(f"JSON parse error - {exc}") from None
