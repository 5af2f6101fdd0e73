import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { posterTemplates } from '@pentland/poster';
import { TemplatePicker } from './TemplatePicker.tsx';

const templates = posterTemplates.map(({ id, title, description, premium, design }) => ({
  id,
  title,
  description,
  premium,
  colour: design.page.background,
}));

/** New poster: the templates (event, service promotion, offer, E-Board call, darts night). */
const meta = {
  title: 'Posters/TemplatePicker',
  component: TemplatePicker,
  parameters: { layout: 'padded' },
  args: { templates, hasPremium: false, onPick: fn() },
} satisfies Meta<typeof TemplatePicker>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FreeUser: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getAllByText('Premium')).toHaveLength(2);
    await expect(canvas.getByRole('link', { name: 'Upgrade to use Special offer' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Use template for Event' }));
    await expect(args.onPick).toHaveBeenCalledWith('event');
  },
};

export const PremiumUser: Story = {
  args: { hasPremium: true },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('link', { name: /Upgrade/ })).toBeNull();
    await expect(canvas.getByRole('button', { name: 'Use template for Special offer' })).toBeEnabled();
  },
};

export const Opening: Story = {
  args: { busyId: 'event' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Opening… for Event' })).toHaveTextContent('Opening…');
    await expect(canvas.getByRole('button', { name: 'Use template for E-Board call' })).toBeDisabled();
  },
};
