-- The account (auth.users.raw_user_meta_data) is where the site writes a user's name and picture (supabase-js
-- updateUser, so the session, the user menu and the profile agree at once); public.profiles, which articles show as
-- their author, follows it. A picture is taken over only when it is the user's own file in the avatars bucket (or
-- removed), so nobody can make their byline point at someone else's address; a name is trimmed and cut to 100.
alter table public.profiles
  add constraint profiles_full_name_length check (full_name is null or char_length(full_name) <= 200),
  add constraint profiles_avatar_url_shape check (avatar_url is null or (char_length(avatar_url) <= 2048 and avatar_url ~ '^https?://'));

-- The URL is the user's own object in the avatars bucket: …/storage/v1/object/public/avatars/{user id}/{name}.
create or replace function public.is_own_avatar_url(url text, owner uuid) returns boolean
language sql immutable set search_path = '' as $$
  select url ~ ('^https?://[^/?#]+(/[^?#]*)?/storage/v1/object/public/avatars/' || owner::text || '/[^/?#]+$');
$$;

create or replace function public.sync_profile_from_account() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  name text := left(nullif(btrim(new.raw_user_meta_data ->> 'full_name'), ''), 100);
  picture text := new.raw_user_meta_data ->> 'avatar_url';
begin
  update public.profiles p
     set full_name = coalesce(name, p.full_name),
         avatar_url = case
           when picture is null then null
           when public.is_own_avatar_url(picture, new.id) then picture
           else p.avatar_url end
   where p.id = new.id
     and (p.full_name is distinct from coalesce(name, p.full_name)
          or p.avatar_url is distinct from (case when picture is null then null
                                                 when public.is_own_avatar_url(picture, new.id) then picture
                                                 else p.avatar_url end));
  return new;
end;
$$;

revoke execute on function public.sync_profile_from_account() from public, anon, authenticated;

create trigger on_auth_user_metadata_updated after update of raw_user_meta_data on auth.users
  for each row when (old.raw_user_meta_data is distinct from new.raw_user_meta_data)
  execute function public.sync_profile_from_account();

-- An article kept after its author deleted their account has no author (shown as a former contributor).
alter table public.articles alter column author_id drop not null;
