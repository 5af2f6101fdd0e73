import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { Pagination, pageWindow } from './Pagination.tsx';

const meta = {
  title: 'Components/Pagination',
  component: Pagination,
  parameters: { layout: 'padded' },
  args: { page: 1, pageCount: 5, onPageChange: fn(), summary: '1–10 of 47 articles' },
} satisfies Meta<typeof Pagination>;

export default meta;
type Story = StoryObj<typeof meta>;

export const FirstPage: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(2);
  },
};

export const MiddleOfMany: Story = {
  args: { page: 6, pageCount: 12, summary: '51–60 of 118 articles' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(pageWindow(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    await expect(canvas.getByRole('navigation', { name: 'Pages' })).toHaveTextContent(
      '51–60 of 118 articles',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Page 12' }));
    await expect(args.onPageChange).toHaveBeenCalledWith(12);
  },
};
