-- Live parts of the site: new E-Board entries and their approval on the display screen, new consultation
-- requests on the administrators' dashboard, scan counts on poster analytics. Realtime sends each subscriber
-- only the rows its own role may select (the RLS policies of these tables decide).
alter publication supabase_realtime add table public.eboard_submissions, public.consultations, public.poster_scans;
