import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn } from 'storybook/test';
import {
  EboardSubmissionForm,
  emptyEboard,
  type EboardSubmissionFormProps,
} from './EboardSubmissionForm.tsx';

const categories = [
  { id: 'general', label: 'General notice' },
  { id: 'sport', label: 'Sport and clubs' },
];

function Live(props: Partial<EboardSubmissionFormProps>) {
  const [values, setValues] = useState(props.values ?? emptyEboard);
  return (
    <EboardSubmissionForm
      onSubmit={fn()}
      onImageChange={fn()}
      categories={categories}
      today="2026-11-23"
      {...props}
      values={values}
      onChange={(p) => setValues((v) => ({ ...v, ...p }))}
    />
  );
}

/** /eboard-submissions: the entry form's states. */
const meta = {
  title: 'Forms/EboardSubmissionForm',
  component: EboardSubmissionForm,
  parameters: { layout: 'padded' },
  args: {
    values: emptyEboard,
    onChange: fn(),
    onImageChange: fn(),
    onSubmit: fn(),
    categories,
    today: '2026-11-23',
  },
} satisfies Meta<typeof EboardSubmissionForm>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  render: () => <Live />,
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('First day')).toHaveAttribute('min', '2026-11-23');
    await expect(canvas.getByLabelText('Image')).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
  },
};

export const BadImageAndDates: Story = {
  render: () => (
    <Live
      values={{ ...emptyEboard, displayFrom: '2026-12-10', displayUntil: '2026-12-01' }}
      imageName="poster.svg"
      errors={{
        image: 'The image must be a JPEG, PNG or WebP file',
        displayUntil: 'The last day must be on or after the first day',
      }}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('Image')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByLabelText('Last day')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Submitting: Story = {
  render: () => <Live submitting />,
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Submitting entry...' })).toBeDisabled();
  },
};
