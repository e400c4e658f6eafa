"""Every choice label a person sees (the pages, the admin, ``get_*_display``) is marked for
translation: a TextChoices of any app whose label is a plain string fails here."""

from __future__ import annotations

import pytest
from django.apps import apps
from django.db import models
from django.utils import translation
from django.utils.functional import Promise

from disputes.models import DisputeCategory
from disputes.models import DisputeStatus
from games.models import GameStatus
from ratings.models import RatedGameState
from ratings.models import RatingKind
from tournaments.models import TournamentFormat

PROJECT_APPS = ("games", "tournaments", "disputes", "ratings", "accounts", "trust")


def project_choices() -> list[type[models.TextChoices]]:
    found = []
    for label in PROJECT_APPS:
        try:
            module = apps.get_app_config(label).models_module
        except LookupError:
            continue
        found += [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, models.Choices)
            and value.__module__ == module.__name__
        ]
    return found


def test_the_choices_are_found():
    assert {GameStatus, DisputeStatus, DisputeCategory, RatedGameState, RatingKind} <= set(
        project_choices()
    )


@pytest.mark.parametrize("choices", project_choices(), ids=lambda c: c.__name__)
def test_every_choice_label_is_marked_for_translation(choices):
    plain = [member.value for member in choices if not isinstance(member.label, Promise)]
    assert not plain, f"{choices.__name__}: labels not marked with gettext_lazy: {plain}"


def test_the_labels_are_read_in_the_readers_language():
    with translation.override("ja"):
        assert str(GameStatus.ACTIVE.label) == "対局中"
        assert str(DisputeStatus.OPEN.label) == "未対応"
        assert str(DisputeCategory.COLLUSION.label) == "共謀・手加減"
        assert str(RatedGameState.ABORTED.label) == "レーティング対象外"
    with translation.override("en"):
        assert str(GameStatus.OPEN.label) == "Waiting for players"
        assert str(TournamentFormat.SWISS.label) == "Swiss"
