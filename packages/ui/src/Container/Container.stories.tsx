import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.tsx';
import { Section } from './Container.tsx';

const meta = {
  title: 'Layout/Section',
  component: Section,
  args: {
    id: 'services',
    title: 'Our Services',
    children: <p>Cloud and IT services for businesses across Caithness and the Highlands.</p>,
  },
} satisfies Meta<typeof Section>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Plain: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Our Services' })).toBeVisible();
  },
};

export const Tones: Story = {
  render: (args) => (
    <>
      <Section {...args} id="surface" tone="surface" title="Surface" />
      <Section {...args} id="muted" tone="muted" title="Muted" />
      <Section {...args} id="inverse" tone="inverse" title="Inverse" />
      <Section {...args} id="brand" tone="brand" title="Brand" />
    </>
  ),
};

export const NarrowWithCard: Story = {
  args: {
    width: 'narrow',
    tone: 'muted',
    children: <Card title="Sign in">A narrow container suits forms.</Card>,
  },
};

/** A title with an introduction under it, as lead text. */
export const WithIntro: Story = {
  args: {
    intro: 'Ten services, one local team. Every price is a starting point: we quote each project in writing.',
  },
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Our Services' });
    const intro = within(region).getByText(/^Ten services/);
    await expect(getComputedStyle(intro).fontSize).toBe('18px');
  },
};
