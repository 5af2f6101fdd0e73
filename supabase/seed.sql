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
   '<p>Start with an inventory of what runs where, then move the simplest workloads first. Keep backups in two regions and rehearse a restore before the switch-over.</p>
<h2>Know what you have</h2>
<p>Most small firms in Caithness run more than they think: a file server in the back office, a line-of-business application on one desktop, a router that also hands out addresses, and a handful of shared mailboxes. Write each one down with who uses it, when, and what would happen if it stopped for a day. That list decides the order of the move, not the age of the hardware.</p>
<h2>Move the easy things first</h2>
<p>E-mail, shared files and calendars move to Microsoft 365 with little risk and give the team an early win. Line-of-business software comes later, once you know whether it runs as a service, on a cloud server, or not at all outside the office. Moving in small steps means a problem affects one thing on one evening, not the whole business on a Monday morning.</p>
<ul>
<li>Week one: mailboxes and calendars, over a weekend.</li>
<li>Weeks two to four: shared drives to SharePoint and OneDrive, one department at a time.</li>
<li>After that: the applications, each with its own plan and a way back.</li>
</ul>
<h2>Plan for the connection you have</h2>
<p>A cloud office is only as good as the line into it. Before the move, measure the upload speed at busy times, not just the download speed on the contract. Where the line is slow or the only one, a 4G or satellite backup router costs less than a lost day, and keeping large files synchronised rather than opened over the network makes a thin connection feel quick.</p>
<h2>Rehearse the restore</h2>
<p>A backup you have never restored is a hope, not a plan. Keep copies in two UK regions, restore a mailbox and a folder before the switch-over, and write down how long it took. Then do it again every quarter, so that the day you need it is not the first time anyone has tried.</p>',
   'http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/cloud-migration.png', 'published', now() - interval '14 days'),
  ('a7f0c3e2-0000-4000-8000-000000000002', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1001',
   'Dynamics 365 for growing teams', 'dynamics-365-for-growing-teams',
   'When spreadsheets stop scaling: customer records, sales and service in one place.',
   '<p>Begin with the sales pipeline, import clean contact data, and train two champions in the team before rolling out further.</p>
<h2>When spreadsheets stop scaling</h2>
<p>A spreadsheet of customers works until two people edit it on the same afternoon, or until the person who understands its colours goes on holiday. The signs are familiar: quotes sent twice, a customer who rang three times and spoke to three people, and a month-end that depends on someone staying late to reconcile tabs.</p>
<h2>Start with one process</h2>
<p>Dynamics 365 Sales covers leads, opportunities and quotes; Customer Service covers cases and a knowledge base. Pick the one that hurts most and set it up well before touching the other. For most growing teams that is the pipeline: one place to see every opportunity, who owns it and what happens next.</p>
<h2>Clean the data once</h2>
<p>Importing a messy spreadsheet only moves the mess. Remove duplicates, agree how company names are written, and decide which fields are really needed. A clean import of five hundred good records is worth more than five thousand that nobody trusts.</p>
<h2>Train champions, then everyone</h2>
<p>Two people who know the system well, and who sit with the rest of the team, do more for adoption than any manual. Give them time in the first month to answer questions, adjust views and report what is not working. Power BI reports on the same data can come later, once people are entering it consistently.</p>',
   'http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/dynamics-365.png', 'published', now() - interval '7 days'),
  ('a7f0c3e2-0000-4000-8000-000000000003', '0e5c2a51-7d3f-4a8e-9b61-2f4d8c7a1002',
   'Draft: backups that actually restore', 'backups-that-actually-restore',
   'A checklist for testing restores.', '<p>Work in progress.</p>
<p>Notes so far: restore one mailbox, one shared folder and one server image each quarter; time each restore; keep the results with the backup policy.</p>',
   'http://127.0.0.1:54321/storage/v1/object/public/article-images/seed/backups-that-restore.png', 'draft', null);

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
   'http://127.0.0.1:54321/storage/v1/object/public/eboard-approved/c0a5e7b2-5d1f-4e8a-9b3c-7f2e4d6a8b10.png', 'approved'),
  ('Breakfast talk: cyber security basics', 'Join the Thurso Business Network at the business park for a short talk and coffee.',
   'business', 'Thurso Business Network', 'hello@tbn.test', null, 'approved'),
  ('Pending notice', 'Waiting for moderation.', 'general', 'A. Visitor', 'visitor@example.test', null, 'pending');
