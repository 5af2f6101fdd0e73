import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  createArticle,
  excerptFrom,
  factCheckNotes,
  generatorAudiences,
  generatorLengths,
  generatorTones,
  markdownToHtml,
  parseGeneratedDraft,
  parseGeneratorInput,
  quotaText,
  readEventStream,
  type FactFinding,
  type GeneratorQuota,
} from '@pentland/articles';
import { services } from '@pentland/site-data';
import { PageHeader, Section } from '@pentland/ui';
import {
  ArticleGenerator,
  type DraftFactCheck,
  type GeneratorState,
  type GeneratorValues,
} from '@pentland/screens';
import { browserSanitizer } from './browserSanitizer.ts';
import { readBackendConfig } from '../../config.ts';
import { useSupabase } from '../../lib/supabase.ts';

const options = {
  audiences: generatorAudiences.map((a) => ({ value: a, label: a })),
  tones: generatorTones.map((t) => ({ value: t, label: t })),
  lengths: Object.entries(generatorLengths).map(([value, l]) => ({ value, label: l.label })),
  services: [{ value: 'none', label: 'None' }, ...services.map((s) => ({ value: s.slug, label: s.title }))],
};

const initial: GeneratorValues = {
  topic: '',
  audience: generatorAudiences[0],
  tone: generatorTones[0],
  length: 'medium',
  keywords: '',
  service: 'none',
  notes: '',
};

/** /article-generator: the form, the draft streaming in from the generate-article function, Open in editor. */
export default function ArticleGeneratorPage() {
  const client = useSupabase();
  const navigate = useNavigate();
  const [values, setValues] = useState(initial);
  const [state, setState] = useState<GeneratorState>({ kind: 'idle' });
  const [mode, setMode] = useState<'ai' | 'offline'>();
  const [quota, setQuota] = useState<GeneratorQuota>();
  const [markdown, setMarkdown] = useState('');
  const [factCheck, setFactCheck] = useState<DraftFactCheck>();
  const [topicError, setTopicError] = useState<string>();
  const [opening, setOpening] = useState(false);
  const [openError, setOpenError] = useState<string>();
  const abort = useRef<AbortController | null>(null);
  const { supabaseUrl, supabaseAnonKey } = readBackendConfig(import.meta.env);
  const endpoint = `${supabaseUrl}/functions/v1/generate-article`;

  const token = async () => (await client!.auth.getSession()).data.session?.access_token ?? '';
  const headers = async () => ({ Authorization: `Bearer ${await token()}`, apikey: supabaseAnonKey });

  useEffect(() => {
    if (!client) return;
    let active = true;
    void (async () => {
      try {
        const res = await fetch(endpoint, { headers: await headers() });
        if (!res.ok || !active) return;
        const body = (await res.json()) as { mode: 'ai' | 'offline'; quota: GeneratorQuota };
        setMode(body.mode);
        setQuota(body.quota);
        if (body.quota.remaining === 0)
          setState({
            kind: 'quota',
            message: `You have used your ${body.quota.limit} free article generations this month. Upgrade to Premium for unlimited generations, or wait until next month.`,
          });
      } catch {
        // The form still works; the quota shows after the first generation.
      }
    })();
    return () => {
      active = false;
      abort.current?.abort();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client]);

  const generate = async () => {
    const { errors } = parseGeneratorInput({
      ...values,
      service: values.service === 'none' ? null : values.service,
    });
    setTopicError(errors.topic);
    if (errors.topic || !client) return;
    const controller = new AbortController();
    abort.current = controller;
    setOpenError(undefined);
    setState({ kind: 'streaming' });
    let text = '';
    try {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { ...(await headers()), 'Content-Type': 'application/json' },
        body: JSON.stringify({ ...values, service: values.service === 'none' ? null : values.service }),
        signal: controller.signal,
      });
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => ({}))) as {
          error?: string;
          code?: string;
          quota?: GeneratorQuota;
        };
        if (body.quota) setQuota(body.quota);
        if (body.code === 'quota_reached')
          return setState({ kind: 'quota', message: body.error ?? 'The monthly limit is reached.' });
        if (body.code === 'invalid') setTopicError(body.error);
        return setState({ kind: 'error', message: body.error ?? `The generator answered ${res.status}.` });
      }
      // The new draft replaces the previous one only once it starts: a refusal leaves the page as it was.
      setMarkdown('');
      setFactCheck(undefined);
      let failed: string | null = null;
      await readEventStream(res.body, ({ event, data }) => {
        const d = data as {
          text?: string;
          mode?: 'ai' | 'offline';
          quota?: GeneratorQuota;
          message?: string;
          markdown?: string;
          findings?: FactFinding[];
          summary?: string;
        };
        if (event === 'meta') {
          if (d.mode) setMode(d.mode);
          if (d.quota) setQuota(d.quota);
        } else if (event === 'delta' && d.text) {
          text += d.text;
          setMarkdown(text);
        } else if (event === 'checked' && typeof d.markdown === 'string') {
          // The draft as checked against the site: its slips corrected, what could not be put right listed.
          text = d.markdown;
          setMarkdown(text);
          setFactCheck({ summary: d.summary ?? '', items: factCheckNotes(d.findings ?? []) });
        } else if (event === 'error') {
          failed = d.message ?? 'The draft could not be finished.';
          if (d.quota) setQuota(d.quota);
        }
      });
      setState(failed ? { kind: 'error', message: failed } : { kind: 'done' });
    } catch {
      setState(
        controller.signal.aborted
          ? { kind: 'cancelled' }
          : { kind: 'error', message: 'The connection to the generator broke off.' },
      );
    } finally {
      abort.current = null;
    }
  };

  const draftHtml = useMemo(() => (markdown ? browserSanitizer()(markdownToHtml(markdown)) : ''), [markdown]);

  const openInEditor = async () => {
    if (!client) return;
    setOpening(true);
    setOpenError(undefined);
    try {
      const draft = parseGeneratedDraft(markdown, values.topic);
      const content = browserSanitizer()(markdownToHtml(draft.body));
      const article = await createArticle(client, {
        title: draft.title,
        slug: draft.slug,
        content,
        excerpt: excerptFrom(content, 200),
        seo_description: draft.metaDescription,
        tags: values.keywords
          ? values.keywords
              .split(',')
              .map((k) => k.trim().toLowerCase())
              .filter(Boolean)
              .slice(0, 10)
          : [],
      });
      navigate(`/article-editor/${article.id}`);
    } catch (err) {
      setOpenError((err as Error).message);
      setOpening(false);
    }
  };

  return (
    <>
      <PageHeader
        title="AI Article Generator"
        lead="Describe the article you need; the draft appears as it is written, ready to refine in the editor."
      />
      <Section>
        <ArticleGenerator
          values={values}
          onChange={(field, value) => setValues((v) => ({ ...v, [field]: value }))}
          options={options}
          state={state}
          mode={mode}
          quotaText={quota ? quotaText(quota) : undefined}
          draftHtml={draftHtml}
          topicError={topicError}
          onGenerate={() => void generate()}
          onCancel={() => abort.current?.abort()}
          onOpenInEditor={() => void openInEditor()}
          opening={opening}
          openError={openError}
          factCheck={factCheck}
        />
      </Section>
    </>
  );
}
