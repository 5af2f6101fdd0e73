import { Button, Inline, Stack, Text, TextField } from '@pentland/ui';
import * as css from './EboardSchedule.css.ts';

/** One time-of-day window as the editor holds it: weekday keys, `HH:MM` start and end (00:00 as the end: midnight). */
export interface ScheduleWindowDraft {
  days: string[];
  from: string;
  to: string;
}

/** What the schedule editor edits: the windows (none: all day) and the seconds in rotation ('' for the default). */
export interface ScheduleDraft {
  windows: ScheduleWindowDraft[];
  seconds: string;
}

export interface EboardScheduleEditorProps {
  value: ScheduleDraft;
  onChange: (value: ScheduleDraft) => void;
  /** The weekdays in order, with their keys and names (Monday first). */
  weekdays: readonly { value: string; label: string }[];
  /** The display's own seconds per entry, said in the hint. */
  defaultSeconds: number;
  minSeconds: number;
  maxSeconds: number;
  /** The first problem with the windows, as the rule words it. */
  error?: string | null;
  secondsError?: string | null;
}

const newWindow = (weekdays: readonly { value: string }[]): ScheduleWindowDraft => ({
  days: weekdays.slice(0, 5).map((d) => d.value),
  from: '09:00',
  to: '17:00',
});

/**
 * An E-Board entry's schedule: time-of-day windows with weekday toggles and from/to times (UK time), and its
 * seconds on screen each time round. No window means all day on every display date.
 */
export function EboardScheduleEditor(p: EboardScheduleEditorProps) {
  const { windows, seconds } = p.value;
  const setWindow = (i: number, w: ScheduleWindowDraft) =>
    p.onChange({ ...p.value, windows: windows.map((x, j) => (j === i ? w : x)) });
  return (
    <Stack gap="3">
      <fieldset className={css.group} aria-describedby="eboard-schedule-hint">
        <legend className={css.legend}>Times of day</legend>
        <Stack gap="3">
          <Text size="sm" tone="muted" id="eboard-schedule-hint">
            {windows.length
              ? 'Shown only inside these windows, UK time, on its display dates.'
              : 'Shown all day on every display date. Add a window to show it only at certain times.'}
          </Text>
          {windows.map((w, i) => (
            <fieldset key={i} className={css.window}>
              <legend className={css.legend}>Window {i + 1}</legend>
              <Stack gap="3">
                <div className={css.days} role="group" aria-label={`Days of window ${i + 1}`}>
                  {p.weekdays.map((d) => {
                    const on = w.days.includes(d.value);
                    return (
                      <Button
                        key={d.value}
                        size="small"
                        variant={on ? 'primary' : 'secondary'}
                        aria-pressed={on}
                        title={d.label}
                        onClick={() =>
                          setWindow(i, {
                            ...w,
                            days: on
                              ? w.days.filter((x) => x !== d.value)
                              : p.weekdays
                                  .map((x) => x.value)
                                  .filter((x) => x === d.value || w.days.includes(x)),
                          })
                        }
                      >
                        {d.label.slice(0, 3)}
                      </Button>
                    );
                  })}
                </div>
                <div className={css.times}>
                  <TextField
                    type="time"
                    label="From"
                    value={w.from}
                    onChange={(e) => setWindow(i, { ...w, from: e.target.value })}
                  />
                  <TextField
                    type="time"
                    label="To"
                    hint="00:00 is midnight"
                    value={w.to}
                    onChange={(e) => setWindow(i, { ...w, to: e.target.value })}
                  />
                </div>
                <Inline gap="2">
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => p.onChange({ ...p.value, windows: windows.filter((_, j) => j !== i) })}
                  >
                    Remove window {i + 1}
                  </Button>
                </Inline>
              </Stack>
            </fieldset>
          ))}
          {p.error && (
            <Text size="sm" tone="critical" role="alert">
              {p.error}
            </Text>
          )}
          <Inline gap="2">
            <Button
              size="small"
              variant="secondary"
              onClick={() => p.onChange({ ...p.value, windows: [...windows, newWindow(p.weekdays)] })}
            >
              Add a time window
            </Button>
          </Inline>
        </Stack>
      </fieldset>
      <TextField
        type="number"
        label="Seconds on screen"
        hint={`Each time round, ${p.minSeconds} to ${p.maxSeconds}; empty for the usual ${p.defaultSeconds}`}
        min={p.minSeconds}
        max={p.maxSeconds}
        step={1}
        inputMode="numeric"
        value={seconds}
        error={p.secondsError ?? undefined}
        onChange={(e) => p.onChange({ ...p.value, seconds: e.target.value })}
      />
    </Stack>
  );
}
