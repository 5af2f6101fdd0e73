-- The consultation dashboard lists contact messages beside consultation requests: new messages reach the open
-- dashboard through Realtime like new requests do. RLS decides who receives them (administrators; a signed-in
-- sender their own).
alter publication supabase_realtime add table public.contact_messages;
