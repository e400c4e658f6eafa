-- The platform's two database roles (deploy/README.md, "Database roles"). Run once, as a
-- superuser (or the managed service's admin role), against the server:
--
--   psql "$ADMIN_URL" -v ON_ERROR_STOP=1 -v db=mexican_train \
--     -v owner=mexican_train -v owner_password="$DB_OWNER_PASSWORD" \
--     -v app=mexican_train_app -v app_password="$DB_APP_PASSWORD" -f deploy/postgres/roles.sql
--
-- The compose file's postgres service runs it by itself at its first start (10-roles.sh).
-- Safe to run again: it creates what is missing and resets the passwords.
--
-- owner: owns the database, its public schema and, through `manage.py migrate`, every table.
--        MIGRATE_DATABASE_URL; only the migrate job connects as it.
-- app:   owns nothing, not a superuser: DATABASE_URL of web, worker and beat. It cannot alter a
--        table (so cannot switch the event table's append-only trigger off), set
--        session_replication_role, or truncate. Its rights on the tables are granted by
--        `manage.py migrate` as the owner (eventstore.roles), every time it runs.

-- Never demote the role running this (it would lose its superuser rights) or merge the two.
SELECT current_user IN (:'owner', :'app') OR :'owner' = :'app' AS refused \gset
\if :refused
DO $$ BEGIN RAISE EXCEPTION 'roles.sql: owner and app must be two roles, neither the one running it'; END $$;
\endif

SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT', :'owner')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'owner') \gexec
SELECT format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT', :'app')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'app') \gexec
ALTER ROLE :"owner" LOGIN NOSUPERUSER NOCREATEROLE NOREPLICATION NOBYPASSRLS PASSWORD :'owner_password';
ALTER ROLE :"app" LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS NOINHERIT PASSWORD :'app_password';

ALTER DATABASE :"db" OWNER TO :"owner";
REVOKE ALL ON DATABASE :"db" FROM PUBLIC;
GRANT CONNECT, TEMPORARY ON DATABASE :"db" TO :"app";

\connect :"db"
ALTER SCHEMA public OWNER TO :"owner";
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
GRANT USAGE ON SCHEMA public TO :"app";
