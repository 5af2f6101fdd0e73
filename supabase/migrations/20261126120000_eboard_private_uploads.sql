-- E-Board images are nobody's but the moderators' until their entry is approved. A public bucket serves
-- /object/public/ without asking any policy, so the uploads' bucket becomes private: visitors still add a new image
-- under pending/ (insert only: they can neither list nor read it back), administrators read it (the moderation
-- screen signs its URLs), the submit function checks it with the service role. Approving an entry copies its image
-- into the public bucket eboard-approved (moderate-eboard, service role: no one else writes there); archiving or
-- reopening takes it out again, rejecting removes both copies. Entries are deleted through moderate-eboard, which
-- removes their images first: REST deletes would leave the files behind.
-- Entries approved before this migration name a public URL in eboard-images that no longer answers: approving them
-- again through moderate-eboard publishes their image in eboard-approved.
update storage.buckets set public = false where id = 'eboard-images';

drop policy "eboard-images: public read" on storage.objects;
create policy "eboard-images: admins read" on storage.objects
  for select to authenticated using (bucket_id = 'eboard-images' and public.is_admin());

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('eboard-approved', 'eboard-approved', true, 2097152, array['image/jpeg', 'image/png', 'image/webp'])
on conflict (id) do update set public = excluded.public, file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

drop policy "eboard: submitter or admin deletes" on public.eboard_submissions;

-- Account deletion lists the user's E-Board images in both buckets, whichever of them the entry's URL names (the
-- private original pending/<file> and the public copy <file> share the file name). The rest is unchanged.
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
