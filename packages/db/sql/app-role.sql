-- The two-role set-up on PostgreSQL: append-only by privilege, not by convention.
--
--   owner role (e.g. `t0`): owns the database and its tables, runs the migrations
--                          (MIGRATION_DATABASE_URL, or `pnpm db:migrate` with DATABASE_URL set to it);
--   app role `t0_app`:     what the product runs as (DATABASE_URL). It reads and writes every table,
--                          except that on `signal_events` and `audit_log` it may only SELECT and
--                          INSERT: no UPDATE, DELETE or TRUNCATE, whatever a trigger says.
--
-- Run this file as the owner role, connected to the product's database, before or after the
-- migrations (it is idempotent; run it again after restoring a dump). Set the app role's password
-- first, e.g. `create role t0_app login password '…'` as a superuser, or let this file create it
-- without one and `alter role t0_app password '…'` afterwards. The migration
-- 20261207500000_record_checkpoints revokes the same rights again whenever it finds `t0_app`.

do $$
begin
  if not exists (select 1 from pg_roles where rolname = 't0_app') then
    create role t0_app login;
  end if;
end $$;

-- pg-boss keeps its queue in its own schema, which the app creates on first start.
do $$ begin execute format('grant connect, create on database %I to t0_app', current_database()); end $$;
grant usage on schema public to t0_app;

-- Tables the owner creates from now on (later migrations): the ordinary rights, never TRUNCATE.
alter default privileges in schema public grant select, insert, update, delete on tables to t0_app;
alter default privileges in schema public grant usage, select on sequences to t0_app;

-- Tables that exist already.
grant select, insert, update, delete on all tables in schema public to t0_app;
grant usage, select on all sequences in schema public to t0_app;

-- The two logs: append and read only (once the migrations created them; the migration that
-- follows them does the same whenever it finds t0_app).
do $$
declare
  t text;
begin
  foreach t in array array['signal_events', 'audit_log'] loop
    if to_regclass('public.' || t) is not null then
      execute format('revoke update, delete, truncate on %I from t0_app', t);
      execute format('grant select, insert on %I to t0_app', t);
    end if;
  end loop;
end $$;
