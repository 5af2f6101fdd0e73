-- pg_net's SQL interface (asynchronous HTTP from SQL, as hosted Supabase has it), where the real extension cannot be
-- created: net.http_post / net.http_get queue a request and return its id at once; the backend's worker
-- (src/net.ts) sends it after the calling transaction commits and stores the answer in net._http_response (kept
-- six hours, as pg_net's default ttl). Only the superuser and service_role may queue requests.

create schema if not exists net;
revoke all on schema net from public;

create table if not exists net.http_request_queue (
  id bigserial primary key,
  method text not null,
  url text not null,
  headers jsonb not null default '{}'::jsonb,
  body bytea,
  timeout_milliseconds integer not null,
  -- The query parameters pg_net appends to the URL (added to the URL by the worker).
  params jsonb not null default '{}'::jsonb
);

create table if not exists net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create index if not exists _http_response_created_idx on net._http_response (created);

-- Wakes the worker once the queuing transaction commits (NOTIFY is delivered on commit).
create or replace function net._wake() returns trigger language plpgsql as $$
begin
  perform pg_notify('local_supabase_net', '');
  return null;
end $$;
drop trigger if exists wake_worker on net.http_request_queue;
create trigger wake_worker after insert on net.http_request_queue
  for each statement execute function net._wake();

create or replace function net.http_post(
  url text,
  body jsonb default '{}'::jsonb,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint language sql volatile security definer set search_path = '' as $$
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds, params)
  values ('POST', url, coalesce(headers, '{}'::jsonb), convert_to(coalesce(body, 'null'::jsonb)::text, 'UTF8'),
          timeout_milliseconds, coalesce(params, '{}'::jsonb))
  returning id;
$$;

create or replace function net.http_get(
  url text,
  params jsonb default '{}'::jsonb,
  headers jsonb default '{}'::jsonb,
  timeout_milliseconds integer default 5000
) returns bigint language sql volatile security definer set search_path = '' as $$
  insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds, params)
  values ('GET', url, coalesce(headers, '{}'::jsonb), null, timeout_milliseconds, coalesce(params, '{}'::jsonb))
  returning id;
$$;

revoke all on all tables in schema net from public, anon, authenticated;
revoke all on all functions in schema net from public, anon, authenticated;
grant usage on schema net to service_role;
grant select on net._http_response to service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer), net.http_get(text, jsonb, jsonb, integer)
  to service_role;
