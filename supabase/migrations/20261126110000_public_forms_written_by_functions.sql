-- The public forms' tables are written by their server functions only. A function re-validates every field,
-- refuses the honeypot, checks the consultation slot, the services and the E-Board image, and writes with the
-- service role; a visitor's direct POST /rest/v1/<table> skipped all of that. So neither anon nor authenticated
-- may insert into these tables any more (no policy, no grant). Signed-in owners still read their own rows, and
-- administrators still update and delete through their policies; a visitor never updates or deletes.

drop policy if exists "consultations: anyone requests" on public.consultations;
drop policy if exists "contact_messages: anyone sends" on public.contact_messages;
drop policy if exists "eboard: anyone submits pending" on public.eboard_submissions;

revoke insert, update, delete, truncate, references, trigger
  on public.consultations, public.contact_messages, public.eboard_submissions from anon;
revoke insert, truncate, references, trigger
  on public.consultations, public.contact_messages, public.eboard_submissions from authenticated;

-- Poster scans are recorded by public.record_poster_scan() (security definer) alone; no policy lets anyone insert
-- or update, and now no grant either. Administrators keep their delete policy.
revoke insert, update, truncate, references, trigger on public.poster_scans from anon, authenticated;
revoke delete on public.poster_scans from anon;
