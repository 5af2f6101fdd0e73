-- Consultation requests and contact messages share one workflow (new → contacted → scheduled → completed, or
-- cancelled; a cancelled one may reopen as new), enforced here whatever the client; they carry a reference, and
-- the fields the request form sends. Inserts stay open to anyone (insert-only for visitors), behind the rate limit.

-- ---------------------------------------------------------------- consultations
alter table public.consultations drop constraint consultations_status_check;
update public.consultations set status = case status when 'pending' then 'new' when 'confirmed' then 'scheduled' else status end;
alter table public.consultations alter column status set default 'new';
alter table public.consultations add constraint consultations_status_check
  check (status in ('new', 'contacted', 'scheduled', 'completed', 'cancelled'));

alter table public.consultations
  add column reference text generated always as ('PC-' || upper(substr(replace(id::text, '-', ''), 1, 8))) stored,
  add column services text[] not null default '{}' check (cardinality(services) <= 10),
  add column preferred_start timestamptz,
  add column preferred_end timestamptz,
  add column package jsonb check (package is null or (jsonb_typeof(package) = 'object' and octet_length(package::text) <= 8000)),
  add column submitted_from text,
  add constraint consultations_phone_length check (phone is null or char_length(phone) <= 30),
  add constraint consultations_company_length check (company is null or char_length(company) <= 200),
  add constraint consultations_message_length check (message is null or char_length(message) <= 5000),
  add constraint consultations_slot_order check (preferred_end is null or preferred_end > preferred_start);

create unique index consultations_reference_idx on public.consultations (reference);
create index consultations_status_created_idx on public.consultations (status, created_at desc);

drop policy "consultations: anyone requests" on public.consultations;
create policy "consultations: anyone requests" on public.consultations
  for insert to anon, authenticated
  with check (status = 'new' and admin_notes is null and (user_id is null or user_id = auth.uid()));

create trigger consultations_rate_limit before insert on public.consultations
  for each row execute function private.enforce_form_rate_limit('consultation', 'email');

-- ---------------------------------------------------------------- contact messages
alter table public.contact_messages drop constraint contact_messages_status_check;
update public.contact_messages set status = case status when 'read' then 'contacted' when 'answered' then 'completed'
  when 'archived' then 'cancelled' else status end;
alter table public.contact_messages add constraint contact_messages_status_check
  check (status in ('new', 'contacted', 'scheduled', 'completed', 'cancelled'));

alter table public.contact_messages
  add column reference text generated always as ('PM-' || upper(substr(replace(id::text, '-', ''), 1, 8))) stored,
  add column phone text check (phone is null or char_length(phone) <= 30),
  add column updated_at timestamptz not null default now(),
  add column submitted_from text,
  add constraint contact_messages_subject_length check (subject is null or char_length(subject) <= 150);

create unique index contact_messages_reference_idx on public.contact_messages (reference);
create index contact_messages_status_created_idx on public.contact_messages (status, created_at desc);

create trigger contact_messages_set_updated_at before update on public.contact_messages
  for each row execute function public.set_updated_at();
create trigger contact_messages_rate_limit before insert on public.contact_messages
  for each row execute function private.enforce_form_rate_limit('contact', 'email');

-- ---------------------------------------------------------------- the workflow
create or replace function public.enquiry_transition_allowed(from_status text, to_status text) returns boolean
language sql immutable set search_path = '' as $$
  select case from_status
    when 'new' then to_status in ('contacted', 'scheduled', 'cancelled')
    when 'contacted' then to_status in ('scheduled', 'completed', 'cancelled')
    when 'scheduled' then to_status in ('completed', 'cancelled', 'contacted')
    when 'cancelled' then to_status in ('new')
    else false
  end;
$$;

create or replace function public.enforce_enquiry_transition() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status is distinct from old.status and not public.enquiry_transition_allowed(old.status, new.status) then
    raise exception 'Status cannot change from % to %', old.status, new.status
      using errcode = '23514', hint = 'Allowed: new → contacted → scheduled → completed, or cancelled; cancelled → new.';
  end if;
  return new;
end;
$$;

create trigger consultations_status_transition before update of status on public.consultations
  for each row execute function public.enforce_enquiry_transition();
create trigger contact_messages_status_transition before update of status on public.contact_messages
  for each row execute function public.enforce_enquiry_transition();
