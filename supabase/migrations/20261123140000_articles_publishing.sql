-- Articles: tags, SEO description and cover alt text; publishing now or at a scheduled time; the limits the editor
-- shows, enforced here too. An article is public when status = 'published' and published_at <= now(): a scheduled
-- article (published_at in the future) becomes public at its time with no job having to run.
alter table public.articles
  add column tags text[] not null default '{}',
  add column seo_description text,
  add column cover_image_alt text;

-- Immutable, so a check constraint may call it: every tag 1-40 characters, no nulls.
create or replace function public.article_tags_valid(tags text[]) returns boolean
language sql immutable set search_path = '' as $$
  select cardinality(tags) <= 10
     and coalesce((select bool_and(t is not null and char_length(t) between 1 and 40) from unnest(tags) as t), true);
$$;

alter table public.articles
  add constraint articles_title_not_blank check (btrim(title) <> ''),
  add constraint articles_slug_length check (char_length(slug) <= 80),
  -- /articles/{id} looks ids up first: a slug shaped like an id would be unreachable.
  add constraint articles_slug_not_uuid
    check (slug !~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'),
  add constraint articles_excerpt_length check (excerpt is null or char_length(excerpt) <= 500),
  add constraint articles_seo_description_length check (seo_description is null or char_length(seo_description) <= 160),
  add constraint articles_cover_alt_length check (cover_image_alt is null or char_length(cover_image_alt) <= 300),
  add constraint articles_content_length check (char_length(content) <= 500000),
  add constraint articles_tags_valid check (public.article_tags_valid(tags));

create index articles_tags_idx on public.articles using gin (tags);

-- A draft has no publication time; publishing without a time means now (the database's clock, not the browser's).
create or replace function public.articles_set_publication() returns trigger
language plpgsql set search_path = '' as $$
begin
  if new.status = 'draft' then
    new.published_at := null;
  elsif new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;

create trigger articles_set_publication before insert or update of status, published_at on public.articles
  for each row execute function public.articles_set_publication();

-- Readers see what is published and due; authors their own articles, administrators all.
drop policy "articles: published public, own and admin" on public.articles;
create policy "articles: published and due public, own and admin" on public.articles
  for select to anon, authenticated
  using ((status = 'published' and published_at <= now()) or author_id = auth.uid() or public.is_admin());

-- Slugs are unique across the site, drafts included, but other authors' drafts are not readable: this answers
-- only whether a slug is in use (by an article other than p_except).
create or replace function public.article_slug_taken(p_slug text, p_except uuid default null) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (select 1 from public.articles a where a.slug = p_slug and (p_except is null or a.id <> p_except));
$$;

revoke execute on function public.article_slug_taken(text, uuid) from public, anon;
grant execute on function public.article_slug_taken(text, uuid) to authenticated, service_role;
