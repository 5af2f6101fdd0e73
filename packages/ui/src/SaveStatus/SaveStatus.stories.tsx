import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { PageHeader } from '../PageHeader/PageHeader.tsx';
import { TextField } from '../TextField/TextField.tsx';
import { SaveStatus } from './SaveStatus.tsx';
import { readLocalDraft, useAutosave } from './useAutosave.ts';

/** The autosave state beside an editor (the article editor; the poster creator reuses it). */
const meta = {
  title: 'Components/SaveStatus',
  component: SaveStatus,
  parameters: { layout: 'padded' },
  args: { status: 'saved', onRetry: fn() },
} satisfies Meta<typeof SaveStatus>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Saved: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved');
  },
};

export const Saving: Story = {
  args: { status: 'saving' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Saving…');
  },
};

export const NotSavedRetry: Story = {
  args: { status: 'error', error: 'Could not reach the server.' },
  play: async ({ canvas, userEvent, args }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Not saved — retry');
    await userEvent.click(canvas.getByRole('button', { name: 'retry' }));
    await expect(args.onRetry).toHaveBeenCalledTimes(1);
  },
};

/** Saving is paused until the form is valid (e.g. the title is empty): nothing to retry, the form says why. */
export const NotSavedBlocked: Story = {
  args: { status: 'blocked' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(/^Not saved$/);
    await expect(canvas.queryByRole('button', { name: 'retry' })).toBeNull();
  },
};

/** WCAG's contrast ratio of two computed `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, b] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return Math.round(((hi! + 0.05) / (lo! + 0.05)) * 100) / 100;
}

/**
 * On a dark page header, as the article editor shows it: every state keeps 4.5:1 against the band (the accessibility
 * check measures it).
 */
export const OnDarkHeader: Story = {
  parameters: { layout: 'fullscreen' },
  render: (args) => (
    <PageHeader
      title="Edit Article"
      meta={
        <>
          <SaveStatus status="saved" />
          <SaveStatus status="saving" />
          <SaveStatus status="blocked" />
          <SaveStatus status="error" error="Could not reach the server." onRetry={args.onRetry} />
        </>
      }
    />
  ),
  play: async ({ canvas }) => {
    const statuses = canvas.getAllByRole('status');
    const band = getComputedStyle(statuses[0]!.closest('section')!).backgroundColor;
    const belowAA = statuses
      .map((s) => ({ text: s.textContent, ratio: contrast(getComputedStyle(s).color, band) }))
      .filter((s) => s.ratio < 4.5);
    await expect(belowAA).toEqual([]);
    await expect(statuses.map((s) => s.textContent)).toEqual([
      'Saved',
      'Saving…',
      'Not saved',
      'Not saved — retry (Could not reach the server.)',
    ]);
  },
};

function AutosaveDemo({ save, retryDelay }: { save: (v: string) => Promise<void>; retryDelay?: number }) {
  const [value, setValue] = useState('');
  const autosave = useAutosave({ value, save, delay: 200, retryDelay, storageKey: 'story-autosave' });
  return (
    <div style={{ display: 'grid', gap: 12, maxWidth: 420 }}>
      <TextField label="Title" value={value} onChange={(e) => setValue(e.target.value)} />
      <SaveStatus status={autosave.status} error={autosave.error} onRetry={() => void autosave.flush()} />
    </div>
  );
}

/** The hook at work: a change saves after the debounce; a failure keeps the text locally until a retry succeeds. */
export const LiveAutosave: Story = {
  render: () => {
    let fail = true;
    const save = async () => {
      await new Promise((r) => setTimeout(r, 50));
      if (fail) {
        fail = false;
        throw new Error('Could not reach the server.');
      }
    };
    return <AutosaveDemo save={save} />;
  },
  play: async ({ canvas, userEvent }) => {
    localStorage.removeItem('story-autosave');
    await userEvent.type(canvas.getByLabelText('Title'), 'Hello');
    await expect(canvas.getByRole('status')).toHaveTextContent('Saving…');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Not saved — retry'));
    await expect(readLocalDraft('story-autosave')).toBe('Hello');
    await userEvent.click(canvas.getByRole('button', { name: 'retry' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Saved'));
    await expect(readLocalDraft('story-autosave')).toBeUndefined();
  },
};

/** An edit undone before the debounce ends: the value is what the server has again, so it is 'Saved' at once. */
export const BackToSaved: Story = {
  parameters: { visual: { disable: true } },
  render: () => <AutosaveDemo save={() => new Promise((r) => setTimeout(r, 50))} />,
  play: async ({ canvas, userEvent }) => {
    localStorage.removeItem('story-autosave');
    const title = canvas.getByLabelText('Title');
    await userEvent.type(title, 'Hi');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Saved'));
    await userEvent.type(title, '!');
    await expect(canvas.getByRole('status')).toHaveTextContent('Saving…');
    await expect(readLocalDraft('story-autosave')).toBe('Hi!');
    await userEvent.type(title, '{Backspace}');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Saved'));
    // The local copy of the undone edit is gone: reopening shows what the server has.
    await expect(readLocalDraft('story-autosave')).toBeUndefined();
    // It stays so: nothing is pending.
    await new Promise((r) => setTimeout(r, 400));
    await expect(canvas.getByRole('status')).toHaveTextContent('Saved');
  },
};

/** A failed save is tried again by itself while the browser is online: 'Saved' without pressing retry. */
export const RetriesByItself: Story = {
  parameters: { visual: { disable: true } },
  render: () => {
    let fail = true;
    const save = async () => {
      await new Promise((r) => setTimeout(r, 50));
      if (fail) {
        fail = false;
        throw new Error('Could not reach the server.');
      }
    };
    return <AutosaveDemo save={save} retryDelay={600} />;
  },
  play: async ({ canvas, userEvent }) => {
    localStorage.removeItem('story-autosave');
    await userEvent.type(canvas.getByLabelText('Title'), 'Hello');
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Not saved — retry'));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(/^Saved$/), { timeout: 3000 });
    await expect(readLocalDraft('story-autosave')).toBeUndefined();
  },
};
