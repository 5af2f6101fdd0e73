import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { NotFound } from './NotFound.tsx';

const meta = {
  title: 'Components/NotFound',
  component: NotFound,
} satisfies Meta<typeof NotFound>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');
  },
};
