-- Booking reminders, 24 hours and 1 hour before: each sent once per booking and start time (a moved booking is
-- reminded of its new time), never for a cancelled booking or a request, and not when the booking was made inside
-- that window. public.claim_booking_reminders(now) records the reminders due at `now` and returns them in one
-- statement, so two runs at once never send one twice; the send-booking-reminders function mails them. Only the
-- service role reads the record or claims.
create table public.consultation_reminders (
  consultation_id uuid not null references public.consultations (id) on delete cascade,
  kind text not null check (kind in ('24h', '1h')),
  starts_at timestamptz not null,
  sent_at timestamptz not null default now(),
  primary key (consultation_id, kind, starts_at)
);

alter table public.consultation_reminders enable row level security;
revoke all on public.consultation_reminders from anon, authenticated;

create or replace function public.claim_booking_reminders(p_now timestamptz default now())
returns table (consultation_id uuid, kind text)
language sql volatile security definer set search_path = '' as $$
  insert into public.consultation_reminders (consultation_id, kind, starts_at, sent_at)
  select c.id, due.kind, c.preferred_start, p_now
  from public.consultations c
  cross join lateral (
    values
      -- The day before, unless it is already the last hour (then only the hour's reminder goes).
      ('24h', c.preferred_start - interval '24 hours', c.preferred_start - interval '1 hour'),
      ('1h', c.preferred_start - interval '1 hour', c.preferred_start)
  ) as due (kind, opens, closes)
  where c.held_from is not null
    and c.status not in ('cancelled', 'completed')
    and p_now >= due.opens and p_now < due.closes
    and c.created_at < due.opens
  on conflict do nothing
  returning consultation_reminders.consultation_id, consultation_reminders.kind;
$$;

revoke execute on function public.claim_booking_reminders(timestamptz) from public, anon, authenticated;
grant execute on function public.claim_booking_reminders(timestamptz) to service_role;
