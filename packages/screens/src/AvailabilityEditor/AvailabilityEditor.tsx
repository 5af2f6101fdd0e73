import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Select, Spinner, Stack, Text, TextField } from '@pentland/ui';
import * as css from './AvailabilityEditor.css.ts';

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

/** One weekday's hours as typed ('HH:mm'); weekday Monday 1 … Sunday 7. */
export interface WorkingDayDraft {
  weekday: number;
  open: boolean;
  opens: string;
  closes: string;
}

/** How a consultation type is booked, as typed (an empty daily cap is no cap). */
export interface TypeBookingDraft {
  bookingMode: 'instant' | 'request';
  durationMinutes: string;
  bufferBeforeMinutes: string;
  bufferAfterMinutes: string;
  minNoticeMinutes: string;
  horizonDays: string;
  dailyCap: string;
}

export type TypeBookingErrors = Partial<Record<keyof TypeBookingDraft, string>>;

export interface AvailabilityEditorProps {
  state: 'loading' | 'error' | 'ready';
  error?: string | null;
  onRetry?: () => void;
  /** The seven weekdays, Monday first. */
  week: readonly WorkingDayDraft[];
  onSaveWeek: (week: WorkingDayDraft[]) => void;
  weekErrors?: Record<number, string>;
  types: readonly ({ id: string; name: string } & TypeBookingDraft)[];
  onSaveType: (id: string, draft: TypeBookingDraft) => void;
  /** The field errors of the type last saved. */
  typeErrors?: { id: string; errors: TypeBookingErrors } | null;
  /** Team days off, soonest first. */
  daysOff: readonly { id: string; date: string; label: string; reason: string }[];
  /** Adds a day off; when it answers true, the fields start again. */
  onAddDayOff: (day: { date: string; reason: string }) => boolean | void | Promise<boolean | void>;
  dayOffErrors?: { date?: string; reason?: string };
  onRemoveDayOff: (id: string) => void;
  message?: { tone: 'success' | 'error'; text: string } | null;
  busy?: boolean;
}

