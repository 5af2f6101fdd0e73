-- Administrators: a role table and public.is_admin(), the permission lookup the site calls.
create table public.admin_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

alter table public.admin_users enable row level security;

-- Security definer: callers need not (and cannot) read admin_users to ask the question.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.admin_users where user_id = auth.uid());
$$;

revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

create policy "admins: read own row or all as admin" on public.admin_users
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
create policy "admins: admins add admins" on public.admin_users
  for insert to authenticated with check (public.is_admin());
create policy "admins: admins remove admins" on public.admin_users
  for delete to authenticated using (public.is_admin());

-- Admin powers over profiles need is_admin(), so they live here, next to it.
create policy "profiles: admin updates any" on public.profiles
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "profiles: admin deletes" on public.profiles
  for delete to authenticated using (public.is_admin());
