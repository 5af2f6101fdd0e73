import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Button } from '../Button/Button.tsx';
import { Card } from '../Card/Card.tsx';
import { Stack } from './Stack.tsx';

const meta = {
  title: 'Layout/Stack',
  component: Stack,
  parameters: { layout: 'padded' },
  args: {
    children: [
      <Card key="a" title="Assess" elevation="flat">
        We review what you run today.
      </Card>,
      <Card key="b" title="Plan" elevation="flat">
        A written plan and a fixed quote.
      </Card>,
      <Card key="c" title="Deliver" elevation="flat">
        We build, migrate and hand over.
      </Card>,
    ],
  },
} satisfies Meta<typeof Stack>;

export default meta;
type Story = StoryObj<typeof meta>;

const gapBetween = (a: Element, b: Element) =>
  b.getBoundingClientRect().top - a.getBoundingClientRect().bottom;

/** The default: children stretch to the full width, 16 px apart. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const stack = canvasElement.firstElementChild as HTMLElement;
    const [first, second] = Array.from(stack.children);
    await expect(gapBetween(first!, second!)).toBe(16);
    await expect(first!.getBoundingClientRect().width).toBe(stack.getBoundingClientRect().width);
  },
};

/** `gap="6"`: 32 px between children. */
export const WideGap: Story = {
  args: { gap: '6' },
  play: async ({ canvasElement }) => {
    const [first, second] = Array.from((canvasElement.firstElementChild as HTMLElement).children);
    await expect(gapBetween(first!, second!)).toBe(32);
  },
};

/** `align="start"`: children keep their own width, as buttons under a heading do. */
export const AlignedStart: Story = {
  args: {
    align: 'start',
    children: [
      <h2 key="h">Ready to talk about your project?</h2>,
      <Button key="b" variant="primary">
        Request a consultation
      </Button>,
    ],
  },
  play: async ({ canvas }) => {
    const button = canvas.getByRole('button', { name: 'Request a consultation' });
    await expect(button.getBoundingClientRect().width).toBeLessThan(400);
  },
};

/** `as="ol"`: each child becomes a list item, so a sequence reads as a numbered list. */
export const AsList: Story = {
  args: { as: 'ol' },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    await expect(within(list).getAllByRole('listitem')).toHaveLength(3);
  },
};
