-- QR scans of posters (poster analytics). Written by the record-poster-scan function with the service role,
-- or by public.record_poster_scan(); read by the poster's owner and admins.
create table public.poster_scans (
  id bigint generated always as identity primary key,
  poster_id uuid not null references public.posters (id) on delete cascade,
  scanned_at timestamptz not null default now(),
  source text,
  user_agent text,
  referrer text
);

create index poster_scans_poster_idx on public.poster_scans (poster_id, scanned_at desc);

alter table public.poster_scans enable row level security;

create policy "poster_scans: poster owner or admin reads" on public.poster_scans
  for select to authenticated using (
    public.is_admin() or exists (select 1 from public.posters p where p.id = poster_id and p.user_id = auth.uid()));
create policy "poster_scans: admin deletes" on public.poster_scans
  for delete to authenticated using (public.is_admin());

-- Anyone holding a QR code records one scan; security definer because visitors cannot see posters.
create or replace function public.record_poster_scan(poster_id uuid, source text default null,
  user_agent text default null, referrer text default null) returns boolean
language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from public.posters p where p.id = record_poster_scan.poster_id) then
    return false;
  end if;
  insert into public.poster_scans (poster_id, source, user_agent, referrer)
  values (record_poster_scan.poster_id, left(record_poster_scan.source, 100),
          left(record_poster_scan.user_agent, 500), left(record_poster_scan.referrer, 500));
  return true;
end;
$$;

revoke execute on function public.record_poster_scan(uuid, text, text, text) from public;
grant execute on function public.record_poster_scan(uuid, text, text, text) to anon, authenticated, service_role;
