-- Posters hold the poster creator's document (packages/poster: a JSON object with a numeric "version"), the
-- template it started from, and a preview image path. A poster from a premium template needs premium.
alter table public.posters
  add column template_id text references public.poster_templates (id) on delete set null,
  add constraint posters_design_is_document check (
    jsonb_typeof(design) = 'object'
    and (design = '{}'::jsonb or coalesce(jsonb_typeof(design -> 'version') = 'number', false))
    and octet_length(design::text) <= 1000000),
  add constraint posters_target_url_http check (target_url is null or target_url ~ '^https?://');

create index posters_user_updated_idx on public.posters (user_id, updated_at desc);

create or replace function public.posters_premium_template_check() returns trigger
language plpgsql security invoker set search_path = '' as $$
declare
  tpl record;
begin
  if new.template_id is null or auth.role() = 'service_role' then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.template_id is not distinct from old.template_id then
    return new;
  end if;
  -- security invoker: a free user cannot even see a premium template row, so look it up by id through a
  -- definer helper that reveals only the flag.
  select * into tpl from public.poster_template_flag(new.template_id) t;
  if tpl.premium and not coalesce((public.user_subscription_status() ->> 'has_premium')::boolean, false) then
    raise exception 'The template "%" needs a premium subscription.', tpl.title
      using errcode = '42501', hint = 'Upgrade on the pricing page to use premium templates.';
  end if;
  return new;
end;
$$;

create or replace function public.poster_template_flag(template_id text)
returns table (premium boolean, title text)
language sql stable security definer set search_path = '' as $$
  select t.premium, t.title from public.poster_templates t where t.id = poster_template_flag.template_id;
$$;

revoke execute on function public.poster_template_flag(text) from public, anon;
grant execute on function public.poster_template_flag(text) to authenticated, service_role;

create trigger posters_premium_template before insert or update of template_id on public.posters
  for each row execute function public.posters_premium_template_check();
