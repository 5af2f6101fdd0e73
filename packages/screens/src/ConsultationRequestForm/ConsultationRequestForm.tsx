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

/** The consultation request form of /consultation-request; the page validates with @pentland/enquiries. */
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
  const day = days.find((d) => d.date === values.day);
  const timeText = (iso: string) =>
    booking ? bookingTimeText(iso, booking.timeZone, booking.visitorTimeZone) : iso;
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
      <fieldset className={css.fieldset} aria-describedby={errors.services ? 'services-error' : undefined}>
        <legend className={css.legend}>Services of interest</legend>
        <div className={css.choices}>
          {services.map((s) => (
            <Checkbox
              key={s.slug}
              label={s.title}
              name="services"
              value={s.slug}
              checked={values.services.includes(s.slug)}
              onCheckedChange={(on) =>
                onChange({
                  services: on ? [...values.services, s.slug] : values.services.filter((x) => x !== s.slug),
                })
              }
            />
          ))}
        </div>
        {errors.services && (
          <p id="services-error" className={css.error} role="alert">
            {errors.services}
          </p>
        )}
      </fieldset>
      <Stack gap="4">
        <RadioGroup
          label="Consultation type"
          name="consultationType"
          required
          // None yet: they are loading, or (with the form's error) could not be loaded.
          emptyText={form.formError ? 'No consultation types to show.' : 'Loading the consultation types…'}
          options={types.map((t) => ({ value: t.id, label: t.label, hint: t.hint }))}
          value={values.consultationType}
          onValueChange={(consultationType) => onChange({ consultationType })}
          error={errors.consultationType}
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
            {errors.preferredSlot && (
              <p id="preferredSlot-error" className={css.error} role="alert">
                {errors.preferredSlot}
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
              value={values.day || undefined}
              onValueChange={(d) =>
                onChange({
                  day: d,
                  time: days.find((x) => x.date === d)?.times.includes(values.time) ? values.time : '',
                })
              }
              error={errors.preferredSlot}
            />
            <Select
              label="Preferred time (UK)"
              name="time"
              required
              placeholder={day ? 'Choose a time' : 'Choose a day first'}
              disabled={!day}
              options={(day?.times ?? []).map((t) => ({ value: t, label: t }))}
              value={values.time || undefined}
              onValueChange={(time) => onChange({ time })}
            />
          </div>
        )}
      </Stack>
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
