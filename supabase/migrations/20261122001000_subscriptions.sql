-- Premium subscriptions (written by the payment side with the service role) and the status lookup.
create table public.subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  plan text not null default 'premium',
  status text not null check (status in ('trialing', 'active', 'past_due', 'canceled', 'incomplete', 'expired')),
  current_period_start timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean not null default false,
  provider_subscription_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index subscriptions_user_idx on public.subscriptions (user_id);

create trigger subscriptions_set_updated_at before update on public.subscriptions
  for each row execute function public.set_updated_at();

alter table public.subscriptions enable row level security;

create policy "subscriptions: own or admin reads" on public.subscriptions
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
create policy "subscriptions: admin inserts" on public.subscriptions
  for insert to authenticated with check (public.is_admin());
create policy "subscriptions: admin updates" on public.subscriptions
  for update to authenticated using (public.is_admin()) with check (public.is_admin());
create policy "subscriptions: admin deletes" on public.subscriptions
  for delete to authenticated using (public.is_admin());

-- { has_premium, subscriptions } for the caller; RLS and the where clause limit rows to the caller's own.
create or replace function public.user_subscription_status() returns jsonb
language sql stable security invoker set search_path = '' as $$
  select jsonb_build_object(
    'has_premium', coalesce(bool_or(s.status in ('active', 'trialing')
                     and (s.current_period_end is null or s.current_period_end > now())), false),
    'subscriptions', coalesce(jsonb_agg(jsonb_build_object(
        'id', s.id, 'plan', s.plan, 'status', s.status,
        'current_period_end', s.current_period_end, 'cancel_at_period_end', s.cancel_at_period_end)
        order by s.created_at desc) filter (where s.id is not null), '[]'::jsonb))
  from public.subscriptions s
  where s.user_id = auth.uid();
$$;

grant execute on function public.user_subscription_status() to anon, authenticated, service_role;
