-- What hosted Supabase has before any project migration: API roles, schemas and default privileges.
-- Runs unchanged on PGlite and PostgreSQL 15, and is idempotent (roles are cluster-wide on PostgreSQL: two backends
-- starting at once on one cluster may race to create a role, which fails with unique_violation rather than
-- duplicate_object, so both are taken as "already there").

do $$ begin create role anon nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role authenticated nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role service_role nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role supabase_storage_admin nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role supabase_auth_admin nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
-- Hosted Supabase's other roles, so that migrations naming them (grants, `alter default privileges for role …`,
-- `alter role … set …`) apply unchanged.
do $$ begin create role supabase_admin nologin noinherit createrole createdb bypassrls; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role dashboard_user nologin noinherit createrole createdb; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role pgbouncer nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role supabase_replication_admin nologin noinherit; exception when duplicate_object or unique_violation then null; end $$;
do $$ begin create role supabase_read_only_user nologin noinherit bypassrls; exception when duplicate_object or unique_violation then null; end $$;
-- PostgREST's login role: it switches to the API roles per request, and its settings apply to all of them.
do $$ begin create role authenticator login noinherit; exception when duplicate_object or unique_violation then null; end $$;
grant anon, authenticated, service_role to authenticator;

-- Supabase's statement timeouts (anon 3s, authenticated and the login role 8s), applied per request as PostgREST
-- applies the impersonated role's settings. Set only where the project has not set its own (`alter role … set`).
do $$
declare
  defaults constant text[][] := array[['anon', '3s'], ['authenticated', '8s'], ['authenticator', '8s']];
  i int;
begin
  for i in 1 .. array_length(defaults, 1) loop
    if not exists (
      select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
       where r.rolname = defaults[i][1] and s.setdatabase = 0
         and exists (select 1 from unnest(s.setconfig) c where c like 'statement_timeout=%')
    ) then
      execute format('alter role %I set statement_timeout = %L', defaults[i][1], defaults[i][2]);
    end if;
  end loop;
end $$;

create schema if not exists extensions;
create extension if not exists pgcrypto with schema extensions;
create schema if not exists auth;
create schema if not exists storage;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

-- Supabase grants the API roles everything in public by default; row-level security narrows it.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
