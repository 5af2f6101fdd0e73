import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { StatusPanel } from './StatusPanel.tsx';

const meta = {
  title: 'Layout/StatusPanel',
  component: StatusPanel,
  args: {
    title: 'Consultation requested',
    icon: '✓',
    tone: 'positive',
    children: <p>We will contact you within one working day.</p>,
    actions: <Button to="/">Return to Homepage</Button>,
  },
} satisfies Meta<typeof StatusPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Positive: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Consultation requested' })).toBeVisible();
  },
};

export const Critical: Story = {
  args: {
    title: 'Upload failed',
    icon: '!',
    tone: 'critical',
    role: 'alert',
    children: <p>The file could not be stored.</p>,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Upload failed');
  },
};

export const Embedded: Story = {
  args: {
    fullScreen: false,
    headingLevel: 2,
    tone: 'neutral',
    icon: 'i',
    title: 'No articles yet',
    actions: undefined,
  },
  parameters: { layout: 'padded' },
};
