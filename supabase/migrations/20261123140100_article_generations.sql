-- The AI article generator's monthly quota: one row per generation, counted per calendar month (UTC). Only the
-- generate-article function writes (with the service role), after checking the caller's premium status as the
-- caller; users read their own rows.
create table public.article_generations (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  mode text not null check (mode in ('ai', 'offline')),
  topic text not null check (char_length(topic) between 1 and 200),
  created_at timestamptz not null default now()
);

create index article_generations_user_created_idx on public.article_generations (user_id, created_at desc);

alter table public.article_generations enable row level security;

create policy "article generations: own or admin reads" on public.article_generations
  for select to authenticated using (user_id = auth.uid() or public.is_admin());
-- No insert, update or delete policy: users cannot add, change or remove counted generations.

-- Counts the user's generations this month and records one more if the limit allows (premium: no limit).
-- One user's claims take turns (advisory lock), so parallel requests cannot both take the last one.
create or replace function public.claim_article_generation(
  p_user uuid, p_limit integer, p_premium boolean, p_mode text, p_topic text
) returns jsonb
language plpgsql security definer set search_path = '' as $$
declare
  v_start timestamptz := date_trunc('month', now() at time zone 'UTC') at time zone 'UTC';
  v_used integer;
  v_id uuid;
begin
  perform pg_advisory_xact_lock(hashtextextended('article_generations:' || p_user::text, 0));
  select count(*) into v_used from public.article_generations g
    where g.user_id = p_user and g.created_at >= v_start;
  if not p_premium and v_used >= p_limit then
    return jsonb_build_object('allowed', false, 'used', v_used, 'id', null);
  end if;
  insert into public.article_generations (user_id, mode, topic) values (p_user, p_mode, p_topic)
    returning id into v_id;
  return jsonb_build_object('allowed', true, 'used', v_used + 1, 'id', v_id);
end;
$$;

-- A generation the upstream model failed to deliver is not counted.
create or replace function public.release_article_generation(p_id uuid) returns void
language sql security definer set search_path = '' as $$
  delete from public.article_generations where id = p_id;
$$;

-- The user's count this month.
create or replace function public.article_generations_used(p_user uuid) returns integer
language sql stable security definer set search_path = '' as $$
  select count(*)::integer from public.article_generations g
  where g.user_id = p_user and g.created_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC';
$$;

revoke execute on function public.claim_article_generation(uuid, integer, boolean, text, text) from public, anon, authenticated;
revoke execute on function public.release_article_generation(uuid) from public, anon, authenticated;
revoke execute on function public.article_generations_used(uuid) from public, anon, authenticated;
grant execute on function public.claim_article_generation(uuid, integer, boolean, text, text) to service_role;
grant execute on function public.release_article_generation(uuid) to service_role;
grant execute on function public.article_generations_used(uuid) to service_role;
