import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
// The spec's message list, copied verbatim into the repository (spec/README.md).
import messagesText from '../../../../spec/messages.txt?raw';
import { coverageOf, MessageCoverage } from './SpecCoverage.tsx';

// The screens' stories and the kit's (packages/ui), where the generic messages (Page Not Found, …) are stated.
const sources = import.meta.glob<string>(
  ['../**/*.stories.tsx', '../../../ui/src/**/*.stories.tsx', '!./SpecCoverage.stories.tsx'],
  {
    query: '?raw',
    import: 'default',
    eager: true,
  },
);

/**
 * Done-criterion of issue 4: every line of the spec's message list appears verbatim in at least one story file
 * (where a play function asserts it on the rendered story).
 */
const meta = {
  title: 'Spec/Message coverage',
  component: MessageCoverage,
  parameters: { layout: 'padded', visual: { disable: true } },
  args: { rows: coverageOf(messagesText, sources) },
} satisfies Meta<typeof MessageCoverage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const EveryMessageHasAStory: Story = {
  play: async ({ args, canvas }) => {
    await expect(Object.keys(sources).length).toBeGreaterThan(20);
    await expect(args.rows.length).toBeGreaterThanOrEqual(40);
    const missing = args.rows.filter((r) => r.files.length === 0).map((r) => r.message);
    await expect(missing).toEqual([]);
    await expect(canvas.queryByText('MISSING')).toBeNull();
  },
};

/** The check itself: a message no story states is reported missing, a stated one is found. */
export const ReportsAMissingMessage: Story = {
  args: {
    rows: coverageOf('Stated here\nNowhere at all\n\n', {
      '/repo/packages/ui/src/A/A.stories.tsx': "expect('Stated here')",
    }),
  },
  play: async ({ args, canvas }) => {
    await expect(args.rows).toEqual([
      { message: 'Stated here', files: ['A/A.stories.tsx'] },
      { message: 'Nowhere at all', files: [] },
    ]);
    await expect(canvas.getByText('MISSING')).toBeVisible();
  },
};
