-- pg_cron's SQL interface (Supabase Cron), where the real extension cannot be created: cron.schedule (a named job is
-- replaced by name), cron.unschedule, cron.job and cron.job_run_details. The backend's scheduler (src/cron.ts)
-- runs each active job's command as the superuser when its schedule (five cron fields in UTC, or '1–59 seconds')
-- comes round, and records each run. Only the superuser manages jobs, as on hosted Supabase (the postgres role).

create schema if not exists cron;
revoke all on schema cron from public;

create table if not exists cron.job (
  jobid bigserial primary key,
  schedule text not null,
  command text not null,
  nodename text not null default 'localhost',
  nodeport integer not null default 5432,
  database text not null default current_database(),
  username text not null default current_user,
  active boolean not null default true,
  jobname text
);
create unique index if not exists jobname_username_uniq on cron.job (jobname, username);

create table if not exists cron.job_run_details (
  jobid bigint,
  runid bigserial primary key,
  job_pid integer,
  database text,
  username text,
  command text,
  status text,
  return_message text,
  start_time timestamptz,
  end_time timestamptz
);

-- What pg_cron accepts: five fields (numbers, names, * , - / L #) or a @macro, or '1-59 seconds'.
create or replace function cron._check_schedule(schedule text) returns text language plpgsql immutable as $$
begin
  if schedule is null
     or not (schedule ~* '^\s*[0-9a-z*,/#?-]+(\s+[0-9a-z*,/#?-]+){4}\s*$'
             or schedule ~* '^\s*@(yearly|annually|monthly|weekly|daily|hourly)\s*$'
             or schedule ~* '^\s*([1-9]|[1-5][0-9])\s+seconds?\s*$') then
    raise exception 'invalid schedule: %', schedule using errcode = '22023';
  end if;
  return btrim(schedule);
end $$;

create or replace function cron.schedule(job_name text, schedule text, command text) returns bigint
language plpgsql volatile set search_path = '' as $$
declare
  id bigint;
begin
  insert into cron.job (jobname, schedule, command)
  values (job_name, cron._check_schedule(schedule), command)
  on conflict (jobname, username) do update
    set schedule = excluded.schedule, command = excluded.command, active = true
  returning jobid into id;
  return id;
end $$;

create or replace function cron.schedule(schedule text, command text) returns bigint
language sql volatile set search_path = '' as $$
  insert into cron.job (schedule, command) values (cron._check_schedule(schedule), command) returning jobid;
$$;

create or replace function cron.unschedule(job_id bigint) returns boolean
language plpgsql volatile set search_path = '' as $$
begin
  delete from cron.job where jobid = job_id;
  if not found then
    raise exception 'could not find valid entry for job %', job_id;
  end if;
  return true;
end $$;

create or replace function cron.unschedule(job_name text) returns boolean
language plpgsql volatile set search_path = '' as $$
begin
  delete from cron.job where jobname = job_name and username = current_user;
  if not found then
    raise exception 'could not find valid entry for job ''%''', job_name;
  end if;
  return true;
end $$;

-- Tells the scheduler that the jobs changed (delivered when the changing transaction commits).
create or replace function cron._wake() returns trigger language plpgsql as $$
begin
  perform pg_notify('local_supabase_cron', '');
  return null;
end $$;
drop trigger if exists wake_scheduler on cron.job;
create trigger wake_scheduler after insert or update or delete on cron.job
  for each statement execute function cron._wake();

revoke all on all tables in schema cron from public, anon, authenticated, service_role;
revoke all on all functions in schema cron from public, anon, authenticated, service_role;
