import { services, socialLinks } from '@pentland/site-data';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Footer } from './Footer';

const meta = {
  title: 'Components/Footer',
  component: Footer,
} satisfies Meta<typeof Footer>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  // The copyright year is live; FixedCopyright carries the pictures.
  parameters: { visual: { disable: true } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Enterprise cloud solutions that scale with your success')).toBeVisible();
    const quick = canvas.getByRole('navigation', { name: 'Quick Links' });
    await expect(within(quick).getByRole('link', { name: 'Package Builder' })).toHaveAttribute(
      'href',
      '/service-packages',
    );
    const serviceNav = canvas.getByRole('navigation', { name: 'Services' });
    await expect(within(serviceNav).getAllByRole('link')).toHaveLength(services.length);
    await expect(services).toHaveLength(10);
    const social = canvas.getByRole('list', { name: 'Social links' });
    await expect(within(social).getAllByRole('link')).toHaveLength(socialLinks.length);
    await expect(socialLinks).toHaveLength(6);
    await expect(canvas.getByRole('link', { name: 'hello@pentlandcloud.co.uk' })).toHaveAttribute(
      'href',
      'mailto:hello@pentlandcloud.co.uk',
    );
    await expect(
      canvas.getByText(`© ${new Date().getFullYear()} Pentland Cloud. All rights reserved.`),
    ).toBeVisible();
  },
};

/** Screenshots need a fixed year. */
export const FixedCopyright: Story = {
  args: { copyright: '© 2026 Pentland Cloud. All rights reserved.' },
};

export const Mobile: Story = {
  args: { copyright: '© 2026 Pentland Cloud. All rights reserved.' },
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
};
