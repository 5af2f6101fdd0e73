-- E-Board submissions: anyone submits; approved entries are public; admins moderate.
create table public.eboard_submissions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  title text not null check (char_length(title) between 1 and 200),
  description text not null default '',
  category text not null default 'general',
  contact_name text,
  contact_email text check (contact_email is null or contact_email ~ '^[^@\s]+@[^@\s]+$'),
  image_url text,
  link_url text,
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index eboard_submissions_status_idx on public.eboard_submissions (status, created_at desc);

create trigger eboard_submissions_set_updated_at before update on public.eboard_submissions
  for each row execute function public.set_updated_at();

alter table public.eboard_submissions enable row level security;

create policy "eboard: anyone submits pending" on public.eboard_submissions
  for insert to anon, authenticated with check (status = 'pending' and (user_id is null or user_id = auth.uid()));
create policy "eboard: approved public, own and admin" on public.eboard_submissions
  for select to anon, authenticated using (status = 'approved' or user_id = auth.uid() or public.is_admin());
create policy "eboard: admin moderates" on public.eboard_submissions
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "eboard: submitter or admin deletes" on public.eboard_submissions
  for delete to authenticated using (user_id = auth.uid() or public.is_admin());
