import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fireEvent, fn } from 'storybook/test';
import { EboardPreview } from './EboardPreview.tsx';

/** /eboard-dashboard's preview: what the board shows at a chosen day and time (UK). */
const meta = {
  title: 'Dashboards/EboardPreview',
  component: EboardPreview,
  parameters: { layout: 'padded' },
  args: {
    date: '2026-11-23',
    time: '08:00',
    when: 'Monday 23 November 2026 at 08:00',
    onChange: fn(),
    entries: [
      {
        id: 'e1',
        reference: 'EB-11111111',
        title: 'Breakfast club',
        seconds: 20,
        schedule: 'Mon–Fri 07:00–10:00',
      },
      { id: 'e2', reference: 'EB-22222222', title: 'Darts open night', seconds: 12, schedule: 'All day' },
    ],
  },
} satisfies Meta<typeof EboardPreview>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Showing: Story = {
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByText('On Monday 23 November 2026 at 08:00 the board shows 2 entries, 32 seconds a round:'),
    ).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(2);
    fireEvent.change(canvas.getByLabelText('Time (UK)'), { target: { value: '11:30' } });
    await expect(args.onChange).toHaveBeenLastCalledWith({ date: '2026-11-23', time: '11:30' });
  },
};

export const NothingShowing: Story = {
  args: { time: '23:00', when: 'Monday 23 November 2026 at 23:00', entries: [] },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByText(
        'On Monday 23 November 2026 at 23:00 the board shows no entries, only the invitation to submit one.',
      ),
    ).toBeVisible();
  },
};

export const NoMomentChosen: Story = {
  args: { date: '', when: null, entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Choose a day and a time.')).toBeVisible();
  },
};
