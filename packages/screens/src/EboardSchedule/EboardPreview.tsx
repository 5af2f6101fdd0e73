import { Card, Stack, Text, TextField } from '@pentland/ui';
import * as css from './EboardSchedule.css.ts';

/** An entry the board would show at the chosen moment, in rotation order. */
export interface PreviewEntry {
  id: string;
  reference: string;
  title: string;
  /** Its seconds on screen each time round. */
  seconds: number;
  /** Its schedule in words ("Mon–Fri 07:00–10:00", "All day"). */
  schedule: string;
}

export interface EboardPreviewProps {
  /** The chosen UK day (YYYY-MM-DD) and time (HH:MM). */
  date: string;
  time: string;
  onChange: (at: { date: string; time: string }) => void;
  /** The chosen moment in words ("Monday 23 November 2026 at 08:00"), or null when the date or time is not valid. */
  when: string | null;
  entries: readonly PreviewEntry[];
}

/** /eboard-dashboard's preview: pick a day and a time (UK) and see what the board will show then, in order. */
export function EboardPreview(p: EboardPreviewProps) {
  const total = p.entries.reduce((s, e) => s + e.seconds, 0);
  return (
    <Card as="section" title="Preview the board" titleAs="h2" aria-label="Preview the board">
      <Stack gap="4">
        <div className={css.times}>
          <TextField
            type="date"
            label="Day"
            value={p.date}
            onChange={(e) => p.onChange({ date: e.target.value, time: p.time })}
          />
          <TextField
            type="time"
            label="Time (UK)"
            value={p.time}
            onChange={(e) => p.onChange({ date: p.date, time: e.target.value })}
          />
        </div>
        <div aria-live="polite" aria-label="What the board shows then">
          {!p.when ? (
            <Text tone="muted">Choose a day and a time.</Text>
          ) : p.entries.length === 0 ? (
            <Text>On {p.when} the board shows no entries, only the invitation to submit one.</Text>
          ) : (
            <Stack gap="2">
              <Text>
                On {p.when} the board shows {p.entries.length} {p.entries.length === 1 ? 'entry' : 'entries'},{' '}
                {total} seconds a round:
              </Text>
              <ol className={css.list}>
                {p.entries.map((e) => (
                  <li key={e.id}>
                    <Text as="span" weight="bold">
                      {e.title}
                    </Text>{' '}
                    <span className={css.muted}>
                      {e.reference} · {e.seconds} s · {e.schedule}
                    </span>
                  </li>
                ))}
              </ol>
            </Stack>
          )}
        </div>
      </Stack>
    </Card>
  );
}
