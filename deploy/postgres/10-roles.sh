#!/bin/sh
# The postgres image runs this once, when it initialises an empty data directory: create the
# platform's owner and app roles (roles.sql, mounted at /etc/mexican-train/roles.sql) with the
# names and passwords of deploy/db.env and deploy/.env. See deploy/README.md, "Database roles".
set -e
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
    -v db="$POSTGRES_DB" \
    -v owner="$DB_OWNER_USER" -v owner_password="$DB_OWNER_PASSWORD" \
    -v app="$DB_APP_USER" -v app_password="$DB_APP_PASSWORD" \
    -f /etc/mexican-train/roles.sql
