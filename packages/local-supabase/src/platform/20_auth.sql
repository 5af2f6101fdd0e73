-- Supabase Auth (GoTrue) tables besides auth.users, in GoTrue's shapes.
-- Runs after 10_auth_users.sql, unchanged on PGlite and PostgreSQL 15. Idempotent.

do $$ begin create type auth.aal_level as enum ('aal1', 'aal2', 'aal3'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.factor_type as enum ('totp', 'webauthn', 'phone'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.factor_status as enum ('unverified', 'verified'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.code_challenge_method as enum ('s256', 'plain'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.one_time_token_type as enum (
  'confirmation_token', 'reauthentication_token', 'recovery_token',
  'email_change_token_new', 'email_change_token_current', 'phone_change_token');
exception when duplicate_object then null; end $$;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);
create index if not exists identities_email_idx on auth.identities (email text_pattern_ops);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  factor_id uuid,
  aal auth.aal_level default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

-- token holds the SHA-256 (hex) of the refresh token; the token itself is never stored.
create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz unique,
  web_authn_credential jsonb,
  web_authn_aaguid uuid
);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet,
  otp_code text,
  web_authn_session_data jsonb
);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  id uuid not null default gen_random_uuid() primary key,
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

-- auth_code holds the SHA-256 (hex) of the code handed to the client.
create table if not exists auth.flow_state (
  id uuid not null primary key,
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

-- token_hash holds the SHA-256 (hex) of the value sent in the e-mail link.
create table if not exists auth.one_time_tokens (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type auth.one_time_token_type not null,
  token_hash text not null check (char_length(token_hash) > 0),
  relates_to text not null,
  created_at timestamp not null default now(),
  updated_at timestamp not null default now(),
  constraint one_time_tokens_user_id_token_type_key unique (user_id, token_type)
);
create index if not exists one_time_tokens_token_hash_hash_idx on auth.one_time_tokens (token_hash);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid not null primary key,
  payload json,
  created_at timestamptz default now(),
  ip_address varchar(64) not null default ''
);

-- OAuth 2.1 clients of the project's own authorization server ([auth.oauth_server]), in GoTrue's shape.
do $$ begin create type auth.oauth_registration_type as enum ('dynamic', 'manual'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.oauth_client_type as enum ('public', 'confidential'); exception when duplicate_object then null; end $$;
create table if not exists auth.oauth_clients (
  id uuid primary key,
  client_secret_hash text null,
  registration_type auth.oauth_registration_type not null,
  redirect_uris text not null,
  grant_types text not null,
  client_name text null check (char_length(client_name) <= 1024),
  client_uri text null check (char_length(client_uri) <= 2048),
  logo_uri text null check (char_length(logo_uri) <= 2048),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  deleted_at timestamptz null,
  client_type auth.oauth_client_type not null default 'confidential',
  token_endpoint_auth_method text check (token_endpoint_auth_method in ('client_secret_basic', 'client_secret_post', 'none'))
);
create index if not exists oauth_clients_deleted_at_idx on auth.oauth_clients (deleted_at);

-- Passkeys ([auth.passkey]) and their ceremonies' challenges, in GoTrue's shape.
create table if not exists auth.webauthn_credentials (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  credential_id bytea not null,
  public_key bytea not null,
  attestation_type text not null default '',
  aaguid uuid,
  sign_count bigint not null default 0,
  transports jsonb not null default '[]'::jsonb,
  backup_eligible boolean not null default false,
  backed_up boolean not null default false,
  friendly_name text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_used_at timestamptz
);
create unique index if not exists webauthn_credentials_credential_id_key on auth.webauthn_credentials (credential_id);
create index if not exists webauthn_credentials_user_id_idx on auth.webauthn_credentials (user_id);
create table if not exists auth.webauthn_challenges (
  id uuid primary key,
  user_id uuid references auth.users (id) on delete cascade,
  challenge_type text not null check (challenge_type in ('signup', 'registration', 'authentication')),
  session_data jsonb not null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index if not exists webauthn_challenges_user_id_idx on auth.webauthn_challenges (user_id);
create index if not exists webauthn_challenges_expires_at_idx on auth.webauthn_challenges (expires_at);

-- The OAuth 2.1 server's authorization requests and users' consents ([auth.oauth_server]), in GoTrue's shape.
-- authorization_code is handed to the client once (approve) and the row is deleted when it is exchanged.
do $$ begin create type auth.oauth_authorization_status as enum ('pending', 'approved', 'denied', 'expired'); exception when duplicate_object then null; end $$;
do $$ begin create type auth.oauth_response_type as enum ('code'); exception when duplicate_object then null; end $$;
create table if not exists auth.oauth_authorizations (
  id uuid primary key,
  authorization_id text not null unique,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  user_id uuid null references auth.users (id) on delete cascade,
  redirect_uri text not null check (char_length(redirect_uri) <= 2048),
  scope text not null check (char_length(scope) <= 4096),
  state text null check (char_length(state) <= 4096),
  resource text null check (char_length(resource) <= 2048),
  code_challenge text null check (char_length(code_challenge) <= 128),
  code_challenge_method auth.code_challenge_method null,
  response_type auth.oauth_response_type not null default 'code',
  status auth.oauth_authorization_status not null default 'pending',
  authorization_code text null unique check (char_length(authorization_code) <= 255),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default (now() + interval '3 minutes'),
  approved_at timestamptz null,
  nonce text null check (char_length(nonce) <= 255),
  constraint oauth_authorizations_expires_at_future check (expires_at > created_at)
);
create index if not exists oauth_auth_pending_exp_idx on auth.oauth_authorizations (expires_at) where status = 'pending';

create table if not exists auth.oauth_consents (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.oauth_clients (id) on delete cascade,
  scopes text not null check (char_length(scopes) <= 2048) check (char_length(trim(scopes)) > 0),
  granted_at timestamptz not null default now(),
  revoked_at timestamptz null,
  constraint oauth_consents_user_client_unique unique (user_id, client_id),
  constraint oauth_consents_revoked_after_granted check (revoked_at is null or revoked_at >= granted_at)
);
create index if not exists oauth_consents_active_user_client_idx on auth.oauth_consents (user_id, client_id) where revoked_at is null;
create index if not exists oauth_consents_user_order_idx on auth.oauth_consents (user_id, granted_at desc);
create index if not exists oauth_consents_active_client_idx on auth.oauth_consents (client_id) where revoked_at is null;

-- A session an OAuth client obtained: its client and the scopes granted (they go into its access tokens).
alter table auth.sessions add column if not exists oauth_client_id uuid;
alter table auth.sessions add column if not exists scopes text;
do $$ begin
  alter table auth.sessions add constraint sessions_oauth_client_id_fkey
    foreign key (oauth_client_id) references auth.oauth_clients (id) on delete cascade;
exception when duplicate_object then null; end $$;
do $$ begin
  alter table auth.sessions add constraint sessions_scopes_length check (char_length(scopes) <= 4096);
exception when duplicate_object then null; end $$;
create index if not exists sessions_oauth_client_id_idx on auth.sessions (oauth_client_id);
