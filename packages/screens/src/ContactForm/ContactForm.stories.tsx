import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import { SubmissionReceipt } from '../EnquiryForm/index.ts';
import { Text } from '@pentland/ui';
import { ContactForm, emptyContact, type ContactFormProps } from './ContactForm.tsx';

function Live(props: Partial<ContactFormProps>) {
  const [values, setValues] = useState(props.values ?? emptyContact);
  return (
    <ContactForm
      onSubmit={fn()}
      {...props}
      values={values}
      onChange={(p) => setValues((v) => ({ ...v, ...p }))}
    />
  );
}

/** /contact: the contact form's states and the receipt after sending. */
const meta = {
  title: 'Forms/ContactForm',
  component: ContactForm,
  parameters: { layout: 'padded' },
  args: { values: emptyContact, onChange: fn(), onSubmit: fn() },
} satisfies Meta<typeof ContactForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  render: () => <Live />,
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Subject'), 'Hosting');
    await expect(canvas.getByLabelText('Subject')).toHaveValue('Hosting');
  },
};

export const Invalid: Story = {
  render: () => (
    <Live
      values={{ ...emptyContact, email: 'm@x', message: 'short' }}
      errors={{
        name: 'Enter your name',
        email: 'Enter a valid e-mail address, like name@example.co.uk',
        subject: 'Enter a subject',
        message: 'Message must be at least 10 characters',
      }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getAllByText('Message must be at least 10 characters').length).toBeGreaterThan(0);
  },
};

export const Offline: Story = {
  render: () => (
    <Live formError="We could not reach our server. Check your connection and try again; nothing was sent." />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('nothing was sent');
  },
};

export const Sent: Story = {
  render: () => (
    <SubmissionReceipt title="Thank you — your message is in" reference="PM-1A2B3C4D">
      <Text>We have e-mailed you a copy and will reply within one working day.</Text>
    </SubmissionReceipt>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('PM-1A2B3C4D')).toBeVisible();
  },
};
