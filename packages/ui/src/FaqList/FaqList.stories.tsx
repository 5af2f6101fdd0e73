import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Section } from '../Container/Container.tsx';
import { FaqList } from './FaqList.tsx';

const meta = {
  title: 'Components/FaqList',
  component: FaqList,
  args: {
    faqs: [
      {
        question: 'Is the hosting in the UK?',
        answer: 'Yes, in UK data centres, with backups kept in a second UK location for 30 days.',
      },
      {
        question: 'Can you move our existing website and e-mail?',
        answer: 'Yes. We plan the move for a quiet time and switch over with no lost e-mail.',
      },
    ],
  },
  render: (args) => (
    <Section tone="muted" width="medium" title="Frequently asked questions" id="faq">
      <FaqList {...args} />
    </Section>
  ),
} satisfies Meta<typeof FaqList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Closed: only the questions show; the answers are in the page for search engines. */
export const Closed: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Is the hosting in the UK?')).toBeVisible();
    await expect(canvas.getByText(/^Yes, in UK data centres/)).not.toBeVisible();
  },
};

/** Opened: the answer shows and the plus turns to a minus. Keyboard and screen-reader support are the browser's own. */
export const Opened: Story = {
  play: async ({ canvas, userEvent }) => {
    const question = canvas.getByText('Is the hosting in the UK?');
    await userEvent.click(question);
    await expect(canvas.getByText(/^Yes, in UK data centres/)).toBeVisible();
    await expect(question.closest('details')).toHaveAttribute('open');
    await expect(getComputedStyle(question, '::after').content).toBe('"−"');
  },
};

/** One answer open from the start. */
export const FirstOpen: Story = {
  args: { defaultOpen: [0] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Yes, in UK data centres/)).toBeVisible();
    await expect(canvas.getByText(/^Yes. We plan the move/)).not.toBeVisible();
  },
};
