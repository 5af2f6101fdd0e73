-- Local development data only (`supabase db reset` runs it; the local backend runs it on a new database).
-- Demo accounts, for local use only:
--   admin@pentland.test / pentland-admin   (administrator)
--   user@pentland.test  / pentland-user    (signed-in user)

insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, confirmation_token, recovery_token,
  email_change_token_new, email_change)
values
  ('00000000-0000-0000-0000-000000000000', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001', 'authenticated', 'authenticated',
   'admin@pentland.test', '$2a$10$T./0/2fx1PUmWIGbKK/eb.L2W/OGAh0XodPUGXiXOfwg0DwocnJY2', now(),
   '{"provider":"email","providers":["email"]}', '{"full_name":"Demo Admin"}', now(), now(), '', '', '', ''),
  ('00000000-0000-0000-0000-000000000000', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1002', 'authenticated', 'authenticated',
   'user@pentland.test', '$2a$10$N1E20sntwVOWxylrFeJCyeuht.NF4.jfewg/auqhOGZGaLhWriFkW', now(),
   '{"provider":"email","providers":["email"]}', '{"full_name":"Demo User"}', now(), now(), '', '', '', '');

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values
  ('0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001',
   '{"sub":"0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001","email":"admin@pentland.test","email_verified":true}', 'email', now(), now(), now()),
  ('0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1002', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1002',
   '{"sub":"0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1002","email":"user@pentland.test","email_verified":true}', 'email', now(), now(), now());

insert into public.admin_users (user_id) values ('0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001');

insert into public.articles (id, author_id, title, slug, excerpt, content, cover_image_url, status, published_at)
values
  ('a7f0c3e2-0000-4000-8000-000000000001', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001',
   'Moving a Caithness business to the cloud', 'moving-a-caithness-business-to-the-cloud',
   'What a small Highland firm gains, and what to plan for, when its servers move to the cloud.',
   'Start with an inventory of what runs where, then move the simplest workloads first. Keep backups in two regions and rehearse a restore before the switch-over.',
   'http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/cloud-migration.png', 'published', now() - interval '14 days'),
  ('a7f0c3e2-0000-4000-8000-000000000002', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001',
   'Dynamics 365 for growing teams', 'dynamics-365-for-growing-teams',
   'When spreadsheets stop scaling: customer records, sales and service in one place.',
   'Begin with the sales pipeline, import clean contact data, and train two champions in the team before rolling out further.',
   'http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/dynamics-365.png', 'published', now() - interval '7 days'),
  ('a7f0c3e2-0000-4000-8000-000000000003', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1002',
   'Draft: backups that actually restore', 'backups-that-actually-restore',
   'A checklist for testing restores.', 'Work in progress.', null, 'draft', null);

insert into public.consultation_services (slug, name, description, duration_minutes, price_gbp, sort_order)
values
  ('cloud-readiness-review', 'Cloud readiness review', 'An hour with an engineer reviewing your servers, software and the path to the cloud.', 60, 75.00, 1),
  ('dynamics-365-discovery', 'Dynamics 365 discovery', 'A workshop mapping your sales and service processes onto Dynamics 365.', 90, 112.50, 2),
  ('website-hosting-check-up', 'Website and hosting check-up', 'Speed, security and hosting costs of your current website.', 30, 37.50, 3),
  ('it-support-planning', 'IT support planning', 'Support hours, response times and training for your team.', 45, 56.25, 4);

insert into public.eboard_submissions (title, description, category, contact_name, contact_email, image_url, status)
values
  ('League night sign-ups open', 'The Seaforth Darts winter league starts in November. New players welcome every Thursday.',
   'sport', 'Seaforth Darts Club', 'club@seaforth.test',
   'http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/highland-connectivity.png', 'approved'),
  ('Breakfast talk: cyber security basics', 'Join the Thurso Business Network at the business park for a short talk and coffee.',
   'business', 'Thurso Business Network', 'hello@tbn.test', null, 'approved'),
  ('Pending notice', 'Waiting for moderation.', 'general', 'A. Visitor', 'visitor@example.test', null, 'pending');
