import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import {
  composeOfflineDraft,
  generatorAudiences,
  generatorLengths,
  generatorTones,
  markdownToHtml,
  parseGeneratorInput,
  type DraftSource,
} from '@pentland/articles';
import { services } from '@pentland/site-data';
import { Container } from '@pentland/ui';
import { ArticleGenerator } from './ArticleGenerator.tsx';

const options = {
  audiences: generatorAudiences.map((a) => ({ value: a, label: a })),
  tones: generatorTones.map((t) => ({ value: t, label: t })),
  lengths: Object.entries(generatorLengths).map(([value, l]) => ({ value, label: l.label })),
  services: [{ value: 'none', label: 'None' }, ...services.map((s) => ({ value: s.slug, label: s.title }))],
};

const values = {
  topic: 'Cloud backups for a small office',
  audience: 'Small business owners',
  tone: 'Professional',
  length: 'short',
  keywords: 'restore, RPO',
  service: 'cloud-infrastructure',
  notes: '',
};

// The passages the server grounds this draft on (the chat's knowledge of the service, its prices and the
// consultation offer), as the generate-article function picks them.
const link = { label: 'Cloud Infrastructure', to: '/services/cloud-infrastructure' };
const sources: DraftSource[] = [
  { id: 'service:cloud-infrastructure', title: 'Cloud Infrastructure', text: '', link },
  { id: 'prices:cloud-infrastructure', title: 'Cloud Infrastructure prices', text: '', link },
  {
    id: 'consultation',
    title: 'Book a consultation',
    text: 'Start with a free, no-obligation consultation: an hour with an engineer, in Thurso, on site or by video call.',
    link: { label: 'Request a consultation', to: '/consultation-request' },
  },
];
const fullDraft = markdownToHtml(
  composeOfflineDraft(parseGeneratorInput({ ...values, keywords: ['restore', 'RPO'] }).input, sources),
);

/** The AI article generator (spec: signed-in tools) in each of its states. */
const meta = {
  title: 'Articles/ArticleGenerator',
  component: ArticleGenerator,
  parameters: { layout: 'padded' },
  args: {
    values,
    onChange: fn(),
    options,
    state: { kind: 'idle' },
    mode: 'ai',
    quotaText: '3 of 3 free generations left this month',
    draftHtml: '',
    onGenerate: fn(),
    onCancel: fn(),
    onOpenInEditor: fn(),
  },
  render: (args) => (
    <Container>
      <ArticleGenerator {...args} />
    </Container>
  ),
} satisfies Meta<typeof ArticleGenerator>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Idle: Story = {
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByText('3 of 3 free generations left this month')).toBeVisible();
    await expect(canvas.getByText(/The draft appears here as it is written/)).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Generate draft' }));
    await expect(args.onGenerate).toHaveBeenCalled();
  },
};

export const MissingTopic: Story = {
  args: { values: { ...values, topic: '' }, topicError: 'Enter a topic for the article.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Topic/)).toHaveAccessibleDescription(
      'Enter a topic for the article.',
    );
  },
};

export const Streaming: Story = {
  args: { state: { kind: 'streaming' }, draftHtml: fullDraft.slice(0, fullDraft.indexOf('</ul>') + 5) },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('region', { name: 'Draft' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.queryByRole('button', { name: 'Open in editor' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel' }));
    await expect(args.onCancel).toHaveBeenCalled();
  },
};

export const Finished: Story = {
  args: {
    state: { kind: 'done' },
    draftHtml: fullDraft,
    quotaText: '2 of 3 free generations left this month',
  },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('heading', { name: 'Conclusion' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Open in editor' }));
    await expect(args.onOpenInEditor).toHaveBeenCalled();
  },
};

export const OfflineMode: Story = {
  args: { mode: 'offline', state: { kind: 'done' }, draftHtml: fullDraft },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Offline mode')).toBeVisible();
    await expect(canvas.getByText('Offline composer')).toBeVisible();
  },
};

export const QuotaReached: Story = {
  args: {
    state: {
      kind: 'quota',
      message:
        'You have used your 3 free article generations this month. Upgrade to Premium for unlimited generations, or wait until next month.',
    },
    quotaText: '0 of 3 free generations left this month',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Monthly limit reached');
    await expect(canvas.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await expect(canvas.getByRole('button', { name: 'Generate draft' })).toBeDisabled();
  },
};

export const UpstreamError: Story = {
  args: {
    state: { kind: 'error', message: 'The connection to the AI service broke off.' },
    draftHtml: fullDraft.slice(0, fullDraft.indexOf('</p>') + 4),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The connection to the AI service broke off.');
    await expect(canvas.getByRole('button', { name: 'Open in editor' })).toBeVisible();
  },
};

/** A model's draft after the server's check: what it corrected, and what it left for the author. */
export const CheckedAgainstTheSite: Story = {
  args: {
    state: { kind: 'done' },
    draftHtml: fullDraft,
    factCheck: {
      summary: '9 facts checked against the site: 6 right, 2 corrected, 1 flagged for you to check.',
      items: [
        {
          status: 'corrected',
          text: '“£90” → “from £1,000”: Cloud Infrastructure starts from £1,000 on the site.',
        },
        {
          status: 'corrected',
          text: '“01847 555 123” → “07700 900461”: the company’s number is 07700 900461.',
        },
        { status: 'flagged', text: '“£60”: no price on the site is £60; check it or remove it.' },
      ],
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Checked against the site')).toBeVisible();
    await expect(canvas.getByText(/6 right, 2 corrected, 1 flagged/)).toBeVisible();
    await expect(canvas.getByText(/“£60”: no price on the site/)).toBeVisible();
    // Each section's sources are links the author can open.
    await expect(canvas.getAllByRole('link', { name: 'Cloud Infrastructure' })[0]).toHaveAttribute(
      'href',
      '/services/cloud-infrastructure',
    );
  },
};
