-- Consultation services (admin-managed catalogue) and consultation requests (anyone may send one).
create table public.consultation_services (
  id uuid primary key default gen_random_uuid(),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  name text not null,
  description text not null default '',
  duration_minutes integer not null default 60 check (duration_minutes > 0),
  price_gbp numeric(10, 2) check (price_gbp >= 0),
  is_active boolean not null default true,
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create trigger consultation_services_set_updated_at before update on public.consultation_services
  for each row execute function public.set_updated_at();

alter table public.consultation_services enable row level security;

create policy "consultation_services: active are public" on public.consultation_services
  for select to anon, authenticated using (is_active or public.is_admin());
create policy "consultation_services: admin inserts" on public.consultation_services
  for insert to authenticated with check (public.is_admin());
create policy "consultation_services: admin updates" on public.consultation_services
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "consultation_services: admin deletes" on public.consultation_services
  for delete to authenticated using (public.is_admin());

create table public.consultations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default auth.uid() references auth.users (id) on delete set null,
  service_id uuid references public.consultation_services (id) on delete set null,
  name text not null check (char_length(name) between 1 and 200),
  email text not null check (email ~ '^[^@\s]+@[^@\s]+$'),
  phone text,
  company text,
  message text,
  preferred_date date,
  status text not null default 'pending' check (status in ('pending', 'confirmed', 'completed', 'cancelled')),
  admin_notes text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index consultations_user_idx on public.consultations (user_id);

create trigger consultations_set_updated_at before update on public.consultations
  for each row execute function public.set_updated_at();

alter table public.consultations enable row level security;

create policy "consultations: anyone requests" on public.consultations
  for insert to anon, authenticated
  with check (status = 'pending' and admin_notes is null and (user_id is null or user_id = auth.uid()));
create policy "consultations: own or admin reads" on public.consultations
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
create policy "consultations: admin updates" on public.consultations
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "consultations: admin deletes" on public.consultations
  for delete to authenticated using (public.is_admin());
