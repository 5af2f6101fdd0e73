import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { Section, Stack } from '@pentland/ui';
import { ChatComposer, ChatTranscript, SuggestedQuestions } from './Chat.tsx';

const greeting =
  'Hello! I can answer questions about our services, prices, opening hours and where we are, and help you book a consultation.';

const answered = [
  { id: 1, role: 'user' as const, text: 'How much does web hosting cost?' },
  {
    id: 2,
    role: 'assistant' as const,
    text: 'Domain & Hosting starts from £37.50 per month. Prices exclude VAT.\n\nWould you like to talk it through? You can request a free consultation.',
    links: [
      { label: 'Domain & Hosting', to: '/services/domain-hosting' },
      { label: 'Request a consultation', to: '/consultation-request' },
    ],
  },
];

const meta = {
  title: 'Chat',
  component: ChatTranscript,
  args: { messages: answered, greeting },
  render: (args) => (
    <Section width="medium">
      <ChatTranscript {...args} />
    </Section>
  ),
} satisfies Meta<typeof ChatTranscript>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Before the first question: the greeting, suggested questions and the field. */
export const Start: Story = {
  args: { messages: [] },
  render: (args) => (
    <Section width="medium">
      <Stack gap="5">
        <ChatTranscript {...args} />
        <SuggestedQuestions
          questions={[
            'How much does web hosting cost?',
            'What are your opening hours?',
            'Where are you based?',
          ]}
          onPick={fn()}
        />
        <ChatComposer onSend={fn()} />
      </Stack>
    </Section>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByText(greeting)).toBeVisible();
    const suggestions = canvas.getByRole('list', { name: 'Suggested questions' });
    await expect(within(suggestions).getAllByRole('button')).toHaveLength(3);
    await expect(canvas.getByRole('textbox', { name: 'Your question' })).toBeVisible();
  },
};

/** An answer with its links; the finished answer is in the polite live region, whole. */
export const Answered: Story = {
  play: async ({ canvas }) => {
    const log = canvas.getByRole('list', { name: 'Conversation' });
    await expect(within(log).getByText('How much does web hosting cost?')).toBeVisible();
    await expect(within(log).getByRole('link', { name: 'Domain & Hosting' })).toHaveAttribute(
      'href',
      '/services/domain-hosting',
    );
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent(/^Pentland Cloud: Domain & Hosting starts from £37.50 per month/);
    await expect(log).not.toHaveAttribute('aria-busy');
  },
};

/** While the answer arrives: the transcript is busy and nothing is announced yet. */
export const Streaming: Story = {
  args: {
    messages: [
      { id: 1, role: 'user', text: 'What are your opening hours?' },
      { id: 2, role: 'assistant', text: 'We are open Monday to', streaming: true },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('list', { name: 'Conversation' })).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** Before the first word arrives. */
export const Thinking: Story = {
  args: {
    messages: [
      { id: 1, role: 'user', text: 'Where are you based?' },
      { id: 2, role: 'assistant', text: '', streaming: true },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Thinking…')).toBeVisible();
  },
};

/** The AI model failed: the offline answer replaces it, and says so. */
export const OfflineFallback: Story = {
  args: {
    messages: [
      { id: 1, role: 'user', text: 'What are your opening hours?' },
      {
        id: 2,
        role: 'assistant',
        notice: 'Our AI assistant is unavailable just now, so here is the answer from our site instead.',
        text: 'We are open Monday to Friday, 09:00 to 17:00 (UK time).',
        links: [{ label: 'Contact us', to: '/contact' }],
      },
    ],
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/^Our AI assistant is unavailable/)).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent(/unavailable just now.*We are open/);
  },
};

/** A phone: messages stay within the screen. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async () => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  },
};

const composerMeta = (args: Parameters<typeof ChatComposer>[0]) => (
  <Section width="medium">
    <ChatComposer {...args} />
  </Section>
);

/** Sending: Enter sends the trimmed question and clears the field. */
export const ComposerSends: Story = {
  render: () => composerMeta({ onSend: fn() }),
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Your question' });
    await userEvent.type(field, '  Do you do Dynamics 365?  {Enter}');
    await expect(field).toHaveValue('');
    await expect(canvas.getByText(/0 \/ 500 characters/)).toBeVisible();
  },
};

/** An empty question is not sent; the field says why, and a screen reader hears it at once (an alert). */
export const ComposerEmpty: Story = {
  render: () => composerMeta({ onSend: fn() }),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(canvas.getByText('Please type a question.')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Please type a question.');
    await expect(canvas.getByRole('textbox', { name: 'Your question' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** Over the limit: the counter turns red and Send explains. */
export const ComposerTooLong: Story = {
  render: () => composerMeta({ onSend: fn(), defaultValue: 'x'.repeat(501) }),
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByText('501 / 500 characters')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }));
    await expect(canvas.getByText('Please keep your question under 500 characters.')).toBeVisible();
  },
};

/** The server refused (rate limit): the reason shows above the field. */
export const ComposerRateLimited: Story = {
  render: () =>
    composerMeta({
      onSend: fn(),
      error:
        'You have asked a lot of questions in a short time. Please wait 10 minutes and try again, or phone us.',
    }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(/a lot of questions/);
  },
};

/** While an answer arrives, Send is busy. */
export const ComposerBusy: Story = {
  render: () => composerMeta({ onSend: fn(), busy: true }),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Send' })).toBeDisabled();
  },
};

const unreachable = 'The chat could not be reached. Check your connection and try again.';

/** A composer whose every question fails, as the page's conversation would report it. */
function FailingComposer() {
  const [state, setState] = useState<{ busy: boolean; error?: string }>({ busy: false });
  return (
    <Section width="medium">
      <ChatComposer
        busy={state.busy}
        error={state.error}
        onSend={() => {
          setState({ busy: true });
          setTimeout(() => setState({ busy: false, error: unreachable }), 50);
        }}
      />
    </Section>
  );
}

/** A question that fails comes back into the field with the reason, to send again without typing it twice. */
export const ComposerFailedQuestionComesBack: Story = {
  render: () => <FailingComposer />,
  play: async ({ canvas, userEvent }) => {
    const field = canvas.getByRole('textbox', { name: 'Your question' });
    await userEvent.type(field, 'Can you fix my laptop?{Enter}');
    await expect(await canvas.findByRole('alert')).toHaveTextContent(unreachable);
    await expect(field).toHaveValue('Can you fix my laptop?');
  },
};
