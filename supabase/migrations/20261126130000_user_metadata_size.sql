-- user_metadata travels in every access token Auth issues (base64url-encoded, 4/3 of its size, beside ~1 KB of other
-- claims). GoTrue caps only the request body (1 MiB), so through PUT /auth/v1/user a user could store enough that every
-- later request of their session is refused by a server in the path for its header size (431): their own session
-- made unusable. The database refuses more than 8 KiB of user_metadata (bytes of its jsonb text), whoever writes
-- auth.users — GoTrue on hosted Supabase, the local backend, an admin, a social sign-in — so the token stays under
-- ~12.5 KB, inside the 16 KB per header that Node, common proxies and CDNs accept. Shrinking an already larger value
-- (removing keys) stays possible.
--
-- SQLSTATE PT400: GoTrue (and PostgREST) answer such an error with HTTP 400 to clients that use the initial API
-- version; GoTrue answers clients that send X-Supabase-Api-Version: 2024-01-01 (supabase-js) with its generic 500
-- 'unexpected_failure' for any database error on these paths — nothing is stored and the session keeps working,
-- but the status is GoTrue's. The local backend refuses the same size itself with 400 validation_failed before
-- writing (packages/local-supabase, MAX_METADATA), and answers this error with 400 where it still arises.
create or replace function public.refuse_oversize_user_metadata()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  size integer := octet_length(coalesce(new.raw_user_meta_data, '{}'::jsonb)::text);
begin
  if size > 8192
     and (tg_op = 'INSERT' or size > octet_length(coalesce(old.raw_user_meta_data, '{}'::jsonb)::text)) then
    raise exception 'user_metadata is too large (% bytes, at most 8192)', size
      using errcode = 'PT400',
            hint = 'Keep large data out of user_metadata: it is part of every access token.';
  end if;
  return new;
end;
$$;

create trigger refuse_oversize_user_metadata
  before insert or update of raw_user_meta_data on auth.users
  for each row execute function public.refuse_oversize_user_metadata();
