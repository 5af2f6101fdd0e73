-- The E-Board display shows a QR code leading straight to the submission form: /eboard-submissions becomes a QR
-- landing page. Its scans are recorded like a poster's (record_poster_scan() with the anon key, the same
-- de-duplication and rate limit) against the poster the display is set up with, with the source 'eboard-display',
-- so the poster's owner counts the screen's scans apart from the printed posters'. The rest of the function is
-- unchanged.
alter table public.poster_scans drop constraint poster_scans_landing_check;
alter table public.poster_scans add constraint poster_scans_landing_check
  check (landing in ('/qr-welcome', '/eboard-welcome', '/seaforth-darts-welcome', '/eboard-submissions'));

create or replace function public.record_poster_scan(poster_id uuid, source text default null, user_agent text default null,
  referrer text default null, landing text default '/qr-welcome', visitor text default null)
returns void
language plpgsql volatile security definer set search_path = '' as $$
declare
  -- A visitor's repeat scans of one poster within this window count once.
  dedupe_window constant interval := interval '30 minutes';
  -- At most this many scans of one poster a minute are recorded (a flood changes the figures by no more).
  per_minute constant integer := 60;
  headers jsonb;
  address text;
  agent text;
  hash text;
begin
  if coalesce(current_setting('request.method', true), '') in ('GET', 'HEAD') then
    raise exception 'record_poster_scan records a scan: call it with POST'
      using errcode = '25006', hint = 'A GET request must not change data.';
  end if;
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'record_poster_scan records a scan: it cannot run in a read-only transaction'
      using errcode = '25006';
  end if;
  if record_poster_scan.landing is null
     or record_poster_scan.landing not in ('/qr-welcome', '/eboard-welcome', '/seaforth-darts-welcome',
                                           '/eboard-submissions') then
    raise exception 'landing must be /qr-welcome, /eboard-welcome, /seaforth-darts-welcome or /eboard-submissions'
      using errcode = '22023';
  end if;
  if not exists (select 1 from public.posters p where p.id = record_poster_scan.poster_id) then
    return;
  end if;
  begin
    headers := nullif(current_setting('request.headers', true), '')::jsonb;
  exception when others then
    headers := null;
  end;
  address := btrim(split_part(coalesce(headers ->> 'x-forwarded-for', ''), ',', 1));
  agent := left(coalesce(headers ->> 'user-agent', record_poster_scan.user_agent, ''), 500);
  hash := encode(sha256(convert_to(
            (select s.salt from private.poster_scan_salt s) || '|' || record_poster_scan.poster_id::text || '|' ||
            address || '|' || agent || '|' || left(coalesce(record_poster_scan.visitor, ''), 100), 'UTF8')), 'hex');
  -- One decision at a time per poster, so two quick visits cannot both pass the checks below.
  perform pg_advisory_xact_lock(hashtextextended('poster_scan:' || record_poster_scan.poster_id::text, 0));
  -- A request that carries neither an address nor a visitor id cannot be told from another: no de-duplication
  -- then (the rate limit below still holds).
  if (address <> '' or coalesce(record_poster_scan.visitor, '') <> '') and exists (select 1 from public.poster_scans s
              where s.poster_id = record_poster_scan.poster_id and s.visitor_hash = hash
                and s.scanned_at > now() - dedupe_window) then
    return;
  end if;
  if (select count(*) from public.poster_scans s
       where s.poster_id = record_poster_scan.poster_id and s.scanned_at > now() - interval '1 minute') >= per_minute then
    return;
  end if;
  insert into public.poster_scans (poster_id, landing, visitor_hash, source, referrer, user_agent)
  values (record_poster_scan.poster_id, record_poster_scan.landing, hash,
          nullif(left(record_poster_scan.source, 100), ''), left(record_poster_scan.referrer, 500), agent);
end;
$$;

revoke execute on function public.record_poster_scan(uuid, text, text, text, text, text) from public;
grant execute on function public.record_poster_scan(uuid, text, text, text, text, text)
  to anon, authenticated, service_role;
