-- The E-Board's display screen is anonymous and anon cannot select eboard_submissions, so Realtime's database
-- changes never reach it (RLS decides). Instead the database broadcasts on the public topic 'eboard' whenever the
-- board itself changes: an entry that comes onto the board ('approved', its board row as the payload), an entry on
-- the board that is edited ('updated', the same), and one that leaves it ('removed', its id only). The payload is
-- the row of the public eboard_board view — the columns the board shows anyway, never the submitter's e-mail — and
-- an approved entry whose display dates do not include today is not announced (it is not on the board yet).
-- The display subscribes with supabase.channel('eboard').on('broadcast', …) and re-reads eboard_board.
create or replace function private.broadcast_eboard_board_change() returns trigger
language plpgsql security definer set search_path = '' as $$
declare
  was_shown boolean := tg_op <> 'INSERT' and old.status = 'approved';
  board jsonb;
begin
  if tg_op <> 'DELETE' then
    select to_jsonb(b) into board from public.eboard_board b where b.id = new.id;
  end if;
  if board is not null then
    perform realtime.send(board, case when was_shown then 'updated' else 'approved' end, 'eboard', false);
  elsif was_shown then
    perform realtime.send(jsonb_build_object('id', old.id), 'removed', 'eboard', false);
  end if;
  return null;
end;
$$;

revoke all on function private.broadcast_eboard_board_change() from public;

create trigger eboard_submissions_board_broadcast
  after insert or update or delete on public.eboard_submissions
  for each row execute function private.broadcast_eboard_board_change();
