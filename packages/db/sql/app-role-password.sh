#!/bin/sh
# docker-compose.yml: gives the product's role (created by app-role.sql) its password.
set -e
psql -v ON_ERROR_STOP=1 -v pw="${T0_APP_PASSWORD:?}" --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" <<'SQL'
alter role t0_app password :'pw';
SQL
