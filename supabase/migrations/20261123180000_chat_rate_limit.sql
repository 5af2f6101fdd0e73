-- The promotional chat's per-address limit: questions per window, counted in the forms' rate-limit tables
-- (addresses kept only as SHA-256 hashes, for a day). Only the chat server function (service role) may claim a turn.
insert into private.form_rate_limits (form, max_per_window, window_seconds)
values ('chat', 20, 600)
on conflict (form) do nothing;

-- True when the address may ask one more question now (and counts it); false past the limit.
create or replace function public.claim_chat_turn(p_address text) returns boolean
language plpgsql security definer set search_path = '' as $$
declare
  lim record;
  key text := encode(sha256(convert_to('ip:' || left(coalesce(nullif(p_address, ''), 'unknown'), 200), 'UTF8')), 'hex');
  recent integer;
begin
  select * into lim from private.form_rate_limits l where l.form = 'chat';
  if not found then
    return true;
  end if;
  -- One address's concurrent questions are counted one after another.
  perform pg_advisory_xact_lock(hashtextextended('chat:' || key, 0));
  delete from private.form_rate_events e where e.created_at < now() - interval '1 day';
  select count(*) into recent from private.form_rate_events e
    where e.form = 'chat' and e.address_hash = key
      and e.created_at > now() - make_interval(secs => lim.window_seconds);
  if recent >= lim.max_per_window then
    return false;
  end if;
  insert into private.form_rate_events (form, address_hash) values ('chat', key);
  return true;
end;
$$;

revoke execute on function public.claim_chat_turn(text) from public, anon, authenticated;
grant execute on function public.claim_chat_turn(text) to service_role;
