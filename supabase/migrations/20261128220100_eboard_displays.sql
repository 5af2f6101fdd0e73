-- The E-Board's screens, known to administrators. An administrator registers a display (name, location) and gets its
-- secret key once; the display's URL carries it (/eboard-welcome?display=1&key=…) and only its SHA-256 is kept. Every
-- 60 s the display sends a heartbeat with the key, its version and what it is showing, through
-- eboard_display_heartbeat (security definer): a key that matches no display is refused, and nobody writes the
-- table directly — no insert grant for anyone, admins update only a display's name and location (RLS). Asking a
-- display to reload stamps reload_requested_at and broadcasts 'reload' on the public topic 'eboard-display:<id>';
-- the display also sees the new stamp in its next heartbeat's reply. A display without a key is not listed.
create table public.eboard_displays (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(btrim(name)) between 1 and 100),
  location text check (location is null or char_length(location) <= 200),
  key_hash text not null unique check (key_hash ~ '^[0-9a-f]{64}$'),
  version text check (version is null or char_length(version) <= 100),
  showing jsonb check (showing is null or octet_length(showing::text) <= 4000),
  last_seen timestamptz,
  reload_requested_at timestamptz,
  created_by uuid default auth.uid() references auth.users (id) on delete set null,
  created_at timestamptz not null default now()
);

alter table public.eboard_displays enable row level security;

create policy "eboard displays: admins read" on public.eboard_displays
  for select to authenticated using (public.is_admin());
create policy "eboard displays: admins rename" on public.eboard_displays
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "eboard displays: admins remove" on public.eboard_displays
  for delete to authenticated using (public.is_admin());

revoke all on public.eboard_displays from anon;
revoke insert, update, truncate, references, trigger on public.eboard_displays from authenticated;
grant select, delete on public.eboard_displays to authenticated;
grant update (name, location) on public.eboard_displays to authenticated;

create or replace function private.eboard_display_key_hash(p_key text) returns text
language sql immutable set search_path = '' as $$
  select encode(sha256(convert_to(p_key, 'UTF8')), 'hex');
$$;

-- Registers a display; answers its id and its key, which is never shown again.
create or replace function public.register_eboard_display(p_name text, p_location text default null)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  secret text := replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', '');
  new_id uuid;
begin
  if not public.is_admin() then
    raise exception 'Only administrators register displays' using errcode = '42501';
  end if;
  if p_name is null or char_length(btrim(p_name)) = 0 then
    raise exception 'Give the display a name' using errcode = '22023';
  end if;
  if char_length(btrim(p_name)) > 100 then
    raise exception 'The name must be 100 characters or fewer' using errcode = '22023';
  end if;
  if char_length(btrim(coalesce(p_location, ''))) > 200 then
    raise exception 'The location must be 200 characters or fewer' using errcode = '22023';
  end if;
  insert into public.eboard_displays (name, location, key_hash)
  values (btrim(p_name), nullif(btrim(coalesce(p_location, '')), ''), private.eboard_display_key_hash(secret))
  returning id into new_id;
  return jsonb_build_object('id', new_id, 'key', secret);
end;
$$;

-- A display says it is alive. Refused unless the key is a registered display's.
create or replace function public.eboard_display_heartbeat(p_key text, p_version text, p_showing jsonb)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  d public.eboard_displays;
begin
  if p_key is null or p_key !~ '^[0-9a-f]{64}$' then
    raise exception 'Unknown display' using errcode = '42501';
  end if;
  if p_version is not null and char_length(p_version) > 100 then
    raise exception 'The version must be 100 characters or fewer' using errcode = '22023';
  end if;
  if p_showing is not null and octet_length(p_showing::text) > 4000 then
    raise exception 'What the display shows must be under 4000 bytes' using errcode = '22023';
  end if;
  update public.eboard_displays
     set last_seen = now(), version = p_version, showing = p_showing
   where key_hash = private.eboard_display_key_hash(p_key)
  returning * into d;
  if d.id is null then
    raise exception 'Unknown display' using errcode = '42501';
  end if;
  return jsonb_build_object('id', d.id, 'name', d.name, 'location', d.location,
                            'reload_requested_at', d.reload_requested_at);
end;
$$;

-- An administrator asks a display to reload.
create or replace function public.request_eboard_display_reload(p_id uuid) returns timestamptz
language plpgsql volatile security definer set search_path = '' as $$
declare
  stamp timestamptz := clock_timestamp();
begin
  if not public.is_admin() then
    raise exception 'Only administrators reload displays' using errcode = '42501';
  end if;
  update public.eboard_displays set reload_requested_at = stamp where id = p_id;
  if not found then
    raise exception 'No such display' using errcode = 'PT404';
  end if;
  perform realtime.send(jsonb_build_object('reload_requested_at', stamp), 'reload', 'eboard-display:' || p_id, false);
  return stamp;
end;
$$;

revoke all on function private.eboard_display_key_hash(text) from public;
revoke execute on function public.register_eboard_display(text, text) from public, anon;
grant execute on function public.register_eboard_display(text, text) to authenticated;
revoke execute on function public.eboard_display_heartbeat(text, text, jsonb) from public;
grant execute on function public.eboard_display_heartbeat(text, text, jsonb) to anon, authenticated;
revoke execute on function public.request_eboard_display_reload(uuid) from public, anon;
grant execute on function public.request_eboard_display_reload(uuid) to authenticated;

alter publication supabase_realtime add table public.eboard_displays;
