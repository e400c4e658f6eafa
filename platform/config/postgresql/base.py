"""Django's PostgreSQL backend, lending pooled connections with ``config.pool.check_unless_fresh``.

Django builds its psycopg_pool with ``check=ConnectionPool.check_connection`` when
``CONN_HEALTH_CHECKS`` is on: a round trip to the server for every connection the pool lends.
The web process borrows one for each request and for each database call of a socket command
(Channels' ``database_sync_to_async`` gives it back after each), so the check was a round trip
more on each of them: 16.7% of the web process's CPU in a round burst of 512 people
(docs/scaling.md). Django offers no setting for the check; a backend of one's own is its way
to change how the pool is built. ``pool`` below is Django 5.2's own, but for the check.
"""

from __future__ import annotations

from django.core.exceptions import ImproperlyConfigured
from django.db.backends.base.base import NO_DB_ALIAS
from django.db.backends.postgresql import base as postgresql

from config.pool import check_unless_fresh


class DatabaseWrapper(postgresql.DatabaseWrapper):
    @property
    def pool(self):
        pool_options = self.settings_dict["OPTIONS"].get("pool")
        if self.alias == NO_DB_ALIAS or not pool_options:
            return None
        if self.alias not in self._connection_pools:
            if self.settings_dict.get("CONN_MAX_AGE", 0) != 0:
                raise ImproperlyConfigured("Pooling doesn't support persistent connections.")
            if pool_options is True:
                pool_options = {}
            from psycopg_pool import ConnectionPool

            connect_kwargs = self.get_connection_params()
            connect_kwargs["autocommit"] = True  # Django sets it as it wants later on
            checks = self.settings_dict["CONN_HEALTH_CHECKS"]
            pool = ConnectionPool(
                kwargs=connect_kwargs,
                open=False,
                configure=self._configure_connection,
                check=check_unless_fresh if checks else None,
                **pool_options,
            )
            self._connection_pools.setdefault(self.alias, pool)
        return self._connection_pools[self.alias]
