-- The avatars bucket: public (the picture shows beside the user's name), one folder per user ({user id}/{file name},
-- the file name built like article images: a prefix, a random string, the extension; no overwrite). Only the user
-- adds, replaces, lists or removes files in their folder; nobody can list other people's pictures (a public bucket's
-- URLs are served without a select policy). PNG, JPEG or WebP of at most 1 MB: the browser crops the picture square
-- and scales it down to 512 px first.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('avatars', 'avatars', true, 1048576, array['image/png', 'image/jpeg', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "avatars: owner lists own folder" on storage.objects
  for select to authenticated using (
    bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "avatars: owner uploads to own folder" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'avatars' and owner_id = auth.uid()::text
    and (storage.foldername(name))[1] = auth.uid()::text);
create policy "avatars: owner replaces" on storage.objects
  for update to authenticated
  using (bucket_id = 'avatars' and (storage.foldername(name))[1] = auth.uid()::text)
  with check (bucket_id = 'avatars' and owner_id = auth.uid()::text
    and (storage.foldername(name))[1] = auth.uid()::text);
create policy "avatars: owner or admin removes" on storage.objects
  for delete to authenticated using (
    bucket_id = 'avatars' and ((storage.foldername(name))[1] = auth.uid()::text or public.is_admin()));
