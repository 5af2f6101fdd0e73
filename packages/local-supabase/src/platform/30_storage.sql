-- Supabase Storage's schema: buckets and objects (rows under RLS; bytes live on disk) and its helper functions.

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null unique,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb,
  constraint objects_bucket_id_name_key unique (bucket_id, name)
);
create index if not exists objects_bucket_id_name_prefix_idx on storage.objects (bucket_id, name text_pattern_ops);

-- Columns later Storage versions added (the data directory of an older local backend gets them too).
alter table storage.buckets add column if not exists type text not null default 'STANDARD';
alter table storage.objects alter column user_metadata set default '{}'::jsonb;

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- As on hosted Supabase, buckets have no policies of their own: the service role (which bypasses RLS) manages them,
-- and a project adds policies on storage.buckets for anyone else. An older local backend allowed every role to read
-- them; that policy goes, so a project that relies on it fails here as it would in production.
drop policy if exists "buckets are visible" on storage.buckets;

create or replace function storage.foldername(name text) returns text[] language sql immutable as $$
  select (string_to_array(name, '/'))[1:array_length(string_to_array(name, '/'), 1) - 1]
$$;

create or replace function storage.filename(name text) returns text language sql immutable as $$
  select (string_to_array(name, '/'))[array_length(string_to_array(name, '/'), 1)]
$$;

create or replace function storage.extension(name text) returns text language sql immutable as $$
  select reverse(split_part(reverse(storage.filename(name)), '.', 1))
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text)
  to anon, authenticated, service_role;
