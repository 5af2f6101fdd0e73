-- Subscriptions written from Stripe's signed webhook only: the stripe-webhook function (service role) applies each
-- event through apply_stripe_subscription_event(), which records the event id (the same event twice changes
-- nothing), finds the user by the Stripe customer, and never moves a subscription backwards (an event older than
-- the last one applied is ignored; a canceled or expired subscription stays so; events of the same second never
-- return to an earlier state — packages/premium's eventDecision is the same rule, tested against the same cases).
-- user_subscription_status() stays the one truth for premium access. Users read only their own rows; nobody but
-- the service role writes (the admin write policies of the first migration go).

drop policy "subscriptions: admin inserts" on public.subscriptions;
drop policy "subscriptions: admin updates" on public.subscriptions;
drop policy "subscriptions: admin deletes" on public.subscriptions;

alter table public.subscriptions drop constraint subscriptions_status_check;
alter table public.subscriptions add constraint subscriptions_status_check check (status in
  ('incomplete', 'trialing', 'active', 'past_due', 'unpaid', 'paused', 'canceled', 'expired'));
alter table public.subscriptions
  add column stripe_customer_id text,
  add column price_id text,
  -- The Stripe `created` time of the last event applied to this row.
  add column last_event_at timestamptz;

-- The Stripe customer of each user (created by create-checkout-session before the first checkout).
create table public.stripe_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  customer_id text not null unique,
  created_at timestamptz not null default now()
);

alter table public.stripe_customers enable row level security;
create policy "stripe_customers: own reads" on public.stripe_customers
  for select to authenticated using (user_id = auth.uid());
-- No insert, update or delete policy: only the service role links customers.

-- Stripe events already applied (or deliberately ignored), by Stripe's event id.
create table public.stripe_events (
  id text primary key check (id ~ '^evt_[A-Za-z0-9_]+$'),
  type text not null,
  stripe_created_at timestamptz not null,
  outcome text not null check (outcome in ('applied', 'stale', 'terminal', 'no_subscription')),
  subscription_id text,
  received_at timestamptz not null default now()
);

alter table public.stripe_events enable row level security;
-- No policies: only the service role reads or writes processed events.

create or replace function public.subscription_state_rank(p_status text) returns integer
language sql immutable set search_path = '' as $$
  select case p_status
    when 'incomplete' then 0 when 'trialing' then 1
    when 'active' then 2 when 'past_due' then 2 when 'paused' then 2
    when 'unpaid' then 3 when 'canceled' then 4 when 'expired' then 4 end;
$$;

-- One Stripe event applied to one subscription. p_status null with every other field null means "payment failed"
-- (status becomes past_due, the rest is kept). Returns the outcome: 'duplicate' (already processed),
-- 'unknown_customer' (nothing written), 'applied', 'stale', 'terminal' or 'no_subscription' (event recorded,
-- subscription unchanged).
create or replace function public.apply_stripe_subscription_event(
  p_event_id text,
  p_event_type text,
  p_event_created timestamptz,
  p_customer text,
  p_subscription text,
  p_status text,
  p_plan text,
  p_price text,
  p_period_start timestamptz,
  p_period_end timestamptz,
  p_cancel_at_period_end boolean
) returns text
language plpgsql security definer set search_path = '' as $$
declare
  v_user uuid;
  v_row public.subscriptions%rowtype;
  v_outcome text;
begin
  if p_event_id is null or p_event_created is null or p_subscription is null or p_status is null then
    raise exception 'event id, time, subscription and status are required' using errcode = '22023';
  end if;
  select c.user_id into v_user from public.stripe_customers c where c.customer_id = p_customer;
  if v_user is null then
    return 'unknown_customer';
  end if;
  -- One subscription's events take turns, so two deliveries cannot both pass the ordering check.
  perform pg_advisory_xact_lock(hashtextextended('stripe_subscription:' || p_subscription, 0));
  if exists (select 1 from public.stripe_events e where e.id = p_event_id) then
    return 'duplicate';
  end if;

  select * into v_row from public.subscriptions s where s.provider_subscription_id = p_subscription for update;
  if not found then
    if p_plan is null then
      v_outcome := 'no_subscription';
    else
      insert into public.subscriptions (user_id, plan, status, current_period_start, current_period_end,
        cancel_at_period_end, provider_subscription_id, stripe_customer_id, price_id, last_event_at)
      values (v_user, p_plan, p_status, p_period_start, p_period_end, coalesce(p_cancel_at_period_end, false),
        p_subscription, p_customer, p_price, p_event_created);
      v_outcome := 'applied';
    end if;
  elsif v_row.user_id <> v_user then
    -- A subscription never changes hands; an event that says otherwise is not applied.
    v_outcome := 'stale';
  elsif v_row.last_event_at is not null and p_event_created < v_row.last_event_at then
    v_outcome := 'stale';
  elsif v_row.status in ('canceled', 'expired') and p_status <> v_row.status then
    v_outcome := 'terminal';
  elsif v_row.last_event_at is not null and p_event_created = v_row.last_event_at
        and public.subscription_state_rank(p_status) < public.subscription_state_rank(v_row.status) then
    v_outcome := 'stale';
  else
    update public.subscriptions s set
      status = p_status,
      plan = coalesce(p_plan, s.plan),
      price_id = coalesce(p_price, s.price_id),
      current_period_start = coalesce(p_period_start, s.current_period_start),
      current_period_end = coalesce(p_period_end, s.current_period_end),
      cancel_at_period_end = coalesce(p_cancel_at_period_end, s.cancel_at_period_end),
      stripe_customer_id = p_customer,
      last_event_at = p_event_created
    where s.id = v_row.id;
    v_outcome := 'applied';
  end if;

  insert into public.stripe_events (id, type, stripe_created_at, outcome, subscription_id)
    values (p_event_id, p_event_type, p_event_created, v_outcome, p_subscription);
  return v_outcome;
end;
$$;

revoke execute on function public.apply_stripe_subscription_event(text, text, timestamptz, text, text, text, text,
  text, timestamptz, timestamptz, boolean) from public, anon, authenticated;
grant execute on function public.apply_stripe_subscription_event(text, text, timestamptz, text, text, text, text,
  text, timestamptz, timestamptz, boolean) to service_role;
