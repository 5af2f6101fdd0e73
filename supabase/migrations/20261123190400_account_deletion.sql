-- Account deletion, the database's part: called by the delete-account server function (service role only) for the
-- user their own token names, before Auth deletes the user. In one transaction it keeps the user's published
-- articles without an author when asked (drafts always go), deletes their articles, posters (with their scans) and
-- E-Board entries, and answers which stored files to remove: everything in the user's avatars and poster-images
-- folders, every file they uploaded, and their E-Board entries' images — except the images a kept article shows.
-- Consultation requests and contact messages stay, without the account, for the time the privacy policy states.
-- Running it again for the same user answers the files still there and changes nothing else.
create or replace function public.delete_account_content(p_user uuid, p_keep_articles boolean default false)
returns jsonb
language plpgsql volatile security definer set search_path = '' as $$
declare
  kept integer := 0;
  files jsonb;
  eboard_images text[];
begin
  if p_user is null then
    raise exception 'No user given.' using errcode = '22023';
  end if;
  if p_keep_articles then
    update public.articles set author_id = null
     where author_id = p_user and status = 'published';
    get diagnostics kept = row_count;
  end if;

  select coalesce(array_agg(e.image_url), '{}') into eboard_images
    from public.eboard_submissions e where e.user_id = p_user and e.image_url is not null;

  select coalesce(jsonb_agg(jsonb_build_object('bucket', o.bucket_id, 'name', o.name)
                            order by o.bucket_id, o.name), '[]'::jsonb)
    into files
    from storage.objects o
   where (o.owner_id = p_user::text
          or (o.bucket_id in ('avatars', 'poster-images') and (storage.foldername(o.name))[1] = p_user::text)
          or (o.bucket_id = 'eboard-images'
              and exists (select 1 from unnest(eboard_images) u(url)
                          where u.url like '%/storage/v1/object/public/eboard-images/' || o.name)))
     and not (o.bucket_id = 'article-images' and exists (
           select 1 from public.articles a
            where a.author_id is null
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
