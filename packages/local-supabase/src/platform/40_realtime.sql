-- Supabase Realtime's schema as hosted Supabase has it before a project's migrations run: the
-- `supabase_realtime` publication (empty; projects add tables with `alter publication supabase_realtime
-- add table …`), `realtime.messages` with row-level security for private channels, `realtime.topic()`,
-- `realtime.send()` and `realtime.broadcast_changes()`.
-- Hosted Realtime reads changes from a logical replication slot; here every table in the publication gets a
-- capture trigger whose NOTIFY is delivered at commit, in commit order, and never for a rolled-back
-- transaction — the same guarantees, on PGlite and on any PostgreSQL (no wal_level=logical needed).
-- Runs unchanged on PGlite and PostgreSQL 15, and is idempotent.

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

do $$ begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end $$;

-- Hosted partitions this table by day and keeps no rows for authorization checks (they are rolled back);
-- one unpartitioned table has the same columns, keys, grants and policies' view of it.
create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp not null default now(),
  inserted_at timestamp not null default now(),
  id uuid not null default gen_random_uuid(),
  primary key (id, inserted_at)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic)
  where extension = 'broadcast' and private is true;
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

-- The channel topic being authorised (set by the server while it checks realtime.messages policies).
create or replace function realtime.topic() returns text
language sql stable as $$
  select nullif(current_setting('realtime.topic', true), '')::text;
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

-- Broadcast from the database: a row inserted here with an event and a payload is broadcast to its topic.
create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql as $$
begin
  begin
    perform set_config('realtime.topic', topic, true);
    insert into realtime.messages (payload, event, topic, private, extension)
    values (payload, event, topic, private, 'broadcast');
  exception when others then
    raise warning 'ErrorSendingBroadcastMessage: %', sqlerrm;
  end;
end;
$$;
grant execute on function realtime.send(jsonb, text, text, boolean) to anon, authenticated, service_role;

create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text,
  table_name text, table_schema text, new record, old record, level text default 'ROW')
returns void
language plpgsql as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation,
      'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception when others then
  raise exception 'Failed to process the row: %', sqlerrm;
end;
$$;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text)
  to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------------------------
-- Below: the local server's own machinery (not part of hosted Supabase's schema; no API role may use it).

-- Every notification carries a sequence number: NOTIFY folds identical payloads within one transaction.
create sequence if not exists realtime.change_seq;

-- Changes larger than a NOTIFY payload (8000 bytes) wait here for the server to read them once.
create table if not exists realtime.change_overflow (
  id bigint generated always as identity primary key,
  payload jsonb not null
);

create or replace function realtime.notify_change(change jsonb) returns void
language plpgsql security definer set search_path = '' as $$
declare
  body text := change::text;
  overflow_id bigint;
begin
  if octet_length(body) > 7900 then
    insert into realtime.change_overflow (payload) values (change) returning id into overflow_id;
    perform pg_notify('realtime_changes', json_build_object('overflow', overflow_id)::text);
  else
    perform pg_notify('realtime_changes', body);
  end if;
end;
$$;

