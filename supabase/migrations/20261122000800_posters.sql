-- Posters made in the poster creator: private to their owner (admins may read them).
create table public.posters (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  design jsonb not null default '{}'::jsonb,
  target_url text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index posters_user_idx on public.posters (user_id);

create trigger posters_set_updated_at before update on public.posters
  for each row execute function public.set_updated_at();

alter table public.posters enable row level security;

create policy "posters: owner or admin reads" on public.posters
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
create policy "posters: owner creates" on public.posters
  for insert to authenticated with check (user_id = auth.uid());
create policy "posters: owner updates" on public.posters
  for update to authenticated using (user_id = auth.uid()) with check (user_id = auth.uid());
create policy "posters: owner or admin deletes" on public.posters
  for delete to authenticated using (user_id = auth.uid() or public.is_admin());
