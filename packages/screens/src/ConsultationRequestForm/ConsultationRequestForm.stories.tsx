import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import {
  ConsultationRequestForm,
  emptyConsultation,
  type ConsultationBooking,
  type ConsultationRequestFormProps,
  type ConsultationValues,
} from './ConsultationRequestForm.tsx';

const services = [
  { slug: 'cloud-infrastructure', title: 'Cloud Infrastructure' },
  { slug: 'dynamics-365', title: 'Dynamics 365' },
  { slug: 'domain-hosting', title: 'Domain & Hosting' },
];
const types = [
  { id: 't1', label: 'Cloud readiness review', hint: '60 min, £75.00' },
  { id: 't2', label: 'Website and hosting check-up', hint: '30 min, £37.50' },
];
const days = [
  { date: '2026-11-24', label: 'Tuesday 24 November 2026', times: ['09:00', '09:30', '10:00'] },
  { date: '2026-11-25', label: 'Wednesday 25 November 2026', times: ['09:00', '16:00'] },
];
const filled: ConsultationValues = {
  ...emptyConsultation,
  name: 'Fiona Sinclair',
  email: 'fiona@example.co.uk',
  phone: '07700 900123',
  company: 'Sinclair Crofts',
  services: ['cloud-infrastructure'],
  consultationType: 't1',
  day: '2026-11-24',
  time: '10:00',
};

function Live(props: Partial<ConsultationRequestFormProps> & { initial?: ConsultationValues }) {
  const [values, setValues] = useState(props.initial ?? emptyConsultation);
  return (
    <ConsultationRequestForm
      services={services}
      types={types}
      days={days}
      onSubmit={fn()}
      {...props}
      values={values}
      onChange={(p) => setValues((v) => ({ ...v, ...p }))}
    />
  );
}

/** /consultation-request: each state of the form. */
const meta = {
  title: 'Forms/ConsultationRequestForm',
  component: ConsultationRequestForm,
  parameters: { layout: 'padded' },
  args: { values: emptyConsultation, onChange: fn(), onSubmit: fn(), services, types, days },
} satisfies Meta<typeof ConsultationRequestForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  render: () => <Live />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByLabelText('Domain & Hosting'));
    await expect(canvas.getByLabelText('Domain & Hosting')).toBeChecked();
    // A second service keeps the first; unticking the first keeps the second (the services re-render on their own).
    await userEvent.click(canvas.getByLabelText('Cloud Infrastructure'));
    await userEvent.click(canvas.getByLabelText('Domain & Hosting'));
    await expect(canvas.getByLabelText('Cloud Infrastructure')).toBeChecked();
    await expect(canvas.getByLabelText('Domain & Hosting')).not.toBeChecked();
    await expect(canvas.getByRole('combobox', { name: 'Preferred time (UK)' })).toBeDisabled();
    // Every consultation type in view with its length and price; a tap on one chooses it.
    const review = canvas.getByRole('radio', { name: 'Cloud readiness review' });
    await expect(review).toHaveAccessibleDescription('60 min, £75.00');
    await userEvent.click(canvas.getByText('Website and hosting check-up'));
    await expect(canvas.getByRole('radio', { name: 'Website and hosting check-up' })).toBeChecked();
    await expect(review).not.toBeChecked();
    // Typing a name keeps the services and the type chosen.
    await userEvent.type(canvas.getByRole('textbox', { name: 'Name' }), 'Morag');
    await expect(canvas.getByRole('textbox', { name: 'Name' })).toHaveValue('Morag');
    await expect(canvas.getByRole('radio', { name: 'Website and hosting check-up' })).toBeChecked();
    await expect(canvas.getByLabelText('Cloud Infrastructure')).toBeChecked();
  },
};

export const TypesLoading: Story = {
  render: () => <Live types={[]} />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('radiogroup', { name: 'Consultation type' })).toHaveTextContent(
      'Loading the consultation types…',
    );
  },
};

export const TypesNotLoaded: Story = {
  render: () => (
    <Live
      types={[]}
      formError="The consultation types could not be loaded. Check your connection and try again."
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('could not be loaded');
    await expect(canvas.getByRole('radiogroup', { name: 'Consultation type' })).toHaveTextContent(
      'No consultation types to show.',
    );
  },
};

