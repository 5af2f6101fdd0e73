import { memo } from 'react';
import {
  Alert,
  BookingCalendar,
  Button,
  Checkbox,
  Inline,
  RadioGroup,
  Select,
  Stack,
  Text,
  TextField,
  Textarea,
  bookingTimeText,
  type BookingSlot,
} from '@pentland/ui';
import * as css from '../EnquiryForm/EnquiryForm.css.ts';
import { EnquiryForm, type FormErrors } from '../EnquiryForm/index.ts';

export interface ConsultationValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  services: string[];
  consultationType: string;
  day: string;
  time: string;
  message: string;
  website: string;
}

export const emptyConsultation: ConsultationValues = {
  name: '',
  email: '',
  phone: '',
  company: '',
  services: [],
  consultationType: '',
  day: '',
  time: '',
  message: '',
  website: '',
};

export const consultationFieldLabels: Record<string, string> = {
  name: 'Name',
  email: 'E-mail',
  phone: 'Phone',
  company: 'Company',
  services: 'Services',
  consultationType: 'Consultation type',
  preferredSlot: 'Preferred time',
  message: 'Message',
  package: 'Package',
};

/** A type booked at once: the free times of the visible month, and the one chosen. */
export interface ConsultationBooking {
  slots: readonly BookingSlot[];
  /** The zone the times are offered in ('Europe/London'). */
  timeZone: string;
  /** The visitor's zone: each time also shows in it when its clock differs. */
  visitorTimeZone?: string;
  /** The visible month, 'YYYY-MM', and the months that can be shown. */
  month: string;
  onMonthChange: (month: string) => void;
  minMonth?: string;
  maxMonth?: string;
  loading?: boolean;
  /** The free times could not be loaded. */
  error?: string | null;
  /** The chosen time's start (ISO), if any. */
  value: string | null;
  onChange: (slot: BookingSlot) => void;
  /** The chosen time was just taken: the server's message and the nearest free times. */
  taken?: { message: string; nearest: readonly BookingSlot[] } | null;
}

export interface ConsultationRequestFormProps {
  values: ConsultationValues;
  onChange: (patch: Partial<ConsultationValues>) => void;
  onSubmit: () => void;
  errors?: FormErrors;
  formError?: string | null;
  submitting?: boolean;
  services: readonly { slug: string; title: string }[];
  /** The consultation types offered: each chosen by its label, its hint (length, price) shown under it. */
  types: readonly { id: string; label: string; hint?: string }[];
  /** Bookable days with their start times ('HH:mm'), in UK time. */
  days: readonly { date: string; label: string; times: readonly string[] }[];
  /** Lines of the attached package, if any. */
  packageLines?: readonly string[];
  /** A notice about the link the visitor came with (unknown service, corrected package). */
  notice?: string | null;
  /** For a type booked at once: the calendar of free times replaces the preferred day and time. */
  booking?: ConsultationBooking | null;
}

/**
 * The consultation request form of /consultation-request; the page validates with @pentland/enquiries. Its services
 * and its type and time are each a memoised part with its own props, so a key typed into a text field re-renders
 * that field and not every checkbox, radio and calendar (with a stable `onChange`, as the page passes).
 */
export function ConsultationRequestForm({
  values,
  onChange,
  errors = {},
  services,
  types,
  days,
  packageLines,
  notice,
  booking,
  ...form
}: ConsultationRequestFormProps) {
  return (
    <EnquiryForm
      label="Consultation request"
      submitLabel={booking ? 'Book consultation' : 'Request consultation'}
      submittingLabel={booking ? 'Booking...' : 'Sending request...'}
      errors={errors}
      fieldLabels={consultationFieldLabels}
      honeypot={values.website}
      onHoneypotChange={(website) => onChange({ website })}
      {...form}
    >
      {notice && <Alert tone="info">{notice}</Alert>}
      {packageLines && packageLines.length > 0 && (
        <Alert tone="info" title="Package attached">
          {packageLines.join(' · ')}
        </Alert>
      )}
      <div className={css.two}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          error={errors.name}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          error={errors.email}
          onChange={(e) => onChange({ email: e.target.value })}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          hint="A UK number, e.g. 01847 123456"
          value={values.phone}
          error={errors.phone}
          onChange={(e) => onChange({ phone: e.target.value })}
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          value={values.company}
          error={errors.company}
          onChange={(e) => onChange({ company: e.target.value })}
        />
      </div>
      <ServicesChoice
        services={services}
        chosen={values.services}
        error={errors.services}
        onChange={onChange}
      />
      <TypeAndTime
        types={types}
        days={days}
        type={values.consultationType}
        day={values.day}
        time={values.time}
        booking={booking}
        typeError={errors.consultationType}
        slotError={errors.preferredSlot}
        // None yet: they are loading, or (with the form's error) could not be loaded.
        typesEmptyText={form.formError ? 'No consultation types to show.' : 'Loading the consultation types…'}
        onChange={onChange}
      />
      <Textarea
        label="Message"
        name="message"
        rows={5}
        hint="What would you like to talk about? (optional)"
        value={values.message}
        error={errors.message}
        onChange={(e) => onChange({ message: e.target.value })}
      />
    </EnquiryForm>
  );
}

