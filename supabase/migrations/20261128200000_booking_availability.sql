-- Instant booking's availability, as administrators set it: the weekly working hours (London wall-clock time), each
-- consultation type's booking rules, the team's days off and when a booking stops being changeable. Everyone reads
-- them (no personal data: the free times are computed from them); only administrators write them.

-- ---------------------------------------------------------------- working hours
create table public.booking_hours (
  id uuid primary key default gen_random_uuid(),
  -- 0 Sunday … 6 Saturday.
  weekday smallint not null check (weekday between 0 and 6),
  opens time not null,
  closes time not null,
  constraint booking_hours_order check (closes > opens),
  constraint booking_hours_quarter_hours check (
    extract(second from opens) = 0 and extract(second from closes) = 0
    and extract(minute from opens)::int % 15 = 0 and extract(minute from closes)::int % 15 = 0)
);

create index booking_hours_weekday_idx on public.booking_hours (weekday, opens);

insert into public.booking_hours (weekday, opens, closes)
select d, time '09:00', time '17:00' from generate_series(1, 5) as d;

-- ---------------------------------------------------------------- settings (one row)
create table public.booking_settings (
  id boolean primary key default true check (id),
  -- A booking may be changed or cancelled until this many minutes before it starts.
  manage_cutoff_minutes integer not null default 1440 check (manage_cutoff_minutes between 0 and 10080),
  updated_at timestamptz not null default now()
);

insert into public.booking_settings (id) values (true);

create trigger booking_settings_set_updated_at before update on public.booking_settings
  for each row execute function public.set_updated_at();

-- ---------------------------------------------------------------- days off (bank holidays come from the rules)
create table public.booking_days_off (
  day date primary key,
  reason text not null check (char_length(btrim(reason)) between 1 and 200),
  created_at timestamptz not null default now()
);

-- ---------------------------------------------------------------- each type's rules
alter table public.consultation_services
  add column booking_mode text not null default 'instant' check (booking_mode in ('instant', 'request')),
  add column buffer_before_minutes integer not null default 0 check (buffer_before_minutes between 0 and 240),
  add column buffer_after_minutes integer not null default 0 check (buffer_after_minutes between 0 and 240),
  add column min_notice_minutes integer not null default 1440 check (min_notice_minutes between 0 and 43200),
  add column horizon_days integer not null default 60 check (horizon_days between 1 and 366),
  add column daily_cap integer check (daily_cap is null or daily_cap between 1 and 100);

-- ---------------------------------------------------------------- who may do what
alter table public.booking_hours enable row level security;
alter table public.booking_settings enable row level security;
alter table public.booking_days_off enable row level security;

create policy "booking_hours: everyone reads" on public.booking_hours
  for select to anon, authenticated using (true);
create policy "booking_hours: admin inserts" on public.booking_hours
  for insert to authenticated with check (public.is_admin());
create policy "booking_hours: admin updates" on public.booking_hours
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "booking_hours: admin deletes" on public.booking_hours
  for delete to authenticated using (public.is_admin());

create policy "booking_settings: everyone reads" on public.booking_settings
  for select to anon, authenticated using (true);
create policy "booking_settings: admin updates" on public.booking_settings
  for update to authenticated using (public.is_admin()) with check (public.is_admin());

create policy "booking_days_off: everyone reads" on public.booking_days_off
  for select to anon, authenticated using (true);
create policy "booking_days_off: admin inserts" on public.booking_days_off
  for insert to authenticated with check (public.is_admin());
create policy "booking_days_off: admin updates" on public.booking_days_off
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "booking_days_off: admin deletes" on public.booking_days_off
  for delete to authenticated using (public.is_admin());

revoke insert, update, delete, truncate, references, trigger
  on public.booking_hours, public.booking_settings, public.booking_days_off from anon;
revoke insert, delete, truncate, references, trigger on public.booking_settings from authenticated;
