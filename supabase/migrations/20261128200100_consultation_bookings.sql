-- An instant booking holds its time: the meeting with its type's buffers before and after (held_from, held_until).
-- The database refuses two active bookings whose held times overlap, whatever the client and however close together
-- they arrive; a cancelled booking frees its time. A request (no held time) holds nothing, as before.
-- `sequence` counts the changes sent to the visitor's calendar (iCalendar SEQUENCE); `manage_token_hash` is the
-- SHA-256 of the random token in the visitor's manage link (the token itself is never stored).
alter table public.consultations
  add column held_from timestamptz,
  add column held_until timestamptz,
  add column sequence integer not null default 0 check (sequence between 0 and 1000),
  add column manage_token_hash text check (manage_token_hash is null or manage_token_hash ~ '^[0-9a-f]{64}$'),
  add column cancel_reason text check (cancel_reason is null or char_length(cancel_reason) <= 500),
  add constraint consultations_held_together check ((held_from is null) = (held_until is null)),
  add constraint consultations_held_covers_meeting check (
    held_from is null or (preferred_start is not null and preferred_end is not null
      and held_from <= preferred_start and held_until >= preferred_end)),
  add constraint consultations_no_double_booking
    exclude using gist (tstzrange(held_from, held_until, '[)') with &&)
    where (held_from is not null and status <> 'cancelled');

create unique index consultations_manage_token_idx on public.consultations (manage_token_hash)
  where manage_token_hash is not null;
