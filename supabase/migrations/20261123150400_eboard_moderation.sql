-- E-Board entries: who submitted them, when to show them, moderation (approve, reject with a reason, archive) with
-- its transitions enforced here, a reference, the rate limit of the public forms, and a public view that shows
-- only what the board displays — never the submitter's e-mail address.
alter table public.eboard_submissions drop constraint eboard_submissions_status_check;
alter table public.eboard_submissions add constraint eboard_submissions_status_check
  check (status in ('pending', 'approved', 'rejected', 'archived'));

alter table public.eboard_submissions
  add column reference text generated always as ('EB-' || upper(substr(replace(id::text, '-', ''), 1, 8))) stored,
  add column organisation text check (organisation is null or char_length(organisation) <= 150),
  add column display_from date,
  add column display_until date,
  add column rejection_reason text check (rejection_reason is null or char_length(btrim(rejection_reason)) between 1 and 1000),
  add column moderated_by uuid references auth.users (id) on delete set null,
  add column moderated_at timestamptz,
  add column submitted_from text,
  add constraint eboard_submissions_description_length check (char_length(description) <= 2000),
  add constraint eboard_submissions_display_order check (display_until is null or display_from is null or display_until >= display_from),
  add constraint eboard_submissions_rejected_has_reason check (status <> 'rejected' or rejection_reason is not null),
  add constraint eboard_submissions_category_known
    check (category in ('general', 'community', 'events', 'business', 'sport', 'jobs'));

create unique index eboard_submissions_reference_idx on public.eboard_submissions (reference);

create or replace function public.eboard_transition_allowed(from_status text, to_status text) returns boolean
language sql immutable set search_path = '' as $$
  select case from_status
    when 'pending' then to_status in ('approved', 'rejected', 'archived')
    when 'approved' then to_status in ('rejected', 'archived')
    when 'rejected' then to_status in ('pending', 'archived')
    when 'archived' then to_status in ('pending')
    else false
  end;
$$;

create or replace function public.moderate_eboard_entry() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status is distinct from old.status then
    if not public.eboard_transition_allowed(old.status, new.status) then
      raise exception 'Status cannot change from % to %', old.status, new.status using errcode = '23514';
    end if;
    new.moderated_by := auth.uid();
    new.moderated_at := now();
    if new.status <> 'rejected' then
      new.rejection_reason := null;
    end if;
  end if;
  return new;
end;
$$;

create trigger eboard_submissions_moderation before update on public.eboard_submissions
  for each row execute function public.moderate_eboard_entry();
create trigger eboard_submissions_rate_limit before insert on public.eboard_submissions
  for each row execute function private.enforce_form_rate_limit('eboard', 'contact_email');

-- Visitors insert pending entries only, without moderation fields; they no longer read the table itself.
drop policy "eboard: anyone submits pending" on public.eboard_submissions;
create policy "eboard: anyone submits pending" on public.eboard_submissions
  for insert to anon, authenticated
  with check (status = 'pending' and rejection_reason is null and moderated_by is null
              and (user_id is null or user_id = auth.uid()));
drop policy "eboard: approved public, own and admin" on public.eboard_submissions;
create policy "eboard: own and admin read" on public.eboard_submissions
  for select to authenticated using (user_id = auth.uid() or public.is_admin());

-- The board: approved entries whose display dates (UK) include today, or have none. Runs with the owner's rights
-- (a view without security_invoker), so visitors see these columns of these rows and nothing else.
create view public.eboard_board as
  select id, reference, title, description, category, organisation, contact_name as author, image_url, link_url,
         display_from, display_until, created_at, moderated_at as approved_at
  from public.eboard_submissions
  where status = 'approved'
    and (display_from is null or display_from <= (now() at time zone 'Europe/London')::date)
    and (display_until is null or display_until >= (now() at time zone 'Europe/London')::date);

grant select on public.eboard_board to anon, authenticated;

-- The E-Board's own images: public to read, uploaded by anyone under pending/ (the submit function checks the
-- object belongs to the entry), never overwritten; JPEG, PNG or WebP up to 2 MB.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('eboard-images', 'eboard-images', true, 2097152, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "eboard-images: public read" on storage.objects
  for select to anon, authenticated using (bucket_id = 'eboard-images');
create policy "eboard-images: anyone uploads a new pending image" on storage.objects
  for insert to anon, authenticated
  with check (bucket_id = 'eboard-images' and (storage.foldername(name))[1] = 'pending'
              and array_length(storage.foldername(name), 1) = 1);
create policy "eboard-images: admins remove" on storage.objects
  for delete to authenticated using (bucket_id = 'eboard-images' and public.is_admin());
