-- The article-images bucket: public read, upload by signed-in users, delete by the uploader or an admin.
-- Images only, at most 5 MB each.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('article-images', 'article-images', true, 5242880,
        array['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "article-images: public read" on storage.objects
  for select to anon, authenticated using (bucket_id = 'article-images');
create policy "article-images: signed-in upload" on storage.objects
  for insert to authenticated with check (bucket_id = 'article-images' and owner_id = auth.uid()::text);
create policy "article-images: uploader or admin replaces" on storage.objects
  for update to authenticated using (bucket_id = 'article-images' and (owner_id = auth.uid()::text or public.is_admin()));
create policy "article-images: uploader or admin deletes" on storage.objects
  for delete to authenticated using (bucket_id = 'article-images' and (owner_id = auth.uid()::text or public.is_admin()));