function TypeBookingForm({
  type,
  errors = {},
  busy,
  onSave,
}: {
  type: { id: string; name: string } & TypeBookingDraft;
  errors?: TypeBookingErrors;
  busy?: boolean;
  onSave: (draft: TypeBookingDraft) => void;
}) {
  const [draft, setDraft] = useState<TypeBookingDraft>(type);
  const set = (patch: Partial<TypeBookingDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const number = (key: keyof TypeBookingDraft, label: string, hint?: string) => (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={0}
      hint={hint}
      value={draft[key]}
      error={errors[key]}
      onChange={(e) => set({ [key]: e.target.value })}
    />
  );
  return (
    <form
      noValidate
      aria-label={`Booking of ${type.name}`}
      className={css.type}
      onSubmit={(e) => {
        e.preventDefault();
        onSave(draft);
      }}
    >
      <h3 className={css.typeName}>{type.name}</h3>
      <Select
        label="Booking"
        options={[
          { value: 'instant', label: 'Booked at once in a free time' },
          { value: 'request', label: 'Asked for, then confirmed by us' },
        ]}
        value={draft.bookingMode}
        onValueChange={(v) => set({ bookingMode: v as TypeBookingDraft['bookingMode'] })}
        error={errors.bookingMode}
      />
      <div className={css.numbers}>
        {number('durationMinutes', 'Length (minutes)')}
        {number('bufferBeforeMinutes', 'Free before (minutes)')}
        {number('bufferAfterMinutes', 'Free after (minutes)')}
        {number('minNoticeMinutes', 'Notice (minutes)', '1440 is a day')}
        {number('horizonDays', 'Bookable ahead (days)')}
        {number('dailyCap', 'Most a day', 'Empty: no limit')}
      </div>
      <div>
        <Button type="submit" size="small" busy={busy}>
          Save {type.name}
        </Button>
      </div>
    </form>
  );
}

/** /services/consultation-services: when consultations can be booked — working hours, each type, days off. */
export function AvailabilityEditor(p: AvailabilityEditorProps) {
  // The week as typed, until the stored week changes (a save, a reload).
  const stored = JSON.stringify(p.week);
  const [typed, setWeek] = useState<{ stored: string; week: WorkingDayDraft[] }>({
    stored,
    week: [...p.week],
  });
  const week = typed.stored === stored ? typed.week : [...p.week];
  const [dayOff, setDayOff] = useState({ date: '', reason: '' });
  const setDay = (weekday: number, patch: Partial<WorkingDayDraft>) =>
    setWeek({ stored, week: week.map((d) => (d.weekday === weekday ? { ...d, ...patch } : d)) });

  if (p.state === 'loading') return <Spinner label="Loading the booking calendar..." showLabel />;
  if (p.state === 'error')
    return (
      <Alert tone="error" title="The booking calendar could not be loaded">
        {p.error ?? 'Please try again.'}{' '}
        {p.onRetry && (
          <Button size="small" variant="secondary" onClick={p.onRetry}>
            Try again
          </Button>
        )}
      </Alert>
    );

  return (
    <Stack gap="5">
      {p.message && <Alert tone={p.message.tone}>{p.message.text}</Alert>}
      <Card as="section" title="Working hours" titleAs="h2">
        <form
          noValidate
          aria-label="Working hours"
          onSubmit={(e) => {
            e.preventDefault();
            p.onSaveWeek(week);
          }}
        >
          <Stack gap="3">
            <Text tone="muted">The hours, in UK time, when consultations can take place.</Text>
            {week.map((d) => {
              const name = weekdayNames[d.weekday - 1]!;
              return (
                <fieldset key={d.weekday} className={css.day}>
                  <legend className={css.dayName}>{name}</legend>
                  <Checkbox
                    label={`Open on ${name}`}
                    checked={d.open}
                    onCheckedChange={(open) => setDay(d.weekday, { open })}
                  />
                  {d.open && (
                    <div className={css.hours}>
                      <TextField
                        label={`${name} from`}
                        type={'time' as 'text'}
                        step={900}
                        value={d.opens}
                        onChange={(e) => setDay(d.weekday, { opens: e.target.value })}
                      />
                      <TextField
                        label={`${name} until`}
                        type={'time' as 'text'}
                        step={900}
                        value={d.closes}
                        onChange={(e) => setDay(d.weekday, { closes: e.target.value })}
                      />
                    </div>
                  )}
                  {p.weekErrors?.[d.weekday] && (
                    <p className={css.error} role="alert">
                      {p.weekErrors[d.weekday]}
                    </p>
                  )}
                </fieldset>
              );
            })}
            <div>
              <Button type="submit" busy={p.busy}>
                Save working hours
              </Button>
            </div>
          </Stack>
        </form>
      </Card>
      <Card as="section" title="Booking per consultation type" titleAs="h2">
        <Stack gap="5">
          {p.types.length === 0 && <Text tone="muted">No consultation types yet.</Text>}
          {p.types.map((t) => (
            <TypeBookingForm
              // A saved change arrives as a new type: the form starts again from it.
              key={JSON.stringify(t)}
              type={t}
              busy={p.busy}
              errors={p.typeErrors?.id === t.id ? p.typeErrors.errors : undefined}
              onSave={(draft) => p.onSaveType(t.id, draft)}
            />
          ))}
        </Stack>
      </Card>
      <Card as="section" title="Team days off" titleAs="h2">
        <Stack gap="4">
          {p.daysOff.length === 0 ? (
            <Text tone="muted">No days off planned.</Text>
          ) : (
            <ul className={css.daysOff}>
              {p.daysOff.map((d) => (
                <li key={d.id} className={css.dayOff}>
                  <span>
                    <strong>{d.label}</strong>
                    {d.reason && ` — ${d.reason}`}
                  </span>
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`Remove ${d.label}`}
                    onClick={() => p.onRemoveDayOff(d.id)}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            noValidate
            aria-label="Add a day off"
            onSubmit={(e) => {
              e.preventDefault();
              void Promise.resolve(p.onAddDayOff(dayOff)).then((added) => {
                if (added === true) setDayOff({ date: '', reason: '' });
              });
            }}
          >
            <Stack gap="3">
              <div className={css.numbers}>
                <TextField
                  label="Day off"
                  type={'date' as 'text'}
                  value={dayOff.date}
                  error={p.dayOffErrors?.date}
                  onChange={(e) => setDayOff({ ...dayOff, date: e.target.value })}
                />
                <TextField
                  label="Reason"
                  hint="Optional, for the team"
                  maxLength={200}
                  value={dayOff.reason}
                  error={p.dayOffErrors?.reason}
                  onChange={(e) => setDayOff({ ...dayOff, reason: e.target.value })}
                />
              </div>
              <div>
                <Button type="submit" variant="secondary" busy={p.busy}>
                  Add day off
                </Button>
              </div>
            </Stack>
          </form>
        </Stack>
      </Card>
    </Stack>
  );
}
