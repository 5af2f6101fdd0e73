import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { sampleFooter, sampleServices } from '../fixtures/site.ts';
import { Footer } from './Footer.tsx';

const meta = {
  title: 'Components/Footer',
  component: Footer,
  args: sampleFooter,
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
    await expect(within(serviceNav).getAllByRole('link')).toHaveLength(sampleServices.length);
    await expect(sampleServices).toHaveLength(10);
    const social = canvas.getByRole('list', { name: 'Social links' });
    await expect(within(social).getAllByRole('link')).toHaveLength(sampleFooter.socialLinks.length);
    await expect(sampleFooter.socialLinks).toHaveLength(6);
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

/** The registered company and the four policies, under the columns on every page. */
export const CompanyDetailsAndPolicies: Story = {
  args: {
    copyright: '© 2026 Pentland Cloud. All rights reserved.',
    company: {
      legalName: 'Pentland Cloud Ltd',
      registeredIn: 'Scotland',
      companyNumber: 'SC784512',
      vatNumber: 'GB 412 7395 59',
      registeredOffice: 'Unit 4, Pentland Business Park, Thurso, Caithness KW14 7UZ',
    },
  },
  play: async ({ canvas }) => {
    const policies = canvas.getByRole('navigation', { name: 'Policies' });
    const links = within(policies).getAllByRole('link');
    await expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Privacy', '/privacy'],
      ['Terms', '/terms'],
      ['Cookies', '/cookies'],
      ['Accessibility', '/accessibility'],
    ]);
    for (const link of links) {
      const box = link.getBoundingClientRect();
      await expect(box.height).toBeGreaterThanOrEqual(24);
    }
    await expect(
      canvas.getByText('Pentland Cloud Ltd, registered in Scotland, company number SC784512.'),
    ).toBeVisible();
    await expect(canvas.getByText('VAT number GB 412 7395 59.')).toBeVisible();
    await expect(
      canvas.getByText('Registered office: Unit 4, Pentland Business Park, Thurso, Caithness KW14 7UZ.'),
    ).toBeVisible();
  },
};
