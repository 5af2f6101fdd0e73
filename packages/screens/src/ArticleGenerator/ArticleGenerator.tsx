import type { FormEvent } from 'react';
import {
  Alert,
  proseClass as prose,
  Badge,
  Button,
  ButtonLink,
  Select,
  type SelectOption,
  Spinner,
  Text,
  Textarea,
  TextField,
} from '@pentland/ui';
import * as css from './ArticleGenerator.css.ts';

export interface GeneratorValues {
  topic: string;
  audience: string;
  tone: string;
  length: string;
  keywords: string;
  service: string;
  /** The author's own notes for the draft to draw on. */
  notes: string;
}

/** What the server's check of the finished draft against the site found. */
export interface DraftFactCheck {
  /** '9 facts checked against the site: 7 right, 1 corrected, 1 flagged for you to check.' */
  summary: string;
  /** The corrections made and the facts left for the author, one sentence each. */
  items: readonly { status: 'corrected' | 'flagged'; text: string }[];
}

export type GeneratorState =
  | { kind: 'idle' }
  | { kind: 'streaming' }
  | { kind: 'done' }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string }
  | { kind: 'quota'; message: string };

export interface ArticleGeneratorProps {
  values: GeneratorValues;
  onChange: (field: keyof GeneratorValues, value: string) => void;
  options: {
    audiences: readonly SelectOption[];
    tones: readonly SelectOption[];
    lengths: readonly SelectOption[];
    /** Services, the first being 'none'. */
    services: readonly SelectOption[];
  };
  state: GeneratorState;
  /** 'offline' says plainly that the offline composer writes the draft. */
  mode?: 'ai' | 'offline';
  /** '2 of 3 free generations left this month'. */
  quotaText?: string;
  /** The draft so far, as sanitised HTML. */
  draftHtml: string;
  topicError?: string;
  onGenerate: () => void;
  onCancel: () => void;
  onOpenInEditor: () => void;
  /** 'Open in editor' is creating the draft. */
  opening?: boolean;
  openError?: string;
  upgradeTo?: string;
  /** Shown under the finished draft. */
  factCheck?: DraftFactCheck;
}

/** The AI article generator: the form, the quota, and the draft streaming into view with Cancel and 'Open in editor'. */
export function ArticleGenerator({
  values,
  onChange,
  options,
  state,
  mode,
  quotaText,
  draftHtml,
  topicError,
  onGenerate,
  onCancel,
  onOpenInEditor,
  opening,
  openError,
  upgradeTo = '/pricing',
  factCheck,
}: ArticleGeneratorProps) {
  const streaming = state.kind === 'streaming';
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onGenerate();
  };
  return (
    <div className={css.layout}>
      <form className={css.form} onSubmit={submit} noValidate aria-label="Article generator">
        {mode === 'offline' && (
          <Alert tone="info" title="Offline mode">
            No AI model is connected, so the offline composer writes a draft from our own pages (services,
            prices, hours and FAQs) and your notes, citing them. Edit it freely in the editor.
          </Alert>
        )}
        {quotaText && (
          <Text size="sm" tone="muted">
            {quotaText}
          </Text>
        )}
        <TextField
          label="Topic"
          required
          maxLength={200}
          value={values.topic}
          error={topicError}
          onChange={(e) => onChange('topic', e.target.value)}
          placeholder="e.g. Moving a small office to Microsoft 365"
        />
        <Select
          label="Audience"
          options={options.audiences}
          value={values.audience}
          onValueChange={(v) => onChange('audience', v)}
        />
        <Select
          label="Tone"
          options={options.tones}
          value={values.tone}
          onValueChange={(v) => onChange('tone', v)}
        />
        <Select
          label="Length"
          options={options.lengths}
          value={values.length}
          onValueChange={(v) => onChange('length', v)}
        />
        <TextField
          label="Keywords"
          hint="Separate keywords with commas (up to 10)."
          value={values.keywords}
          onChange={(e) => onChange('keywords', e.target.value)}
        />
        <Select
          label="Related service"
          options={options.services}
          value={values.service}
          onValueChange={(v) => onChange('service', v)}
        />
        <Textarea
          label="Your notes (optional)"
          hint="Facts, figures or a client's story for the draft to use; it cites them as your notes."
          maxLength={4000}
          rows={4}
          value={values.notes}
          onChange={(e) => onChange('notes', e.target.value)}
        />
        <div className={css.actions}>
          <Button type="submit" variant="primary" busy={streaming} disabled={state.kind === 'quota'}>
            Generate draft
          </Button>
          {streaming && (
            <Button variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          )}
        </div>
      </form>
      <section className={css.output} aria-labelledby="generator-output-title" aria-busy={streaming}>
        <div className={css.outputHeader}>
          <h2 className={css.outputTitle} id="generator-output-title">
            Draft
          </h2>
          {mode === 'offline' && <Badge tone="neutral">Offline composer</Badge>}
          {mode === 'ai' && <Badge tone="brand">AI</Badge>}
        </div>
        {state.kind === 'quota' && (
          <Alert tone="error" title="Monthly limit reached">
            {state.message}{' '}
            <ButtonLink to={upgradeTo} variant="accent" size="small">
              Upgrade to Premium
            </ButtonLink>
          </Alert>
        )}
        {state.kind === 'error' && (
          <Alert tone="error" title="The draft could not be finished">
            {state.message}
          </Alert>
        )}
        {state.kind === 'cancelled' && (
          <Alert tone="info">Generation cancelled. What was written so far is kept below.</Alert>
        )}
        {streaming && <Spinner label="Writing the draft…" showLabel size="small" />}
        {draftHtml ? (
          <div className={[prose, css.draft].join(' ')} dangerouslySetInnerHTML={{ __html: draftHtml }} />
        ) : (
          !streaming && (
            <p className={css.placeholder}>
              Fill in a topic and choose Generate draft. The draft appears here as it is written.
            </p>
          )
        )}
        {factCheck && !streaming && (
          <Alert
            tone={factCheck.items.some((i) => i.status === 'flagged') ? 'info' : 'success'}
            title="Checked against the site"
          >
            {factCheck.summary}
            {factCheck.items.length > 0 && (
              <span className={css.checks}>
                {factCheck.items.map((item, i) => (
                  <span key={i} className={css.check}>
                    <strong>{item.status === 'corrected' ? 'Corrected: ' : 'Check: '}</strong>
                    {item.text}
                  </span>
                ))}
              </span>
            )}
          </Alert>
        )}
        {draftHtml && !streaming && (
          <div className={css.actions}>
            <Button variant="accent" busy={opening} onClick={onOpenInEditor}>
              Open in editor
            </Button>
          </div>
        )}
        {openError && <Alert tone="error">{openError}</Alert>}
      </section>
    </div>
  );
}