type Change = ConsultationRequestFormProps['onChange'];

/** The services of interest: a checkbox each. */
const ServicesChoice = memo(function ServicesChoice({
  services,
  chosen,
  error,
  onChange,
}: {
  services: ConsultationRequestFormProps['services'];
  chosen: readonly string[];
  error?: string;
  onChange: Change;
}) {
  return (
    <fieldset className={css.fieldset} aria-describedby={error ? 'services-error' : undefined}>
      <legend className={css.legend}>Services of interest</legend>
      <div className={css.choices}>
        {services.map((s) => (
          <Checkbox
            key={s.slug}
            label={s.title}
            name="services"
            value={s.slug}
            checked={chosen.includes(s.slug)}
            onCheckedChange={(on) =>
              onChange({ services: on ? [...chosen, s.slug] : chosen.filter((x) => x !== s.slug) })
            }
          />
        ))}
      </div>
      {error && (
        <p id="services-error" className={css.error} role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
});

/** The consultation type, then its free times (a type booked at once) or a preferred day and time. */
const TypeAndTime = memo(function TypeAndTime({
  types,
  days,
  type,
  day,
  time,
  booking,
  typeError,
  slotError,
  typesEmptyText,
  onChange,
}: {
  types: ConsultationRequestFormProps['types'];
  days: ConsultationRequestFormProps['days'];
  type: string;
  day: string;
  time: string;
  booking?: ConsultationBooking | null;
  typeError?: string;
  slotError?: string;
  typesEmptyText: string;
  onChange: Change;
}) {
  const chosenDay = days.find((d) => d.date === day);
  const timeText = (iso: string) =>
    booking ? bookingTimeText(iso, booking.timeZone, booking.visitorTimeZone) : iso;
  return (
    <Stack gap="4">
      <RadioGroup
        label="Consultation type"
        name="consultationType"
        required
        emptyText={typesEmptyText}
        options={types.map((t) => ({ value: t.id, label: t.label, hint: t.hint }))}
        value={type}
        onValueChange={(consultationType) => onChange({ consultationType })}
        error={typeError}
      />
      {booking ? (
        <Stack gap="3">
          {booking.taken && (
            <Alert tone="error" title={booking.taken.message}>
              <Inline gap="2">
                {booking.taken.nearest.map((s) => (
                  <Button
                    key={s.start}
                    type="button"
                    size="small"
                    variant="secondary"
                    onClick={() => booking.onChange(s)}
                  >
                    {timeText(s.start)}
                  </Button>
                ))}
              </Inline>
            </Alert>
          )}
          <BookingCalendar
            label="Choose a day and time"
            slots={booking.slots}
            timeZone={booking.timeZone}
            visitorTimeZone={booking.visitorTimeZone}
            month={booking.month}
            onMonthChange={booking.onMonthChange}
            minMonth={booking.minMonth}
            maxMonth={booking.maxMonth}
            loading={booking.loading}
            error={booking.error}
            value={booking.value}
            onChange={booking.onChange}
          />
          {booking.value ? (
            <Text>
              Your time: <strong>{timeText(booking.value)}</strong>
            </Text>
          ) : null}
          {slotError && (
            <p id="preferredSlot-error" className={css.error} role="alert">
              {slotError}
            </p>
          )}
        </Stack>
      ) : (
        <div className={css.two}>
          <Select
            label="Preferred day"
            name="day"
            required
            placeholder="Choose a day"
            hint="Monday to Friday, except Scottish bank holidays"
            options={days.map((d) => ({ value: d.date, label: d.label }))}
            value={day || undefined}
            onValueChange={(d) =>
              onChange({
                day: d,
                time: days.find((x) => x.date === d)?.times.includes(time) ? time : '',
              })
            }
            error={slotError}
          />
          <Select
            label="Preferred time (UK)"
            name="time"
            required
            placeholder={chosenDay ? 'Choose a time' : 'Choose a day first'}
            disabled={!chosenDay}
            options={(chosenDay?.times ?? []).map((t) => ({ value: t, label: t }))}
            value={time || undefined}
            onValueChange={(next) => onChange({ time: next })}
          />
        </div>
      )}
    </Stack>
  );
});
