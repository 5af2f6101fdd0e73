-- The poster-images bucket: private. Each user's images live under their own folder ({user id}/{file name}, the
-- file name built like article images: time or prefix, a random string, the extension; no overwrite) and only
-- that user may read, add, replace or remove them. Images only, at most 10 MB (print-resolution photos).
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('poster-images', 'poster-images', false, 10485760,
        array['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "poster-images: owner reads" on storage.objects
  for select to authenticated using (
    bucket_id = 'poster-images' and (storage.foldername(name))[1] = auth.uid()::text);
create policy "poster-images: owner uploads to own folder" on storage.objects
  for insert to authenticated with check (
    bucket_id = 'poster-images' and owner_id = auth.uid()::text
    and (storage.foldername(name))[1] = auth.uid()::text);
create policy "poster-images: owner replaces" on storage.objects
  for update to authenticated using (
    bucket_id = 'poster-images' and owner_id = auth.uid()::text
    and (storage.foldername(name))[1] = auth.uid()::text);
create policy "poster-images: owner deletes" on storage.objects
  for delete to authenticated using (
    bucket_id = 'poster-images' and (storage.foldername(name))[1] = auth.uid()::text);
