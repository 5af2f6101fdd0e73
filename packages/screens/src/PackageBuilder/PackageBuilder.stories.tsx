import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, within } from 'storybook/test';
import type { PackageItem } from '@pentland/site-data';
import { PackageBuilder } from './PackageBuilder.tsx';

function Live({ initial, problems }: { initial: PackageItem[]; problems?: string[] }) {
  const [items, setItems] = useState(initial);
  return (
    <PackageBuilder
      items={items}
      onChange={setItems}
      problems={problems}
      requestHref="/consultation-request"
    />
  );
}

/** /service-packages: prices update live, VAT apart. */
const meta = {
  title: 'Forms/PackageBuilder',
  component: PackageBuilder,
  parameters: { layout: 'padded' },
  args: { items: [], onChange: fn(), requestHref: '/consultation-request' },
} satisfies Meta<typeof PackageBuilder>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  render: () => <Live initial={[]} />,
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('Choose a service to start your package.')).toBeVisible();
    await expect(
      canvas.getByRole('button', { name: 'Request a consultation with this package' }),
    ).toBeDisabled();
    await userEvent.click(canvas.getByLabelText('Include Domain & Hosting'));
    await expect(canvas.getByRole('table', { name: 'Monthly total' })).toHaveTextContent('£37.50');
    await expect(canvas.getByRole('table', { name: 'Monthly total' })).toHaveTextContent('£45.00');
    // The service's fields follow the tick in the next render.
    await expect(await canvas.findByLabelText('E-mail mailboxes')).toHaveValue(5);
    // A card the first tick did not re-render acts on the package as it is now: ticking it keeps Domain & Hosting,
    // and unticking it again leaves Domain & Hosting alone.
    const summary = canvas.getByRole('complementary', { name: 'Your package' });
    await userEvent.click(canvas.getByLabelText('Include Cloud Infrastructure'));
    await expect(within(summary).getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(canvas.getByLabelText('Include Cloud Infrastructure'));
    await expect(within(summary).getAllByRole('listitem')).toHaveLength(1);
    await expect(canvas.getByRole('table', { name: 'Monthly total' })).toHaveTextContent('£45.00');
  },
};

export const Chosen: Story = {
  render: () => (
    <Live
      initial={[
        {
          service: 'cloud-infrastructure',
          tier: 'business',
          billing: 'monthly',
          users: 25,
          devices: 4,
          hours: 10,
        },
        { service: 'web-development', tier: 'brochure', billing: 'one-off', hours: 0 },
      ]}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Monthly total' })).toHaveTextContent('£1,530.00');
    await expect(canvas.getByRole('table', { name: 'One-off total' })).toHaveTextContent('£594.00');
    await expect(
      canvas.getByRole('link', { name: 'Request a consultation with this package' }),
    ).toBeVisible();
  },
};

export const CorrectedLink: Story = {
  render: () => (
    <Live
      initial={[{ service: 'domain-hosting', tier: 'essential', billing: 'monthly', users: 5 }]}
      problems={["'quantum-magic' is not one of our services, so it was removed."]}
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('We corrected the package in your link')).toBeVisible();
  },
};
