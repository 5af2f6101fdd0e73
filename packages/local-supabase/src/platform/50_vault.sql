-- Supabase Vault's SQL interface (the supabase_vault extension, present on every hosted project), where the real
-- extension is not available: vault.create_secret / update_secret, vault.secrets and vault.decrypted_secrets. The
-- secret is stored as given (hosted Vault encrypts it at rest with a key kept outside the database); only the
-- superuser and service_role may read it. Secrets declared in config.toml's [db.vault] are written at start.

create schema if not exists vault;
revoke all on schema vault from public;

create table if not exists vault.secrets (
  id uuid primary key default gen_random_uuid(),
  name text,
  description text not null default '',
  secret text not null,
  key_id uuid,
  nonce bytea,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists secrets_name_idx on vault.secrets (name) where name is not null;

create or replace view vault.decrypted_secrets as
  select id, name, description, secret, secret as decrypted_secret, key_id, nonce, created_at, updated_at
    from vault.secrets;

create or replace function vault.create_secret(
  new_secret text, new_name text default null, new_description text default '', new_key_id uuid default null
) returns uuid language sql volatile set search_path = '' as $$
  insert into vault.secrets (secret, name, description, key_id)
  values (new_secret, new_name, coalesce(new_description, ''), new_key_id)
  returning id;
$$;

create or replace function vault.update_secret(
  secret_id uuid, new_secret text default null, new_name text default null, new_description text default null,
  new_key_id uuid default null
) returns void language sql volatile set search_path = '' as $$
  update vault.secrets
     set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
         description = coalesce(new_description, description), key_id = coalesce(new_key_id, key_id),
         updated_at = now()
   where id = secret_id;
$$;

revoke all on all tables in schema vault from public, anon, authenticated;
revoke all on all functions in schema vault from public, anon, authenticated;
grant usage on schema vault to service_role;
grant select, insert, update, delete on vault.secrets, vault.decrypted_secrets to service_role;
grant execute on function vault.create_secret(text, text, text, uuid), vault.update_secret(uuid, text, text, text, uuid)
  to service_role;
