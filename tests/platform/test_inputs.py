"""``core.inputs.whole_number``: the one query-parameter parser of every API."""

import pytest
from rest_framework.request import Request
from rest_framework.test import APIRequestFactory

from core.errors import ApplicationError
from core.inputs import whole_number


def query(**params) -> Request:
    return Request(APIRequestFactory().get("/x", params))


@pytest.mark.parametrize(
    ("raw", "expected"), [(None, 7), ("", 7), ("0", 0), ("12", 12), ("0012", 12)]
)
def test_a_whole_number_or_nothing_is_read(raw, expected):
    request = query(**({} if raw is None else {"n": raw}))
    assert whole_number(request, "n", default=7) == expected


@pytest.mark.parametrize("raw", ["-1", "+1", " 1", "1.0", "1e3", "abc", "١٢", "true"])
def test_anything_but_ascii_digits_is_refused_naming_the_parameter(raw):
    with pytest.raises(ApplicationError) as refused:
        whole_number(query(n=raw), "n")
    assert refused.value.code == "invalid_query"
    assert refused.value.status == 400
    assert refused.value.extra == {"fields": {"n": ["a whole number"]}}


def test_a_number_out_of_bounds_is_refused_with_them():
    with pytest.raises(ApplicationError) as refused:
        whole_number(query(n="51"), "n", lo=1, hi=50)
    assert refused.value.extra == {"fields": {"n": ["a whole number from 1 to 50"]}}
    assert whole_number(query(n="50"), "n", lo=1, hi=50) == 50
