-- Article revisions: the database records every change to an article's content (title, slug, excerpt, text, cover,
-- cover description, tags, SEO description) and every publish, schedule and unpublish, as a revision — who, when,
-- what changed and the kind of change (create / edit / publish / unpublish / restore). A trigger writes them, so no
-- client can skip or forge one; no role but the service role may write the tables.
--
-- Stored compactly: an author's consecutive edits within 10 minutes of the revision's first one are one revision
-- (`saves` counts them; autosave saves every few seconds), and a text is stored once per article
-- (article_revision_bodies, keyed by its SHA-256: a publish, an unpublish or a restore reuses the text it names),
-- compressed by PostgreSQL's TOAST once it is larger than about 2 kB. A revision is read by the article's author and
-- by administrators only — never by anon or another user, even when the article is published.

create table public.article_revision_bodies (
  id bigint generated always as identity primary key,
  article_id uuid not null references public.articles (id) on delete cascade,
  hash text not null,
  content text not null,
  unique (article_id, hash)
);

create table public.article_revisions (
  id bigint generated always as identity primary key,
  article_id uuid not null references public.articles (id) on delete cascade,
  -- Who made the change (null: the service role, or an account since deleted).
  editor_id uuid references public.profiles (id) on delete set null,
  kind text not null check (kind in ('create', 'edit', 'publish', 'unpublish', 'restore')),
  -- The fields this revision changed (for coalesced edits: any of them).
  changed text[] not null default '{}',
  -- The article's version once this revision was saved.
  version integer not null,
  title text not null,
  slug text not null,
  excerpt text,
  body_id bigint not null references public.article_revision_bodies (id) on delete cascade,
  cover_image_url text,
  cover_image_alt text,
  tags text[] not null default '{}',
  seo_description text,
  status text not null,
  published_at timestamptz,
  -- For a restore: the revision restored.
  restored_from bigint references public.article_revisions (id) on delete set null,
  saves integer not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create index article_revisions_article_idx on public.article_revisions (article_id, id desc);
create index article_revisions_body_idx on public.article_revisions (body_id);

alter table public.article_revision_bodies enable row level security;
alter table public.article_revisions enable row level security;

revoke all on public.article_revision_bodies, public.article_revisions from public, anon, authenticated;
grant select on public.article_revision_bodies, public.article_revisions to authenticated;
grant all on public.article_revision_bodies, public.article_revisions to service_role;

-- The article's author and administrators (who may edit any article); not the public, whatever the article's state.
create policy "article revisions: the author and administrators read" on public.article_revisions
  for select to authenticated
  using (exists (select 1 from public.articles a
                  where a.id = article_id and (a.author_id = (select auth.uid()) or (select public.is_admin()))));
create policy "article revision bodies: the author and administrators read" on public.article_revision_bodies
  for select to authenticated
  using (exists (select 1 from public.articles a
                  where a.id = article_id and (a.author_id = (select auth.uid()) or (select public.is_admin()))));
create policy "article revisions: two-step verification when on" on public.article_revisions
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "article revision bodies: two-step verification when on" on public.article_revision_bodies
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- The id of a text in an article's store, adding it when new.
create or replace function public.article_revision_body(p_article uuid, p_content text) returns bigint
language plpgsql security definer set search_path = '' as $$
declare
  v_hash text := encode(sha256(convert_to(p_content, 'UTF8')), 'hex');
  v_id bigint;
begin
  select id into v_id from public.article_revision_bodies where article_id = p_article and hash = v_hash;
  if v_id is null then
    insert into public.article_revision_bodies (article_id, hash, content) values (p_article, v_hash, p_content)
      returning id into v_id;
  end if;
  return v_id;
end;
$$;

revoke execute on function public.article_revision_body(uuid, text) from public, anon, authenticated;

create or replace function public.articles_record_revision() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  v_changed text[] := '{}';
  v_kind text;
  v_restore bigint;
  v_editor uuid;
  v_body bigint;
  v_last public.article_revisions;
begin
  if tg_op = 'UPDATE' then
    if new.title is distinct from old.title then v_changed := array_append(v_changed, 'title'); end if;
    if new.slug is distinct from old.slug then v_changed := array_append(v_changed, 'slug'); end if;
    if new.excerpt is distinct from old.excerpt then v_changed := array_append(v_changed, 'excerpt'); end if;
    if new.content is distinct from old.content then v_changed := array_append(v_changed, 'content'); end if;
    if new.cover_image_url is distinct from old.cover_image_url then v_changed := array_append(v_changed, 'cover_image_url'); end if;
    if new.cover_image_alt is distinct from old.cover_image_alt then v_changed := array_append(v_changed, 'cover_image_alt'); end if;
    if new.tags is distinct from old.tags then v_changed := array_append(v_changed, 'tags'); end if;
    if new.seo_description is distinct from old.seo_description then v_changed := array_append(v_changed, 'seo_description'); end if;
    if new.status is distinct from old.status then v_changed := array_append(v_changed, 'status'); end if;
    if new.published_at is distinct from old.published_at then v_changed := array_append(v_changed, 'published_at'); end if;
  end if;

  -- A restore is marked by restore_article_revision() for its own update of this article only.
  begin
    v_restore := nullif(current_setting('pentland.article_restore', true), '')::bigint;
  exception when others then
    v_restore := null;
  end;
  if v_restore is not null
     and not exists (select 1 from public.article_revisions r where r.id = v_restore and r.article_id = new.id) then
    v_restore := null;
  end if;

  if tg_op = 'INSERT' then
    v_kind := 'create';
  elsif v_restore is not null then
    v_kind := 'restore';
  elsif new.status is distinct from old.status then
    v_kind := case when new.status = 'published' then 'publish' else 'unpublish' end;
  elsif 'published_at' = any (v_changed) then
    v_kind := 'publish'; -- scheduled again
  elsif cardinality(v_changed) > 0 then
    v_kind := 'edit';
  else
    return null; -- nothing a reader or the author would see changed
  end if;

  select p.id into v_editor from public.profiles p where p.id = auth.uid();
  v_body := public.article_revision_body(new.id, new.content);

  if v_kind = 'edit' and v_editor is not null then
    select * into v_last from public.article_revisions r where r.article_id = new.id order by r.id desc limit 1;
    if found and v_last.kind = 'edit' and v_last.editor_id = v_editor
       and v_last.created_at > now() - interval '10 minutes' then
      update public.article_revisions
         set changed = (select coalesce(array_agg(distinct c order by c), '{}') from unnest(v_last.changed || v_changed) c),
             version = new.version, title = new.title, slug = new.slug, excerpt = new.excerpt, body_id = v_body,
             cover_image_url = new.cover_image_url, cover_image_alt = new.cover_image_alt, tags = new.tags,
             seo_description = new.seo_description, status = new.status, published_at = new.published_at,
             saves = saves + 1, updated_at = now()
       where id = v_last.id;
      if v_last.body_id <> v_body then
        delete from public.article_revision_bodies b
         where b.id = v_last.body_id and not exists (select 1 from public.article_revisions r where r.body_id = b.id);
      end if;
      return null;
    end if;
  end if;

  insert into public.article_revisions
    (article_id, editor_id, kind, changed, version, title, slug, excerpt, body_id, cover_image_url, cover_image_alt,
     tags, seo_description, status, published_at, restored_from)
  values
    (new.id, v_editor, v_kind, v_changed, new.version, new.title, new.slug, new.excerpt, v_body, new.cover_image_url,
     new.cover_image_alt, new.tags, new.seo_description, new.status, new.published_at, v_restore);
  return null;
end;
$$;

revoke execute on function public.articles_record_revision() from public, anon, authenticated;

create trigger articles_record_revision after insert or update on public.articles
  for each row execute function public.articles_record_revision();

-- Restores a revision's content (not its publication state) into its article, as a new 'restore' revision. Runs as
-- the caller: a revision the caller may not read (another user's) is not found, and the article's own update policy
-- decides the rest. With p_version, a restore based on a stale version is refused (PT409) like any save.
create or replace function public.restore_article_revision(p_revision bigint, p_version integer default null)
returns public.articles
language plpgsql security invoker set search_path = '' as $$
declare
  v_rev public.article_revisions;
  v_content text;
  v_article public.articles;
begin
  select * into v_rev from public.article_revisions where id = p_revision;
  if not found then
    raise exception 'This revision was not found, or it is not yours to restore.'
      using errcode = 'PT404', hint = 'revision_not_found';
  end if;
  select content into v_content from public.article_revision_bodies where id = v_rev.body_id;
  perform set_config('pentland.article_restore', p_revision::text, true);
  update public.articles
     set title = v_rev.title, slug = v_rev.slug, excerpt = v_rev.excerpt, content = v_content,
         cover_image_url = v_rev.cover_image_url, cover_image_alt = v_rev.cover_image_alt, tags = v_rev.tags,
         seo_description = v_rev.seo_description, version = coalesce(p_version, version), updated_at = now()
   where id = v_rev.article_id
  returning * into v_article;
  perform set_config('pentland.article_restore', '', true);
  if v_article.id is null then
    raise exception 'This revision was not found, or it is not yours to restore.'
      using errcode = 'PT404', hint = 'revision_not_found';
  end if;
  return v_article;
end;
$$;

revoke execute on function public.restore_article_revision(bigint, integer) from public, anon;
grant execute on function public.restore_article_revision(bigint, integer) to authenticated, service_role;

-- Existing articles start their history with their current state.
insert into public.article_revisions
  (article_id, editor_id, kind, version, title, slug, excerpt, body_id, cover_image_url, cover_image_alt, tags,
   seo_description, status, published_at, created_at, updated_at)
select a.id, a.author_id, 'create', a.version, a.title, a.slug, a.excerpt, public.article_revision_body(a.id, a.content),
       a.cover_image_url, a.cover_image_alt, a.tags, a.seo_description, a.status, a.published_at, a.updated_at,
       a.updated_at
  from public.articles a;
