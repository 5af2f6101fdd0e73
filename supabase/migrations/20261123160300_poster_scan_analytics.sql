-- Poster analytics: which landing page a scan reached and a salted hash of the visitor (never the raw address);
-- the poster's owner reads the last 30 days, or the full history with premium — decided here, not in the browser.
alter table public.poster_scans
  add column landing text not null default '/qr-welcome'
    check (landing in ('/qr-welcome', '/eboard-welcome', '/seaforth-darts-welcome')),
  add column visitor_hash text check (visitor_hash ~ '^[0-9a-f]{64}$'),
  add constraint poster_scans_source_length check (char_length(source) <= 100);

comment on column public.poster_scans.source is 'utm_source of the landing URL (the QR code sets "poster")';
comment on column public.poster_scans.visitor_hash is
  'sha256 of a secret salt, the poster id and what identifies the visitor; equal within a poster, unlinkable across posters';

create index poster_scans_visitor_idx on public.poster_scans (poster_id, visitor_hash, scanned_at desc);

-- The first moment the caller may see scans of: 30 days back without premium, null (all) with premium.
create or replace function public.poster_scan_history_start() returns timestamptz
language sql stable security invoker set search_path = '' as $$
  select case when coalesce((public.user_subscription_status() ->> 'has_premium')::boolean, false)
              then null else now() - interval '30 days' end;
$$;

grant execute on function public.poster_scan_history_start() to authenticated, service_role;

drop policy "poster_scans: poster owner or admin reads" on public.poster_scans;
create policy "poster_scans: owner reads 30 days, or all with premium; admin reads" on public.poster_scans
  for select to authenticated using (
    public.is_admin()
    or (exists (select 1 from public.posters p where p.id = poster_id and p.user_id = auth.uid())
        and scanned_at >= coalesce((select public.poster_scan_history_start()), '-infinity'::timestamptz)));

-- Scans per day (Europe/London days, zero-filled), by landing page, by source and by poster, with unique visitors,
-- for the caller's own posters (one, or all when poster is null) between two dates inclusive. Runs as the caller,
-- so the policy above decides which scans count.
create or replace function public.poster_scan_stats(poster uuid default null, from_date date default null,
  to_date date default null) returns jsonb
language plpgsql stable security invoker set search_path = '' as $$
declare
  tz constant text := 'Europe/London';
  today date := (now() at time zone tz)::date;
  d_to date := coalesce(to_date, today);
  d_from date := coalesce(from_date, coalesce(to_date, today) - 29);
  result jsonb;
begin
  if auth.uid() is null then
    raise exception 'Sign in to see poster analytics.' using errcode = '42501';
  end if;
  if d_from > d_to then
    raise exception 'The start date % is after the end date %.', d_from, d_to using errcode = '22023';
  end if;
  if d_to - d_from > 3660 then
    raise exception 'A date range is at most ten years.' using errcode = '22023';
  end if;
  with scans as (
    select s.poster_id, s.landing, coalesce(s.source, '(none)') as source,
           coalesce(s.visitor_hash, s.id::text) as visitor, (s.scanned_at at time zone tz)::date as day
      from public.poster_scans s
      join public.posters p on p.id = s.poster_id and p.user_id = auth.uid()
     where (poster_scan_stats.poster is null or s.poster_id = poster_scan_stats.poster)
       and s.scanned_at >= (d_from::timestamp at time zone tz)
       and s.scanned_at < ((d_to + 1)::timestamp at time zone tz)
  )
  select jsonb_build_object(
    'from', d_from,
    'to', d_to,
    'history_start', public.poster_scan_history_start(),
    'scans', (select count(*) from scans),
    'visitors', (select count(distinct (poster_id, visitor)) from scans),
    'by_day', (select coalesce(jsonb_agg(jsonb_build_object('day', g.day, 'scans', coalesce(c.scans, 0),
                 'visitors', coalesce(c.visitors, 0)) order by g.day), '[]'::jsonb)
                 from (select generate_series(d_from, d_to, interval '1 day')::date as day) g
                 left join (select day, count(*) as scans, count(distinct (poster_id, visitor)) as visitors
                              from scans group by day) c on c.day = g.day),
    'by_landing', (select coalesce(jsonb_agg(jsonb_build_object('landing', landing, 'scans', n, 'visitors', v)
                     order by n desc, landing), '[]'::jsonb)
                     from (select landing, count(*) as n, count(distinct (poster_id, visitor)) as v
                             from scans group by landing) x),
    'by_source', (select coalesce(jsonb_agg(jsonb_build_object('source', source, 'scans', n, 'visitors', v)
                    order by n desc, source), '[]'::jsonb)
                    from (select source, count(*) as n, count(distinct (poster_id, visitor)) as v
                            from scans group by source) x),
    'by_poster', (select coalesce(jsonb_agg(jsonb_build_object('poster_id', x.poster_id, 'title', p.title,
                    'scans', n, 'visitors', v) order by n desc, p.title), '[]'::jsonb)
                    from (select poster_id, count(*) as n, count(distinct visitor) as v from scans group by poster_id) x
                    join public.posters p on p.id = x.poster_id))
    into result;
  return result;
end;
$$;

revoke execute on function public.poster_scan_stats(uuid, date, date) from public, anon;
grant execute on function public.poster_scan_stats(uuid, date, date) to authenticated, service_role;
