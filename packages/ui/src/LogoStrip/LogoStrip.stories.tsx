import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { LogoStrip } from './LogoStrip.tsx';

const meta = {
  title: 'Components/LogoStrip',
  component: LogoStrip,
  parameters: { layout: 'padded' },
  args: {
    label: 'Platforms we work with',
    items: [
      { name: 'Microsoft Azure', badge: 'Az' },
      { name: 'Microsoft Dynamics 365', badge: 'D365' },
      { name: 'Amazon Web Services', badge: 'AWS' },
      { name: 'Google Cloud', badge: 'GC' },
      { name: 'Cloudflare', badge: 'CF' },
    ],
  },
} satisfies Meta<typeof LogoStrip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Names with typographic badges; the badge letters are hidden from screen readers, which read the names. */
export const Names: Story = {
  play: async ({ canvas, canvasElement }) => {
    const list = canvas.getByRole('list', { name: 'Platforms we work with' });
    await expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    await expect(canvas.getByText('D365')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvasElement.querySelector('img')).toBeNull();
  },
};

export const WithCaptions: Story = {
  args: {
    items: [
      { name: 'Microsoft Azure', badge: 'Az', caption: 'Cloud platform' },
      { name: 'Cloudflare', badge: 'CF', caption: 'DNS, security and delivery' },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('DNS, security and delivery')).toBeVisible();
  },
};

/** Wraps onto several centred rows on a phone. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(list.scrollWidth).toBeLessThanOrEqual(list.clientWidth);
  },
};
