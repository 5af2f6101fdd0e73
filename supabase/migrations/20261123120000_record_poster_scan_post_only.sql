-- record_poster_scan() again, closing two holes of the first version:
-- * it answered true or false, so anyone could test whether a private poster id exists; now it answers nothing
--   either way (a scan of an unknown poster is silently dropped);
-- * it could be called by GET (a write on GET: link previews, prefetchers and crawlers following a URL would record
--   scans). PostgREST runs GET and HEAD in a read-only transaction, which already refuses the insert; the function
--   also refuses by itself when the request's method (`request.method`, set by PostgREST) is GET or HEAD, so no
--   gateway that forgets the read-only mode turns a read into a scan.
drop function if exists public.record_poster_scan(uuid, text, text, text);

create function public.record_poster_scan(poster_id uuid, source text default null,
  user_agent text default null, referrer text default null) returns void
language plpgsql volatile security definer set search_path = '' as $$
begin
  if coalesce(current_setting('request.method', true), '') in ('GET', 'HEAD') then
    raise exception 'record_poster_scan records a scan: call it with POST'
      using errcode = '25006', hint = 'A GET request must not change data.';
  end if;
  insert into public.poster_scans (poster_id, source, user_agent, referrer)
  select p.id, left(record_poster_scan.source, 100), left(record_poster_scan.user_agent, 500),
         left(record_poster_scan.referrer, 500)
    from public.posters p
   where p.id = record_poster_scan.poster_id;
end;
$$;

revoke execute on function public.record_poster_scan(uuid, text, text, text) from public;
grant execute on function public.record_poster_scan(uuid, text, text, text) to anon, authenticated, service_role;
