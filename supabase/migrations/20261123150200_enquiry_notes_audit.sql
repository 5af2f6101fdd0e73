-- Internal notes on enquiries and an audit trail of who changed what and when. Only administrators read them;
-- notes are written by administrators and never edited; audit events are written only by triggers.
create table public.enquiry_notes (
  id uuid primary key default gen_random_uuid(),
  consultation_id uuid references public.consultations (id) on delete cascade,
  contact_message_id uuid references public.contact_messages (id) on delete cascade,
  author_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  author_email text,
  body text not null check (char_length(btrim(body)) between 1 and 2000),
  created_at timestamptz not null default now(),
  check (num_nonnulls(consultation_id, contact_message_id) = 1)
);

create index enquiry_notes_consultation_idx on public.enquiry_notes (consultation_id, created_at);
create index enquiry_notes_contact_idx on public.enquiry_notes (contact_message_id, created_at);

alter table public.enquiry_notes enable row level security;

create policy "enquiry_notes: admins read" on public.enquiry_notes
  for select to authenticated using (public.is_admin());
create policy "enquiry_notes: admins write their own" on public.enquiry_notes
  for insert to authenticated with check (public.is_admin() and author_id = auth.uid());

create table public.enquiry_events (
  id bigint generated always as identity primary key,
  consultation_id uuid references public.consultations (id) on delete cascade,
  contact_message_id uuid references public.contact_messages (id) on delete cascade,
  actor_id uuid references auth.users (id) on delete set null,
  actor_email text,
  action text not null check (action in ('created', 'status', 'note', 'updated')),
  from_status text,
  to_status text,
  detail text,
  created_at timestamptz not null default clock_timestamp(),
  check (num_nonnulls(consultation_id, contact_message_id) = 1)
);

create index enquiry_events_consultation_idx on public.enquiry_events (consultation_id, created_at);
create index enquiry_events_contact_idx on public.enquiry_events (contact_message_id, created_at);

alter table public.enquiry_events enable row level security;

create policy "enquiry_events: admins read" on public.enquiry_events
  for select to authenticated using (public.is_admin());

revoke insert, update, delete, truncate on public.enquiry_events from anon, authenticated;
revoke update, delete, truncate on public.enquiry_notes from anon, authenticated;

-- The author's e-mail as the token says it, so the trail reads well after an account is gone.
create or replace function public.stamp_note_author() returns trigger
language plpgsql set search_path = '' as $$
begin
  new.author_email := auth.jwt() ->> 'email';
  new.created_at := now();
  return new;
end;
$$;

create trigger enquiry_notes_stamp before insert on public.enquiry_notes
  for each row execute function public.stamp_note_author();

create or replace function public.audit_enquiry() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  kind text := tg_argv[0];
  changed text[];
  actor uuid := auth.uid();
  actor_mail text := auth.jwt() ->> 'email';
begin
  if tg_table_name = 'enquiry_notes' then
    insert into public.enquiry_events (consultation_id, contact_message_id, actor_id, actor_email, action, detail)
    values (new.consultation_id, new.contact_message_id, actor, actor_mail, 'note', left(new.body, 200));
    return new;
  end if;
  if tg_op = 'INSERT' then
    insert into public.enquiry_events (consultation_id, contact_message_id, actor_id, actor_email, action, to_status)
    values (case when kind = 'consultation' then new.id end, case when kind = 'contact' then new.id end,
            actor, actor_mail, 'created', new.status);
    return new;
  end if;
  if new.status is distinct from old.status then
    insert into public.enquiry_events (consultation_id, contact_message_id, actor_id, actor_email, action, from_status, to_status)
    values (case when kind = 'consultation' then new.id end, case when kind = 'contact' then new.id end,
            actor, actor_mail, 'status', old.status, new.status);
  end if;
  select array_agg(n.key order by n.key) into changed
    from jsonb_each(to_jsonb(new)) n
    join jsonb_each(to_jsonb(old)) o on o.key = n.key
    where n.value is distinct from o.value and n.key not in ('status', 'updated_at', 'submitted_from');
  if changed is not null then
    insert into public.enquiry_events (consultation_id, contact_message_id, actor_id, actor_email, action, detail)
    values (case when kind = 'consultation' then new.id end, case when kind = 'contact' then new.id end,
            actor, actor_mail, 'updated', array_to_string(changed, ', '));
  end if;
  return new;
end;
$$;

revoke execute on function public.audit_enquiry() from public, anon, authenticated;

create trigger consultations_audit after insert or update on public.consultations
  for each row execute function public.audit_enquiry('consultation');
create trigger contact_messages_audit after insert or update on public.contact_messages
  for each row execute function public.audit_enquiry('contact');
create trigger enquiry_notes_audit after insert on public.enquiry_notes
  for each row execute function public.audit_enquiry('note');
