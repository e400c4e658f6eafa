"""What the admin may show of a game: never the seed (every deal to come) or the server seed of a
game whose deal is still hidden, and nothing of a game to a staff member with a stake in it.

Games are not edited here (the services write them); admins that list Game rows, such as
disputes.admin.AuditedGameAdmin, mix in ``GameSecretsAdminMixin``. ``SecretFieldsAdminMixin``
serves any model with such fields (a tournament round's secret, a deal group's server seed).
"""

from __future__ import annotations

from games.stakes import deal_hidden
from games.stakes import staff_stake

SECRET_FIELDS = ("seed", "server_seed")
"""Game fields that tell the deals to come: shown once the deal is public (games.stakes)."""


class SecretFieldsAdminMixin:
    """Leave ``secret_fields`` out of an object's page until ``revealed(obj)``, and out of every
    list, search and filter, where one row's secret cannot be told from another's: Django's
    admin filters a list by any field of the model named in the query string, so
    ``?seed__startswith=a`` would answer, row count by row count, what the page hides."""

    secret_fields: tuple[str, ...] = ()

    def revealed(self, obj) -> bool:
        return False

    def _secret(self, name: str) -> bool:
        return name.lstrip("^=@").split("__", 1)[0] in self.secret_fields

    def _hidden(self, obj) -> bool:
        return obj is None or not self.revealed(obj)

    def get_exclude(self, request, obj=None):
        exclude = list(super().get_exclude(request, obj) or ())
        if self._hidden(obj):
            exclude += [f for f in self.secret_fields if f not in exclude]
        return exclude

    def get_fields(self, request, obj=None):
        fields = super().get_fields(request, obj)
        return [f for f in fields if not self._secret(f)] if self._hidden(obj) else fields

    def get_readonly_fields(self, request, obj=None):
        fields = super().get_readonly_fields(request, obj)
        return [f for f in fields if not self._secret(f)] if self._hidden(obj) else fields

    def get_list_display(self, request):
        return [f for f in super().get_list_display(request) if not self._secret(f)]

    def get_search_fields(self, request):
        return [f for f in super().get_search_fields(request) if not self._secret(f)]

    def lookup_allowed(self, lookup, value, request=None):
        if self._secret(lookup):
            return False  # the list answers 400
        return super().lookup_allowed(lookup, value, request)


class GameSecretsAdminMixin(SecretFieldsAdminMixin):
    """A game's seed and server seed once its deal is public; no page of a game to a staff
    member with a stake in it (games.stakes)."""

    secret_fields = SECRET_FIELDS

    def revealed(self, obj) -> bool:
        return not deal_hidden(obj)

    def has_view_permission(self, request, obj=None):
        if obj is not None and staff_stake(request.user, obj) is not None:
            return False
        return super().has_view_permission(request, obj)
