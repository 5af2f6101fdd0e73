-- Messages from the contact page: anyone writes, the sender reads their own, admins manage.
create table public.contact_messages (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$'),
  subject text,
  message text not null check (char_length(message) between 1 and 10000),
  status text not null default 'new' check (status in ('new', 'read', 'answered', 'archived')),
  created_at timestamptz not null default now()
);

alter table public.contact_messages enable row level security;

create policy "contact_messages: anyone sends" on public.contact_messages
  for insert to anon, authenticated with check (status = 'new' and (user_id is null or user_id = auth.uid()));
create policy "contact_messages: sender or admin reads" on public.contact_messages
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
create policy "contact_messages: admin updates" on public.contact_messages
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "contact_messages: admin deletes" on public.contact_messages
  for delete to authenticated using (public.is_admin());
