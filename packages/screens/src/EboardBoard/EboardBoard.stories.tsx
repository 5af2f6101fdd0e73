import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { EboardBoard, EboardDisplay } from './EboardBoard.tsx';

const entries = [
  {
    id: 'a',
    title: 'League night sign-ups open',
    message: 'New players welcome every Thursday.',
    category: 'Sport and clubs',
    author: 'Seaforth Darts Club',
  },
  {
    id: 'b',
    title: 'Breakfast talk: cyber security basics',
    message: 'Coffee and a short talk at the business park.',
    category: 'Business',
    organisation: 'Thurso Business Network',
  },
];

/** /eboard-welcome: the board as cards, and the full-screen display mode. */
const meta = {
  title: 'Dashboards/EboardBoard',
  component: EboardBoard,
  parameters: { layout: 'padded' },
  args: { state: 'ready', entries },
} satisfies Meta<typeof EboardBoard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'On the E-Board now' }).children).toHaveLength(2);
  },
};

export const Empty: Story = {
  args: { entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Nothing on the board right now/)).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { state: 'error', entries: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toBeVisible();
  },
};

export const DisplayMode: Story = {
  // It rotates on its own, so a picture would catch either slide.
  parameters: { layout: 'fullscreen', visual: { disable: true } },
  render: () => <EboardDisplay entries={entries} intervalMs={600} status="Live" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 of 2')).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Time until the next entry' })).toBeVisible();
    await expect(await canvas.findByText('2 of 2', {}, { timeout: 3000 })).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Breakfast talk: cyber security basics' }),
    ).toBeVisible();
  },
};

export const DisplayEmpty: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <EboardDisplay entries={[]} status="Reconnecting…" submitUrl="pentlandcloud.co.uk/eboard-submissions" />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your notice here')).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Reconnecting…');
  },
};

export const DisplaySpotlight: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <EboardDisplay entries={entries} intervalMs={60_000} spotlightId="b" status="Live" />,
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2 of 2')).toBeVisible();
    await expect(
      canvas.getByRole('heading', { name: 'Breakfast talk: cyber security basics' }),
    ).toBeVisible();
  },
};

/** After a reload with the backend or the network down: the last board, marked offline with its time. */
export const DisplayOffline: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => (
    <EboardDisplay
      entries={entries}
      intervalMs={60_000}
      status="Reconnecting…"
      offlineNote="Offline — last updated 14:32"
    />
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Offline — last updated 14:32')).toBeVisible();
    await expect(canvas.getByText('1 of 2')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'League night sign-ups open' })).toBeVisible();
  },
};

/** Live again: no offline note. */
export const DisplayLive: Story = {
  parameters: { layout: 'fullscreen' },
  render: () => <EboardDisplay entries={entries} intervalMs={60_000} status="Live" offlineNote={null} />,
  play: async ({ canvas }) => {
    await expect(canvas.queryByText(/Offline/)).toBeNull();
    await expect(canvas.getByRole('status')).toHaveTextContent('Live');
  },
};