export const EveryFieldEmpty: Story = {
  render: () => (
    <Live
      errors={{
        name: 'Enter your name',
        email: 'Enter your e-mail address',
        phone: 'Enter your phone number',
        services: 'Choose at least one service you are interested in',
        consultationType: 'Choose a consultation type',
        preferredSlot: 'Choose a preferred date and time',
      }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Please correct the fields marked below')).toBeVisible();
    await expect(canvas.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    const types = canvas.getByRole('radiogroup', { name: 'Consultation type' });
    await expect(types).toHaveAttribute('aria-invalid', 'true');
    await expect(types).toHaveAccessibleDescription('Choose a consultation type');
    await expect(canvas.getAllByText('Choose a preferred date and time').length).toBeGreaterThan(0);
  },
};

export const WithPackageAndNotice: Story = {
  render: () => (
    <Live
      initial={{ ...emptyConsultation, services: ['domain-hosting'] }}
      packageLines={[
        'Domain & Hosting — Essential, monthly, 5 mailboxes: £37.50 + VAT',
        '£45.00 a month incl. VAT',
      ]}
      notice="We don't offer a service called 'quantum', so nothing was preselected; choose from the list below."
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Package attached')).toBeVisible();
    await expect(canvas.getByText(/We don't offer a service called 'quantum'/)).toBeVisible();
  },
};

export const Submitting: Story = {
  render: () => <Live initial={filled} submitting />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sending request...' })).toBeDisabled();
  },
};

export const RateLimited: Story = {
  render: () => (
    <Live
      initial={filled}
      formError="Too many submissions from this address; please try again in an hour, or phone us."
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Too many submissions');
  },
};

// ——— A type booked at once: the calendar of free times (shaped as consultation-slots answers) ———

const freeSlots = ['2026-12-15T09:00:00.000Z', '2026-12-15T10:00:00.000Z', '2026-12-16T14:00:00.000Z'].map(
  (start) => ({ start, end: new Date(Date.parse(start) + 3_600_000).toISOString() }),
);

function LiveBooking(props: {
  taken?: ConsultationBooking['taken'];
  visitorTimeZone?: string;
  onSubmit?: () => void;
}) {
  const [values, setValues] = useState<ConsultationValues>({ ...filled, day: '', time: '' });
  const [month, setMonth] = useState('2026-12');
  const [slot, setSlot] = useState<string | null>(null);
  return (
    <>
      <ConsultationRequestForm
        services={services}
        types={types}
        days={days}
        onSubmit={props.onSubmit ?? fn()}
        values={values}
        onChange={(p) => setValues((v) => ({ ...v, ...p }))}
        booking={{
          slots: freeSlots,
          timeZone: 'Europe/London',
          visitorTimeZone: props.visitorTimeZone,
          month,
          onMonthChange: setMonth,
          minMonth: '2026-12',
          maxMonth: '2027-05',
          value: slot,
          onChange: (s) => setSlot(s.start),
          taken: slot ? null : props.taken,
        }}
      />
      <output>{slot ?? 'No time chosen'}</output>
    </>
  );
}

export const InstantBooking: Story = {
  render: (args) => <LiveBooking onSubmit={args.onSubmit} />,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('combobox', { name: 'Preferred day' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Tuesday 15 December 2026, 2 free times' }));
    await userEvent.click(canvas.getByRole('button', { name: '10:00' }));
    await expect(canvas.getByText('Tuesday 15 December 2026, 10:00 UK')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Book consultation' }));
    await expect(args.onSubmit).toHaveBeenCalled();
  },
};

export const SlotTaken: Story = {
  render: () => (
    <LiveBooking
      visitorTimeZone="America/New_York"
      taken={{
        message: 'This time was just taken. Here are the nearest free times.',
        nearest: freeSlots.slice(1),
      }}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await expect(
      canvas.getByText('This time was just taken. Here are the nearest free times.'),
    ).toBeVisible();
    await userEvent.click(
      canvas.getByRole('button', { name: 'Wednesday 16 December 2026, 14:00 UK · 09:00 your time' }),
    );
    await expect(canvas.getByRole('status')).toHaveTextContent('2026-12-16T14:00:00.000Z');
    await expect(canvas.queryByText('This time was just taken. Here are the nearest free times.')).toBeNull();
  },
};
