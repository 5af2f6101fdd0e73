-- An article owns its images: an article-images object that an article uses (as its cover, or an <img> of its
-- content) is neither removed, overwritten nor moved, whoever asks — its uploader, an administrator, a raw Storage
-- call with a user's token. Deleting or editing one article never breaks another's images; an image is removable
-- once no article uses it (the editor saves the article first, then removes the images it no longer uses; deleting
-- an article deletes the row first, then its images).

-- Whether any article (drafts and other authors' included: security definer, so RLS does not hide them) uses the
-- object of that name through its public URL. The name must end the address or be followed by a character that
-- ends one in HTML or starts its query, so that `a.png` is not taken for `a.png2`.
create or replace function public.article_image_in_use(p_name text) returns boolean
language sql stable security definer set search_path = '' as $$
  select exists (
    select 1
      from public.articles a,
           (select '/storage/v1/object/public/article-images/' || p_name as path) p
     where right(coalesce(a.cover_image_url, ''), length(p.path)) = p.path
        or right(a.content, length(p.path)) = p.path
        or exists (select 1 from unnest(array['"', '''', '?', '#', '<', '>', ' ', ')', '&', e'\n', e'\t']) t(c)
                    where strpos(coalesce(a.cover_image_url, ''), p.path || t.c) > 0
                       or strpos(a.content, p.path || t.c) > 0))
$$;

revoke execute on function public.article_image_in_use(text) from public, anon;
grant execute on function public.article_image_in_use(text) to authenticated, service_role;

create policy "article-images: not removed while an article uses it" on storage.objects
  as restrictive for delete to authenticated
  using (bucket_id <> 'article-images' or not public.article_image_in_use(name));
create policy "article-images: not replaced or moved while an article uses it" on storage.objects
  as restrictive for update to authenticated
  using (bucket_id <> 'article-images' or not public.article_image_in_use(name));