create or replace function realtime.capture_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  published boolean;
begin
  select case tg_op when 'INSERT' then p.pubinsert when 'UPDATE' then p.pubupdate else p.pubdelete end
    into published from pg_catalog.pg_publication p where p.pubname = 'supabase_realtime';
  if published then
    perform realtime.notify_change(jsonb_build_object(
      'seq', nextval('realtime.change_seq'),
      'kind', 'change',
      'schema', tg_table_schema,
      'table', tg_table_name,
      'type', tg_op,
      'commit_timestamp', to_char(clock_timestamp() at time zone 'utc', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'record', case when tg_op <> 'DELETE' then to_jsonb(new) end,
      'old_record', case when tg_op <> 'INSERT' then to_jsonb(old) end));
  end if;
  return null;
end;
$$;

-- realtime.send() and direct inserts into realtime.messages are broadcast, as hosted Realtime does.
create or replace function realtime.capture_message() returns trigger
language plpgsql security definer set search_path = '' as $$
begin
  if new.extension = 'broadcast' and new.event is not null and new.payload is not null then
    perform realtime.notify_change(jsonb_build_object(
      'seq', nextval('realtime.change_seq'),
      'kind', 'broadcast',
      'id', new.id,
      'topic', new.topic,
      'event', new.event,
      'private', coalesce(new.private, false),
      'payload', new.payload));
  end if;
  return null;
end;
$$;

drop trigger if exists supabase_realtime_broadcast on realtime.messages;
create trigger supabase_realtime_broadcast after insert on realtime.messages
  for each row execute function realtime.capture_message();

-- Keeps one capture trigger on each table of the publication (and none elsewhere).
create or replace function realtime.sync_capture_triggers() returns void
language plpgsql security definer set search_path = '' as $$
declare
  rel regclass;
begin
  for rel in
    select format('%I.%I', t.schemaname, t.tablename)::regclass
    from pg_catalog.pg_publication_tables t
    where t.pubname = 'supabase_realtime'
    except
    select tg.tgrelid::regclass from pg_catalog.pg_trigger tg where tg.tgname = 'supabase_realtime_capture'
  loop
    execute format('create trigger supabase_realtime_capture after insert or update or delete on %s '
      'for each row execute function realtime.capture_change()', rel);
  end loop;
  for rel in
    select tg.tgrelid::regclass from pg_catalog.pg_trigger tg where tg.tgname = 'supabase_realtime_capture'
    except
    select format('%I.%I', t.schemaname, t.tablename)::regclass
    from pg_catalog.pg_publication_tables t
    where t.pubname = 'supabase_realtime'
  loop
    execute format('drop trigger supabase_realtime_capture on %s', rel);
  end loop;
end;
$$;

create or replace function realtime.on_publication_ddl() returns event_trigger
language plpgsql as $$
begin
  perform realtime.sync_capture_triggers();
end;
$$;

-- Any schema change may alter what a subscriber sees (columns, grants, policies, keys): tell the server.
create or replace function realtime.on_ddl() returns event_trigger
language plpgsql as $$
begin
  perform pg_notify('realtime_ddl', tg_tag);
end;
$$;

-- Event triggers need a superuser; without one the server syncs the triggers itself at start and on join.
do $$ begin
  drop event trigger if exists supabase_realtime_publication;
  create event trigger supabase_realtime_publication on ddl_command_end
    when tag in ('CREATE PUBLICATION', 'ALTER PUBLICATION', 'DROP PUBLICATION', 'CREATE TABLE', 'CREATE TABLE AS', 'SELECT INTO')
    execute function realtime.on_publication_ddl();
  drop event trigger if exists supabase_realtime_ddl;
  create event trigger supabase_realtime_ddl on ddl_command_end execute function realtime.on_ddl();
exception when insufficient_privilege then
  raise notice 'realtime: no event triggers (not a superuser); capture triggers sync on start and join';
end $$;

select realtime.sync_capture_triggers();

-- Whether the roles in `subscribers` ([{k, role, claims}]) may select each row of `entity` identified by its
-- primary key in `keys` (a JSON array of objects): one round trip per batch of changes, each subscriber's
-- check run as its own role with its own claims, as hosted Realtime's apply_rls does. The check is a prepared
-- statement per table and session with a generic plan: planned once per role (RLS plans depend on the role, not
-- on the claims, which policies read at run time), not once per subscriber.
create or replace function realtime.visible_rows(entity regclass, pk_cols text[], keys jsonb, subscribers jsonb)
returns table (subscriber int, row_index int)
language plpgsql as $$
declare
  s record;
  -- Named after the table and its key: a changed primary key gets a statement of its own.
  stmt text := 'realtime_visible_' || entity::oid::text || '_' || left(md5(array_to_string(pk_cols, ',')), 8);
  single boolean := array_length(pk_cols, 1) = 1;
  key_type text;
  arg text;
  visible int[];
begin
  if single then
    -- One key column (the usual case): the keys as a typed array, no JSON work per subscriber.
    key_type := (select format_type(a.atttypid, null) from pg_catalog.pg_attribute a
                 where a.attrelid = entity and a.attname = pk_cols[1]);
    arg := format('%L::%s[]', array(select k.j ->> pk_cols[1] from jsonb_array_elements(keys) with ordinality k(j, i) order by k.i), key_type);
  else
    arg := format('%L::jsonb', keys);
  end if;
  if not exists (select 1 from pg_catalog.pg_prepared_statements p where p.name = stmt) then
    if single then
      execute format(
        'prepare %I (%s[]) as select array_agg((u.i - 1)::int) from unnest($1) with ordinality u(k, i) '
        'where exists (select 1 from %s t where t.%I = u.k)', stmt, key_type, entity, pk_cols[1]);
    else
      execute format(
        'prepare %I (jsonb) as select array_agg((k.i - 1)::int) from jsonb_array_elements($1) with ordinality k(j, i) '
        'cross join lateral jsonb_populate_record(null::%s, k.j) r where exists (select 1 from %s t where %s)',
        stmt, entity, entity,
        (select string_agg(format('t.%1$I = r.%1$I', c), ' and ') from unnest(pk_cols) c));
    end if;
  end if;
  perform set_config('plan_cache_mode', 'force_generic_plan', true);
  for s in select * from jsonb_to_recordset(subscribers) as x(k int, role text, claims text) loop
    begin
      perform set_config('role', s.role, true),
        set_config('request.jwt.claims', s.claims, true),
        set_config('request.jwt.claim.sub', coalesce(s.claims::jsonb ->> 'sub', ''), true),
        set_config('request.jwt.claim.role', s.role, true);
      execute format('execute %I(%s)', stmt, arg) into visible;
      perform set_config('role', 'none', true);
      subscriber := s.k;
      foreach row_index in array coalesce(visible, '{}') loop
        return next;
      end loop;
    exception when others then
      perform set_config('role', 'none', true);
      raise warning 'realtime: RLS check for % as % failed: %', entity, s.role, sqlerrm;
    end;
  end loop;
end;
$$;

-- Refuses a postgres_changes subscription as hosted Realtime's realtime.subscription_check_filters() does:
-- the role must exist and may select every filtered and selected column; values must cast to the column type.
-- `filters` is a JSON array of [column, op, value, negate].
create or replace function realtime.check_subscription(entity regclass, role text, filters jsonb, selected text[])
returns void
language plpgsql as $$
declare
  col_names text[];
  f jsonb;
  col text;
  op text;
  val text;
  col_type regtype;
  in_val jsonb;
begin
  perform role::regrole;
  col_names := coalesce((
    select array_agg(a.attname order by a.attnum)
    from pg_catalog.pg_attribute a
    where a.attrelid = entity and a.attnum > 0 and not a.attisdropped
      and pg_catalog.has_column_privilege(role, a.attrelid, a.attnum, 'SELECT')), '{}'::text[]);
  for f in select * from jsonb_array_elements(filters) loop
    col := f ->> 0;
    op := f ->> 1;
    val := f ->> 2;
    if not col = any(col_names) then
      raise exception 'invalid column for filter %', col;
    end if;
    col_type := (select a.atttypid::regtype from pg_catalog.pg_attribute a where a.attrelid = entity and a.attname = col);
    if op = 'in' then
      execute format('select to_jsonb(%L::%s)', val, col_type::text || '[]') into in_val;
      if coalesce(jsonb_array_length(in_val), 0) > 100 then
        raise exception 'too many values for `in` filter. Maximum 100';
      end if;
    elsif op = 'is' then
      if val not in ('null', 'true', 'false', 'unknown') then
        raise exception 'invalid value for is filter: must be null, true, false, or unknown';
      end if;
      if val <> 'null' and col_type <> 'boolean'::regtype then
        raise exception 'is % filter requires a boolean column, got %', val, col_type::text;
      end if;
    elsif op in ('like', 'ilike') then
      if not exists (select 1 from pg_catalog.pg_operator where oprname = '~~' and oprleft = col_type) then
        raise exception 'operator % requires a text-compatible column type, got %', op, col_type::text;
      end if;
    elsif op in ('match', 'imatch') then
      if not exists (
        select 1 from pg_catalog.pg_operator
        where oprname = case when op = 'imatch' then '~*' else '~' end
          and oprleft = col_type and oprright = col_type and oprresult = 'boolean'::regtype) then
        raise exception 'operator % requires a text-compatible column type, got %', op, col_type::text;
      end if;
      begin
        perform '' ~ val;
      exception when others then
        raise exception 'invalid regular expression for % filter: %', op, sqlerrm;
      end;
    else
      execute format('select %L::%s', val, col_type::text);
    end if;
  end loop;
  if selected is not null then
    foreach col in array selected loop
      if not col = any(col_names) then
        raise exception 'invalid column for select %', col;
      end if;
    end loop;
  end if;
end;
$$;

-- What `role` may do on channel `topic` by the policies on realtime.messages: read probes are inserted
-- (as the owner) and selected as the role; write probes are inserted as the role. Everything is rolled back.
create or replace function realtime.channel_access(topic text, role text, claims text, headers text,
  extensions text[])
returns jsonb
language plpgsql as $$
declare
  result jsonb := '{}'::jsonb;
  ext text;
  probe uuid;
  readable boolean;
  writable boolean;
begin
  begin
    foreach ext in array extensions loop
      probe := gen_random_uuid();
      insert into realtime.messages (id, topic, extension) values (probe, channel_access.topic, ext);
      result := result || jsonb_build_object(ext, jsonb_build_object('probe', probe));
    end loop;
    perform set_config('role', channel_access.role, true),
      set_config('realtime.topic', channel_access.topic, true),
      set_config('request.jwt.claims', claims, true),
      set_config('request.jwt.claim.sub', coalesce(claims::jsonb ->> 'sub', ''), true),
      set_config('request.jwt.claim.role', channel_access.role, true),
      set_config('request.headers', headers, true);
    foreach ext in array extensions loop
      select exists (select 1 from realtime.messages m where m.id = (result -> ext ->> 'probe')::uuid) into readable;
      begin
        insert into realtime.messages (topic, extension) values (channel_access.topic, ext);
        writable := true;
      exception when insufficient_privilege then
        writable := false;
      end;
      result := result || jsonb_build_object(ext, jsonb_build_object('read', readable, 'write', writable));
    end loop;
    raise exception using errcode = 'RT001', message = result::text;
  exception when sqlstate 'RT001' then
    return sqlerrm::jsonb;
  end;
end;
$$;

revoke all on function realtime.notify_change(jsonb) from public;
revoke all on function realtime.sync_capture_triggers() from public;
revoke all on function realtime.visible_rows(regclass, text[], jsonb, jsonb) from public;
revoke all on function realtime.channel_access(text, text, text, text, text[]) from public;
revoke all on function realtime.check_subscription(regclass, text, jsonb, text[]) from public;
revoke all on table realtime.change_overflow from public;
