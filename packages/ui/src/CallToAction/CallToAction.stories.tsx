import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { tokens } from '../theme/tokens.ts';
import { CallToAction } from './CallToAction.tsx';

const meta = {
  title: 'Layout/CallToAction',
  component: CallToAction,
  args: {
    title: 'Ready to talk about your project?',
    text: 'Book a free, no-obligation consultation. We will listen first, then recommend only what you need.',
    action: { label: 'Request a consultation', to: '/consultation-request' },
  },
} satisfies Meta<typeof CallToAction>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The blue band that closes the home page; the band is a region named by its heading. */
export const Brand: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Ready to talk about your project?' });
    await expect(getComputedStyle(region).backgroundColor).toBe('rgb(29, 78, 216)');
    await expect(canvas.getByRole('link', { name: 'Request a consultation' })).toHaveAttribute(
      'href',
      '/consultation-request',
    );
  },
};

/** A quiet band with a primary button, as on /services. */
export const Muted: Story = {
  args: { tone: 'muted', title: 'Not sure where to start?' },
  play: async ({ canvas }) => {
    const text = canvas.getByText(/^Book a free/);
    await expect(getComputedStyle(text).color).toBe('rgb(71, 85, 105)');
    await expect(tokens.color.textMuted).toBe('#475569');
  },
};

/** Two actions side by side. */
export const TwoActions: Story = {
  args: { secondaryAction: { label: 'Chat with us', to: '/chat' } },
  play: async ({ canvas }) => {
    const first = canvas.getByRole('link', { name: 'Request a consultation' });
    const second = canvas.getByRole('link', { name: 'Chat with us' });
    await expect(first.getBoundingClientRect().top).toBe(second.getBoundingClientRect().top);
  },
};
