-- No silent overwrite. Every article carries a version: 1 when it is created, one more on every update. A save
-- may name the version it was based on; when that is not the current one (another tab, another device or an
-- administrator saved in between) the database refuses it and nothing changes. PostgREST answers SQLSTATE PTnnn
-- with HTTP status nnn: 409 Conflict. An update that names no version keeps the current one and goes through.
alter table public.articles add column if not exists version integer not null default 1;

create or replace function public.articles_check_version() returns trigger
language plpgsql set search_path = '' as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    return new;
  end if;
  if new.version is distinct from old.version then
    raise exception 'This article was changed somewhere else since you opened it (in another tab, or by an administrator). Reload it to see the latest version; your changes were not saved.'
      using errcode = 'PT409',
            detail = format('The save was based on version %s; the current version is %s.',
                            coalesce(new.version::text, 'none'), old.version),
            hint = 'stale_version';
  end if;
  new.version := old.version + 1;
  return new;
end;
$$;

drop trigger if exists articles_check_version on public.articles;
create trigger articles_check_version before insert or update on public.articles
  for each row execute function public.articles_check_version();
