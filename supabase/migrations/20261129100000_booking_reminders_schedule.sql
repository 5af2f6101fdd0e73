-- The booking reminders run every five minutes: a pg_cron job (Supabase Cron) calls the send-booking-reminders
-- function through pg_net with the service role key, as Supabase recommends for scheduling functions. The project's
-- URL and the key are read from the Vault at each run (secrets `project_url` and `service_role_key`: created once per
-- project, see the deploy notes), so neither is written into the migration. Where pg_cron and pg_net are real
-- extensions they are created here; the local backend provides the same `cron` and `net` schemas itself.
do $$
begin
  if to_regnamespace('cron') is null and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron with schema pg_catalog;
  end if;
  if to_regnamespace('net') is null and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension if not exists pg_net with schema extensions;
  end if;
end $$;

select cron.schedule(
  'send-booking-reminders',
  '*/5 * * * *',
  $$
  select net.http_post(
    url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url')
      || '/functions/v1/send-booking-reminders',
    headers := jsonb_build_object(
      'Content-Type', 'application/json',
      'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
    ),
    body := '{}'::jsonb,
    timeout_milliseconds := 30000
  ) as request_id;
  $$
);
