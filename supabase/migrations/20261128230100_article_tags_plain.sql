-- A tag is plain text: no markup characters (< or >), whatever the client sends. Tags are shown on the article
-- page, in lists, in the feed and in structured data; refusing markup at the source keeps every one of them safe.
-- NOT VALID: enforced for every new or changed row, without refusing the migration over an existing one.
create or replace function public.article_tags_plain(tags text[]) returns boolean
language sql immutable set search_path = '' as $$
  select coalesce((select bool_and(t !~ '[<>]') from unnest(tags) as t), true);
$$;

alter table public.articles
  add constraint articles_tags_plain check (public.article_tags_plain(tags)) not valid;
