import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { BulletList } from './BulletList.tsx';

const meta = {
  title: 'Components/BulletList',
  component: BulletList,
  parameters: { layout: 'padded' },
  args: {
    items: [
      'Cloud readiness assessment and migration plan',
      'Azure and AWS landing zones built to best practice',
      'Backup, disaster recovery and 24/7 monitoring',
      'Cost reviews that keep the monthly bill in check',
    ],
  },
} satisfies Meta<typeof BulletList>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Bullets: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    await expect(getComputedStyle(list).listStyleType).toBe('disc');
  },
};

/** Ticks, for what a service includes: drawn in the accent colour, the list semantics kept. */
export const Ticks: Story = {
  args: { marker: 'tick' },
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    const tick = getComputedStyle(items[0]!, '::before');
    await expect(tick.borderRightColor).toBe('rgb(15, 118, 110)');
  },
};

/** `as="ol"` numbers the points. */
export const Numbered: Story = {
  args: { as: 'ol' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list').tagName).toBe('OL');
  },
};
