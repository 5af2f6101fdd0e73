import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { ConsultationAgenda, type AgendaItem } from './ConsultationAgenda.tsx';

const item = (id: string, when: string, name: string, status = 'confirmed'): AgendaItem => ({
  id,
  when,
  name,
  typeName: 'Cloud readiness review',
  reference: `PC-${id.toUpperCase()}0A1B2C`,
  status,
  statusLabel: status === 'confirmed' ? 'Confirmed' : 'New',
});

/** /consultation-dashboard: today's consultations and the rest of the week's, above the enquiries. */
const meta = {
  title: 'Dashboards/ConsultationAgenda',
  component: ConsultationAgenda,
  parameters: { layout: 'padded' },
  args: {
    today: [item('a1', '10:00', 'Fiona Sinclair'), item('b2', '14:30', 'Magnus Gunn', 'new')],
    week: [item('c3', 'Thu 17 Dec, 09:00', 'Isla Mackay'), item('d4', 'Fri 18 Dec, 11:00', 'Ewan Budge')],
    onOpen: fn(),
  },
} satisfies Meta<typeof ConsultationAgenda>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Week: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { name: 'Today' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Isla Mackay' }));
    await expect(args.onOpen).toHaveBeenCalledWith('c3');
  },
};

export const Quiet: Story = {
  args: { today: [], week: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('No consultations today.')).toBeVisible();
    await expect(canvas.getByText('No more consultations this week.')).toBeVisible();
  },
};
