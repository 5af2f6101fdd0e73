-- Articles: written by signed-in users, public once published.
create table public.articles (
  id uuid primary key default gen_random_uuid(),
  -- References profiles (each auth user has one) so the API can embed the author: select=*,author:profiles(full_name)
  author_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 300),
  slug text not null unique check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  excerpt text,
  content text not null default '',
  cover_image_url text,
  status text not null default 'draft' check (status in ('draft', 'published')),
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index articles_author_idx on public.articles (author_id);
create index articles_published_idx on public.articles (published_at desc) where status = 'published';

create trigger articles_set_updated_at before update on public.articles
  for each row execute function public.set_updated_at();

alter table public.articles enable row level security;

create policy "articles: published public, own and admin" on public.articles
  for select to anon, authenticated using (status = 'published' or author_id = auth.uid() or public.is_admin());
create policy "articles: authors create their own" on public.articles
  for insert to authenticated with check (author_id = auth.uid());
create policy "articles: author or admin updates" on public.articles
  for update to authenticated using (author_id = auth.uid() or public.is_admin())
  with check (author_id = auth.uid() or public.is_admin());
create policy "articles: author or admin deletes" on public.articles
  for delete to authenticated using (author_id = auth.uid() or public.is_admin());
