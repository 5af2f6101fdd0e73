import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { GlobalErrorScreen } from './GlobalErrorScreen.tsx';

const meta = {
  title: 'Components/GlobalErrorScreen',
  component: GlobalErrorScreen,
  args: { onRefresh: fn() },
} satisfies Meta<typeof GlobalErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const GlobalError: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible();
    await expect(
      canvas.getByText('We apologize for the inconvenience. Please try refreshing the page.'),
    ).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Refresh Page' }));
    await expect(args.onRefresh).toHaveBeenCalledTimes(1);
  },
};
