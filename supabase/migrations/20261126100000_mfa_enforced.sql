-- Two-step verification enforced by the database (Supabase's "Enforce MFA for users who have opted in"): a user with
-- a verified factor reaches their own rows, their files and administrator powers only with an aal2 session, whatever
-- the browser does. Each user-owned table gets `restrictive` policies (they are ANDed with the permissive ones, so an
-- aal1 session of such a user keeps only what a visitor may do). public.mfa_satisfied() (20261123190200) is true for
-- an aal2 session and for any user without a verified factor; it is wrapped in a sub-select so it runs once a query.
--
-- Reads that anyone may make stay open to an aal1 session exactly as to anon: published articles, every profile,
-- the active consultation services, public files. Tables whose reads are public get one policy per command, so a
-- published row stays readable but not writable; the others get one `for all` policy.

-- Administrator powers need the same assurance: every is_admin()-gated policy and every caller of is_admin() (the
-- admin guard, the moderation function) then refuses an administrator's aal1 session.
create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = '' as $$
  select public.mfa_satisfied() and exists (select 1 from public.admin_users where user_id = auth.uid());
$$;

-- Tables read only by their owner (or an administrator): nothing at all for an aal1 session with a verified factor.
create policy "posters: two-step verification when on" on public.posters
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "poster_scans: two-step verification when on" on public.poster_scans
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "article generations: two-step verification when on" on public.article_generations
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "subscriptions: two-step verification when on" on public.subscriptions
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "stripe_customers: two-step verification when on" on public.stripe_customers
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "admins: two-step verification when on" on public.admin_users
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "enquiry_notes: two-step verification when on" on public.enquiry_notes
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "enquiry_events: two-step verification when on" on public.enquiry_events
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));

-- The public forms' tables: a sender reads their own submissions only with full assurance; a submission not linked
-- to the account (user_id null) is what a visitor may send, so it stays possible.
create policy "consultations: two-step verification when on" on public.consultations
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()) or user_id is null);
create policy "contact_messages: two-step verification when on" on public.contact_messages
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()) or user_id is null);
create policy "eboard: two-step verification when on" on public.eboard_submissions
  as restrictive for all to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()) or user_id is null);

-- Articles: published and due ones are public; drafts, and every write, need full assurance.
create policy "articles: two-step verification for own drafts" on public.articles
  as restrictive for select to authenticated
  using ((select public.mfa_satisfied()) or (status = 'published' and published_at <= now()));
create policy "articles: two-step verification to create" on public.articles
  as restrictive for insert to authenticated with check ((select public.mfa_satisfied()));
create policy "articles: two-step verification to update" on public.articles
  as restrictive for update to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "articles: two-step verification to delete" on public.articles
  as restrictive for delete to authenticated using ((select public.mfa_satisfied()));

-- Profiles are readable by everyone; changing one needs full assurance.
create policy "profiles: two-step verification to create" on public.profiles
  as restrictive for insert to authenticated with check ((select public.mfa_satisfied()));
create policy "profiles: two-step verification to update" on public.profiles
  as restrictive for update to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "profiles: two-step verification to delete" on public.profiles
  as restrictive for delete to authenticated using ((select public.mfa_satisfied()));

-- Consultation services: the active ones are public, changes are an administrator's.
create policy "consultation_services: two-step verification beyond the public list" on public.consultation_services
  as restrictive for select to authenticated using ((select public.mfa_satisfied()) or is_active);
create policy "consultation_services: two-step verification to create" on public.consultation_services
  as restrictive for insert to authenticated with check ((select public.mfa_satisfied()));
create policy "consultation_services: two-step verification to update" on public.consultation_services
  as restrictive for update to authenticated
  using ((select public.mfa_satisfied())) with check ((select public.mfa_satisfied()));
create policy "consultation_services: two-step verification to delete" on public.consultation_services
  as restrictive for delete to authenticated using ((select public.mfa_satisfied()));

-- Files: a user's poster images and avatar folder are theirs alone; article images are read by everyone but written
-- by their uploader. Other buckets keep their own rules.
create policy "user files: two-step verification to read" on storage.objects
  as restrictive for select to authenticated
  using (bucket_id not in ('poster-images', 'avatars') or (select public.mfa_satisfied()));
create policy "user files: two-step verification to upload" on storage.objects
  as restrictive for insert to authenticated
  with check (bucket_id not in ('poster-images', 'avatars', 'article-images') or (select public.mfa_satisfied()));
create policy "user files: two-step verification to replace" on storage.objects
  as restrictive for update to authenticated
  using (bucket_id not in ('poster-images', 'avatars', 'article-images') or (select public.mfa_satisfied()))
  with check (bucket_id not in ('poster-images', 'avatars', 'article-images') or (select public.mfa_satisfied()));
create policy "user files: two-step verification to delete" on storage.objects
  as restrictive for delete to authenticated
  using (bucket_id not in ('poster-images', 'avatars', 'article-images') or (select public.mfa_satisfied()));

-- The article editor's slug check (security definer, so RLS does not apply inside): the same rule.
create or replace function public.article_slug_taken(p_slug text, p_except uuid default null) returns boolean
language plpgsql stable security definer set search_path = '' as $$
begin
  if not public.mfa_satisfied() then
    raise exception 'Enter the code from your authenticator app first.' using errcode = '42501', hint = 'insufficient_aal';
  end if;
  return exists (select 1 from public.articles a where a.slug = p_slug and (p_except is null or a.id <> p_except));
end;
$$;
