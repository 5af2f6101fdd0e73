import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Section } from '../Container/Container.tsx';
import { StepList } from './StepList.tsx';

const meta = {
  title: 'Components/StepList',
  component: StepList,
  args: {
    steps: [
      { title: 'Assess', text: 'We inventory what you run today, what it costs and what it depends on.' },
      { title: 'Design', text: 'A written design and migration plan with a fixed quote.' },
      { title: 'Migrate', text: 'We move workloads in stages, each tested with your team.' },
      { title: 'Run and improve', text: 'Monitoring, backups and patching, and a monthly review.' },
    ],
  },
  render: (args) => (
    <Section tone="muted" title="How it works" id="how">
      <StepList {...args} />
    </Section>
  ),
} satisfies Meta<typeof StepList>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Four numbered steps in a row on desktop, read as an ordered list with h3 titles. */
export const FourSteps: Story = {
  play: async ({ canvas }) => {
    const list = canvas.getByRole('list');
    await expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    await expect(items).toHaveLength(4);
    await expect(new Set(items.map((i) => Math.round(i.getBoundingClientRect().top))).size).toBe(1);
    await expect(getComputedStyle(items[2]!, '::before').content).toBe('counter(step)');
    await expect(canvas.getByRole('heading', { level: 3, name: 'Migrate' })).toBeVisible();
  },
};

/** One under another on a phone. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const [a, b] = within(canvas.getByRole('list')).getAllByRole('listitem');
    await expect(b!.getBoundingClientRect().top).toBeGreaterThan(a!.getBoundingClientRect().bottom);
  },
};
