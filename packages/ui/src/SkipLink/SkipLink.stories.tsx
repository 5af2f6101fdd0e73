import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { SkipLink } from './SkipLink.tsx';

/** The skip link: invisible until the keyboard reaches it, then shown above everything; it leads to `#main`. */
const meta = {
  title: 'Components/SkipLink',
  component: SkipLink,
  parameters: { layout: 'padded' },
  render: (args) => (
    <>
      <SkipLink {...args} />
      <main id="main" tabIndex={-1}>
        The page
      </main>
    </>
  ),
} satisfies Meta<typeof SkipLink>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Focused by the first Tab: visible, and it moves focus to the main content. */
export const Focused: Story = {
  play: async ({ canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Skip to main content' });
    await expect(link.getBoundingClientRect().width).toBeLessThanOrEqual(1);
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await expect(link.getBoundingClientRect().height).toBeGreaterThanOrEqual(24);
    await expect(link).toHaveAttribute('href', '#main');
  },
};
