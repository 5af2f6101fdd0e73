-- Deleting an account removes the user's files, but never an article image that an article of someone else still
-- uses (its cover, or an <img> of its content): other authors' articles, and the user's published articles kept
-- without an author. Deleting one account's articles never breaks another article. The rest is unchanged.
create or replace function public.delete_account_content(p_user uuid, p_keep_articles boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  kept integer := 0;
  files jsonb;
  eboard_files text[];
begin
  if p_user is null then
    raise exception 'No user given.' using errcode = '22023';
  end if;
  if p_keep_articles then
    update public.articles set author_id = null
     where author_id = p_user and status = 'published';
    get diagnostics kept = row_count;
  end if;

  select coalesce(array_agg(substring(e.image_url from '/eboard-(?:images|approved)/(?:pending/)?([^/?#]+)$')), '{}')
    into eboard_files
    from public.eboard_submissions e where e.user_id = p_user and e.image_url is not null;

  select coalesce(jsonb_agg(jsonb_build_object('bucket', o.bucket_id, 'name', o.name)
                            order by o.bucket_id, o.name), '[]'::jsonb)
    into files
    from storage.objects o
   where (o.owner_id = p_user::text
          or (o.bucket_id in ('avatars', 'poster-images') and (storage.foldername(o.name))[1] = p_user::text)
          or (o.bucket_id = 'eboard-images' and o.name like 'pending/%'
              and substr(o.name, 9) = any (eboard_files))
          or (o.bucket_id = 'eboard-approved' and o.name = any (eboard_files)))
     and not (o.bucket_id = 'article-images' and exists (
           select 1 from public.articles a
            where a.author_id is distinct from p_user
              and (position('/storage/v1/object/public/article-images/' || o.name in coalesce(a.cover_image_url, '')) > 0
                   or position('/storage/v1/object/public/article-images/' || o.name in a.content) > 0)));

  delete from public.articles where author_id = p_user;
  delete from public.posters where user_id = p_user;
  delete from public.eboard_submissions where user_id = p_user;

  return jsonb_build_object('kept_articles', kept, 'files', files);
end;
$$;

revoke execute on function public.delete_account_content(uuid, boolean) from public, anon, authenticated;
grant execute on function public.delete_account_content(uuid, boolean) to service_role;
