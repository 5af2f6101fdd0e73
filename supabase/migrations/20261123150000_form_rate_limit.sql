-- Spam protection shared by the public forms: a per-address rate limit enforced by the database, whoever writes.
-- Addresses (client IP, e-mail) are kept only as SHA-256 hashes and only for a day, in a schema the API does not expose.
create schema if not exists private;
revoke all on schema private from public, anon, authenticated;

create table private.form_rate_limits (
  form text primary key,
  max_per_window integer not null check (max_per_window > 0),
  window_seconds integer not null check (window_seconds > 0)
);

insert into private.form_rate_limits (form, max_per_window, window_seconds)
values ('consultation', 5, 3600), ('contact', 5, 3600), ('eboard', 5, 3600);

create table private.form_rate_events (
  id bigint generated always as identity primary key,
  form text not null,
  address_hash text not null,
  created_at timestamptz not null default now()
);

create index form_rate_events_lookup_idx on private.form_rate_events (form, address_hash, created_at desc);
create index form_rate_events_age_idx on private.form_rate_events (created_at);

-- BEFORE INSERT on each form's table: trigger arguments are the form's name and its e-mail column.
-- Requests through the API only: the client address is the `submitted_from` column when the service role (a
-- server function) writes, else the first X-Forwarded-For address PostgREST passes in request.headers, else one
-- bucket per signed-in user or for all anonymous direct writes. `submitted_from` is always cleared: the row never stores it.
create or replace function private.enforce_form_rate_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  form_name text := tg_argv[0];
  headers jsonb;
  address text;
  mail text := lower(to_jsonb(new) ->> tg_argv[1]);
  lim record;
  key text;
  recent integer;
begin
  -- The database owner (migrations, seed, maintenance) and the service role writing without a client address
  -- (admin tooling) are not visitors: no limit.
  if coalesce(auth.role(), '') not in ('anon', 'authenticated', 'service_role')
     or (auth.role() = 'service_role' and nullif(new.submitted_from, '') is null) then
    new.submitted_from := null;
    return new;
  end if;
  if auth.role() = 'service_role' then
    address := left(new.submitted_from, 200);
  else
    begin
      headers := nullif(current_setting('request.headers', true), '')::jsonb;
    exception when others then
      headers := null;
    end;
    address := coalesce(nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
                        'direct:' || coalesce(auth.uid()::text, 'anonymous'));
  end if;
  new.submitted_from := null;

  select * into lim from private.form_rate_limits l where l.form = form_name;
  if not found then
    return new;
  end if;
  delete from private.form_rate_events e where e.created_at < now() - interval '1 day';
  foreach key in array array['ip:' || address, 'email:' || coalesce(mail, '')] loop
    key := encode(sha256(convert_to(key, 'UTF8')), 'hex');
    select count(*) into recent from private.form_rate_events e
      where e.form = form_name and e.address_hash = key
        and e.created_at > now() - make_interval(secs => lim.window_seconds);
    if recent >= lim.max_per_window then
      raise exception 'Too many submissions from this address; please try again later.'
        using errcode = 'P0001', hint = 'rate_limited';
    end if;
    insert into private.form_rate_events (form, address_hash) values (form_name, key);
  end loop;
  return new;
end;
$$;

revoke execute on function private.enforce_form_rate_limit() from public, anon, authenticated;
