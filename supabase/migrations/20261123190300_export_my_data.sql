-- Download my data (UK GDPR right of access and portability): everything the site holds about the caller as one
-- JSON document — the account as Auth keeps it (no password hash, no factor secrets, no tokens), the profile, articles,
-- the generator's log, posters and the scans of them, consultation requests, contact messages and E-Board entries
-- (the ones made while signed in, and those sent from the account's confirmed e-mail address), subscriptions and
-- the files uploaded. Security definer because Auth's tables are not readable by users; every row is selected by
-- auth.uid() (or the account's own confirmed address), never by an argument. Scans follow the analytics rule: the
-- last 30 days without premium, all with premium (`poster_scans_from` says which). Internal notes, the visitor
-- hashes of people who scanned a poster and the hashed client addresses of the rate limits are not about the user
-- and are left out. A user with two-factor authentication must have passed it in this session.
create or replace function public.export_my_data() returns jsonb
language plpgsql stable security definer set search_path = '' as $$
declare
  me uuid := auth.uid();
  account auth.users%rowtype;
  address text;
  scans_from timestamptz;
begin
  if me is null then
    raise exception 'Sign in to download your data.' using errcode = '42501';
  end if;
  if not public.mfa_satisfied() then
    raise exception 'Enter the code from your authenticator app first.' using errcode = '42501', hint = 'insufficient_aal';
  end if;
  select * into account from auth.users u where u.id = me;
  if not found then
    raise exception 'This account no longer exists.' using errcode = '42501';
  end if;
  address := case when account.email_confirmed_at is not null then lower(account.email) end;
  scans_from := public.poster_scan_history_start();

  return jsonb_build_object(
    'format', 'pentland-cloud-data-export',
    'version', 1,
    'generated_at', now(),
    'account', jsonb_build_object(
      'id', account.id,
      'email', account.email,
      'email_confirmed_at', account.email_confirmed_at,
      'pending_email_change', nullif(account.email_change, ''),
      'phone', account.phone,
      'created_at', account.created_at,
      'updated_at', account.updated_at,
      'last_sign_in_at', account.last_sign_in_at,
      'user_metadata', coalesce(account.raw_user_meta_data, '{}'::jsonb),
      'identities', (select coalesce(jsonb_agg(jsonb_build_object(
          'provider', i.provider, 'email', i.email, 'identity_data', i.identity_data,
          'created_at', i.created_at, 'last_sign_in_at', i.last_sign_in_at) order by i.created_at), '[]'::jsonb)
        from auth.identities i where i.user_id = me),
      'mfa_factors', (select coalesce(jsonb_agg(jsonb_build_object(
          'friendly_name', f.friendly_name, 'factor_type', f.factor_type, 'status', f.status,
          'created_at', f.created_at) order by f.created_at), '[]'::jsonb)
        from auth.mfa_factors f where f.user_id = me),
      'administrator', exists (select 1 from public.admin_users a where a.user_id = me)),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'articles', (select coalesce(jsonb_agg(to_jsonb(a) order by a.created_at), '[]'::jsonb)
      from public.articles a where a.author_id = me),
    'article_generations', (select coalesce(jsonb_agg(to_jsonb(g) - 'user_id' order by g.created_at), '[]'::jsonb)
      from public.article_generations g where g.user_id = me),
    'posters', (select coalesce(jsonb_agg(to_jsonb(p) order by p.created_at), '[]'::jsonb)
      from public.posters p where p.user_id = me),
    'poster_scans_from', scans_from,
    'poster_scans', (select coalesce(jsonb_agg(jsonb_build_object(
        'poster_id', s.poster_id, 'scanned_at', s.scanned_at, 'landing', s.landing, 'source', s.source,
        'referrer', s.referrer) order by s.scanned_at), '[]'::jsonb)
      from public.poster_scans s join public.posters p on p.id = s.poster_id
      where p.user_id = me and s.scanned_at >= coalesce(scans_from, '-infinity'::timestamptz)),
    'consultations', (select coalesce(jsonb_agg(to_jsonb(c) - 'admin_notes' - 'submitted_from' order by c.created_at), '[]'::jsonb)
      from public.consultations c where c.user_id = me or lower(c.email) = address),
    'contact_messages', (select coalesce(jsonb_agg(to_jsonb(m) - 'submitted_from' order by m.created_at), '[]'::jsonb)
      from public.contact_messages m where m.user_id = me or lower(m.email) = address),
    'eboard_submissions', (select coalesce(jsonb_agg(to_jsonb(e) - 'submitted_from' - 'moderated_by' order by e.created_at), '[]'::jsonb)
      from public.eboard_submissions e where e.user_id = me or lower(e.contact_email) = address),
    'subscriptions', (select coalesce(jsonb_agg(to_jsonb(s) order by s.created_at), '[]'::jsonb)
      from public.subscriptions s where s.user_id = me),
    'files', (select coalesce(jsonb_agg(jsonb_build_object(
        'bucket', o.bucket_id, 'name', o.name, 'created_at', o.created_at,
        'size', o.metadata ->> 'size', 'type', o.metadata ->> 'mimetype') order by o.bucket_id, o.name), '[]'::jsonb)
      from storage.objects o
      where o.owner_id = me::text
         or (o.bucket_id in ('avatars', 'poster-images') and (storage.foldername(o.name))[1] = me::text)));
end;
$$;

revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
