import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Card } from '../Card/Card.tsx';
import { Grid } from './Grid.tsx';

const titles = [
  'Cloud Infrastructure',
  'Dynamics 365',
  'Web Development',
  'AI Solutions',
  'Domain & Hosting',
  'Social Marketing',
  'Video Services',
];

const cards = (count: number) =>
  titles.slice(0, count).map((title, i) => (
    <Card key={title} title={title}>
      {/* Texts of different lengths: the cards of a row still share one height. */}
      {i % 2 ? 'A short line.' : 'A longer description that runs over two or three lines in a narrow column.'}
    </Card>
  ));

const meta = {
  title: 'Layout/Grid',
  component: Grid,
  parameters: { layout: 'padded' },
  args: { children: cards(6) },
} satisfies Meta<typeof Grid>;

export default meta;
type Story = StoryObj<typeof meta>;

const tops = (items: HTMLElement[]) => items.map((el) => Math.round(el.getBoundingClientRect().top));

/** Three columns on desktop (two on tablets, one on phones); each card fills its cell. */
export const ThreeColumns: Story = {
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(items).toHaveLength(6);
    const [a, b, c, d] = tops(items);
    await expect(a).toBe(b);
    await expect(b).toBe(c);
    await expect(d).toBeGreaterThan(a!);
    const heights = items.slice(0, 3).map((li) => li.firstElementChild!.getBoundingClientRect().height);
    await expect(new Set(heights).size).toBe(1);
  },
};

/** Seven cards in three columns: the one left alone on the last row sits in the middle column, not at the edge. */
export const LoneLastCard: Story = {
  args: { children: cards(7) },
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(7);
    const centre = (el: HTMLElement) => {
      const { left, width } = el.getBoundingClientRect();
      return Math.round(left + width / 2);
    };
    await expect(tops(items.slice(6))[0]).toBeGreaterThan(tops(items)[3]!);
    await expect(Math.abs(centre(items[6]!) - centre(list))).toBeLessThanOrEqual(1);
    await expect(centre(items[6]!)).toBe(centre(items[4]!));
  },
};

/** `columns={4}`: four short cards side by side on desktop. */
export const FourColumns: Story = {
  args: { columns: 4, children: cards(4) },
  play: async ({ canvas }) => {
    const items = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(new Set(tops(items)).size).toBe(1);
  },
};

/** `columns={2}`. */
export const TwoColumns: Story = {
  args: { columns: 2, children: cards(4) },
  play: async ({ canvas }) => {
    const [a, b, c] = tops(within(canvas.getByRole('list')).getAllByRole('listitem'));
    await expect(a).toBe(b);
    await expect(c).toBeGreaterThan(a!);
  },
};

/** One column on a phone. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const [a, b] = tops(within(canvas.getByRole('list')).getAllByRole('listitem'));
    await expect(b).toBeGreaterThan(a!);
  },
};

/** `as="div"` for cards that are not a list. */
export const NotAList: Story = {
  args: { as: 'div', children: cards(3) },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('list')).toBeNull();
    await expect(canvas.getAllByRole('heading', { level: 3 })).toHaveLength(3);
  },
};
