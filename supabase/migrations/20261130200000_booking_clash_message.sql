-- A change that would put an active booking's held time over another's (reopening a cancelled booking whose time
-- has since been booked, or moving a booking onto a taken time) is refused as the exclusion constraint refuses it
-- (SQLSTATE 23P01, HTTP 409 through the API), but with a message an administrator can act on: which booking holds
-- the time, and what to do instead. The constraint stays the guarantee for changes that race each other.
create function private.refuse_taken_booking_time() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  holder text;
begin
  select c.reference into holder
    from public.consultations c
   where c.id <> new.id
     and c.held_from is not null
     and c.status <> 'cancelled'
     and tstzrange(c.held_from, c.held_until, '[)') && tstzrange(new.held_from, new.held_until, '[)')
   order by c.held_from
   limit 1;
  if holder is not null then
    raise exception using
      errcode = '23P01',
      message = case
        when old.status = 'cancelled' then
          format('This booking’s time is now held by %s, so it cannot be reopened. Move it to a free time instead.', holder)
        else format('This booking’s time is now held by %s. Move it to a free time instead.', holder)
      end;
  end if;
  return new;
end;
$$;

create trigger consultations_taken_time
  before update of status, held_from, held_until on public.consultations
  for each row
  when (new.held_from is not null and new.status <> 'cancelled'
        and (old.status = 'cancelled' or old.held_from is distinct from new.held_from
             or old.held_until is distinct from new.held_until))
  execute function private.refuse_taken_booking_time();
