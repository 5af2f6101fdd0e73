-- Rate limits keyed on what the caller cannot choose. The forms' server functions pass the client address the
-- platform's gateway reported (the `submitted_from` column, never stored) and, for a signed-in caller, their user
-- id (the row's `user_id`); each submission now counts against the address, the e-mail address and the user.
-- No forwarding header in request.headers decides a bucket any more: a caller chooses those.

create or replace function private.enforce_form_rate_limit() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  form_name text := tg_argv[0];
  row_data jsonb := to_jsonb(new);
  address text;
  mail text := lower(row_data ->> tg_argv[1]);
  member text;
  keys text[];
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
    member := row_data ->> 'user_id';
  else
    -- Visitors have no grant to write these tables; were one ever given, their writes share one bucket per
    -- signed-in user or one for everyone anonymous, never one a header names.
    address := 'direct:' || coalesce(auth.uid()::text, 'anonymous');
    member := auth.uid()::text;
  end if;
  new.submitted_from := null;

  select * into lim from private.form_rate_limits l where l.form = form_name;
  if not found then
    return new;
  end if;
  keys := array['ip:' || address, 'email:' || coalesce(mail, '')];
  if member is not null then
    keys := keys || ('user:' || member);
  end if;
  delete from private.form_rate_events e where e.created_at < now() - interval '1 day';
  foreach key in array keys loop
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

-- The chat: questions per window per client address and, for a signed-in visitor, per user as well.
drop function if exists public.claim_chat_turn(text);

create function public.claim_chat_turn(p_address text, p_user uuid default null) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  lim record;
  keys text[] := array['ip:' || left(coalesce(nullif(p_address, ''), 'unknown'), 200)];
  key text;
  hashes text[] := '{}';
  recent integer;
begin
  select * into lim from private.form_rate_limits l where l.form = 'chat';
  if not found then
    return true;
  end if;
  if p_user is not null then
    keys := keys || ('user:' || p_user::text);
  end if;
  foreach key in array keys loop
    key := encode(sha256(convert_to(key, 'UTF8')), 'hex');
    -- One address's (one user's) concurrent questions are counted one after another; always address, then user.
    perform pg_advisory_xact_lock(hashtextextended('chat:' || key, 0));
    hashes := hashes || key;
  end loop;
  delete from private.form_rate_events e where e.created_at < now() - interval '1 day';
  foreach key in array hashes loop
    select count(*) into recent from private.form_rate_events e
      where e.form = 'chat' and e.address_hash = key
        and e.created_at > now() - make_interval(secs => lim.window_seconds);
    if recent >= lim.max_per_window then
      return false;
    end if;
  end loop;
  foreach key in array hashes loop
    insert into private.form_rate_events (form, address_hash) values ('chat', key);
  end loop;
  return true;
end;
$$;

revoke execute on function public.claim_chat_turn(text, uuid) from public, anon, authenticated;
grant execute on function public.claim_chat_turn(text, uuid) to service_role;
