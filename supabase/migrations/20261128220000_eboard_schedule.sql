-- E-Board entries scheduled by time of day: besides its display dates an entry may have time-of-day windows per
-- weekday (London wall-clock times: [{ "days": ["mon", …], "from": "07:00", "to": "10:00" }], a "to" of "24:00" or
-- "00:00" is midnight; null or [] means all day) and its own seconds in the display's rotation (null: the display's default). The windows are
-- checked here as @pentland/enquiries' checkSchedule checks them, and an entry whose windows fall on none of its
-- display days is refused with the reason (moderate-eboard checks the same first, including the hour the clocks
-- skip). The board view carries both columns; the display applies the windows minute by minute.
alter table public.eboard_submissions
  add column schedule jsonb,
  add column display_seconds integer
    constraint eboard_submissions_display_seconds_range check (display_seconds between 5 and 120);

-- The first problem with a schedule, in words, or null when it is a valid one.
create or replace function private.eboard_schedule_problem(p_schedule jsonb) returns text
language plpgsql immutable set search_path = '' as $$
declare
  w jsonb;
  i integer := 0;
  n text := '';
  d jsonb;
  t_from text;
  t_to text;
begin
  if p_schedule is null or p_schedule = 'null'::jsonb then
    return null;
  end if;
  if jsonb_typeof(p_schedule) <> 'array' then
    return 'The schedule must be a list of time windows';
  end if;
  if jsonb_array_length(p_schedule) > 10 then
    return 'An entry can have at most 10 time windows';
  end if;
  for w in select value from jsonb_array_elements(p_schedule) loop
    i := i + 1;
    if jsonb_array_length(p_schedule) > 1 then
      n := 'Window ' || i || ': ';
    end if;
    if jsonb_typeof(w) <> 'object' then
      return n || 'each window needs its days, a start and an end';
    end if;
    if jsonb_typeof(w -> 'days') is distinct from 'array' or jsonb_array_length(w -> 'days') = 0 then
      return n || 'choose at least one day';
    end if;
    for d in select value from jsonb_array_elements(w -> 'days') loop
      if jsonb_typeof(d) <> 'string' or not (d #>> '{}') = any (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']) then
        return n || '"' || (d #>> '{}') || '" is not a weekday (use mon, tue, wed, thu, fri, sat, sun)';
      end if;
    end loop;
    t_from := case when jsonb_typeof(w -> 'from') = 'string' then w ->> 'from' end;
    t_to := case when jsonb_typeof(w -> 'to') = 'string' then w ->> 'to' end;
    if t_from is null or t_from !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' then
      return n || 'the start must be a time like 07:00';
    end if;
    if t_to is null or (t_to !~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and t_to <> '24:00') then
      return n || 'the end must be a time like 10:00 (24:00 for midnight)';
    end if;
    if t_to <= t_from and t_to <> '00:00' then
      return n || 'the end must be after the start (for a window past midnight, add a second window)';
    end if;
  end loop;
  return null;
end;
$$;

-- Whether some window's weekday falls on one of the display days (two weeks of days hold every weekday).
create or replace function private.eboard_schedule_meets_dates(p_schedule jsonb, p_from date, p_until date)
returns boolean
language sql immutable set search_path = '' as $$
  select p_schedule is null or jsonb_typeof(p_schedule) <> 'array' or jsonb_array_length(p_schedule) = 0
    or coalesce(p_from, p_until) is null
    or exists (
      select 1
        from generate_series(coalesce(p_from, p_until),
                             least(coalesce(p_until, p_from + 13), coalesce(p_from, p_until) + 13),
                             interval '1 day') as day
        cross join jsonb_array_elements(p_schedule) as w
       where (w -> 'days') ? (array['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])[extract(isodow from day)::integer]);
$$;

-- Security definer: the callers (administrators, the service role) have no use of the private schema themselves.
create or replace function private.check_eboard_schedule() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  problem text := private.eboard_schedule_problem(new.schedule);
begin
  if problem is not null then
    raise exception '%', problem using errcode = '23514';
  end if;
  if not private.eboard_schedule_meets_dates(new.schedule, new.display_from, new.display_until) then
    raise exception 'This schedule never opens on the display dates — choose days or times that fall within them'
      using errcode = '23514';
  end if;
  return new;
end;
$$;

revoke all on function private.check_eboard_schedule() from public;

create trigger eboard_submissions_schedule before insert or update of schedule, display_from, display_until
  on public.eboard_submissions for each row execute function private.check_eboard_schedule();

-- The board view gains the two columns (at its end, so the view is replaced in place).
create or replace view public.eboard_board as
  select id, reference, title, description, category, organisation, contact_name as author, image_url, link_url,
         display_from, display_until, created_at, moderated_at as approved_at, schedule, display_seconds
  from public.eboard_submissions
  where status = 'approved'
    and (display_from is null or display_from <= (now() at time zone 'Europe/London')::date)
    and (display_until is null or display_until >= (now() at time zone 'Europe/London')::date);
