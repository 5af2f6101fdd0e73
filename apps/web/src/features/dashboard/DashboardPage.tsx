import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useIsAdmin, usePremium, useSession } from '@pentland/auth-machine/react';
import { premiumStatusText, upgradeLink } from '@pentland/site-data';
import {
  articlePath,
  articleState,
  articleStateLabels,
  deleteArticle,
  duplicateArticle,
  formatArticleDate,
  listArticles,
  listTags,
  readArticle,
  type ArticlePage,
  type ArticleSort,
  type ArticleState,
  type ArticleSummary,
} from '@pentland/articles';
import {
  Alert,
  Badge,
  Button,
  ButtonLink,
  ConfirmDialog,
  DataTable,
  Inline,
  Link,
  PageHeader,
  Section,
  type DataTableColumn,
  type DataTableState,
} from '@pentland/ui';
import { useSupabase } from '../../lib/supabase.ts';

const pageSize = 10;
const stateTone = { draft: 'neutral', scheduled: 'brand', published: 'positive' } as const;
const dateOrDash = (iso: string | null) => (iso ? formatArticleDate(iso) : '—');

/** /dashboard: the signed-in user's articles (an administrator's: everyone's), with search, filters and pages. */
export default function DashboardPage() {
  const client = useSupabase();
  const navigate = useNavigate();
  const { user } = useSession();
  const { isAdmin, loading: adminLoading } = useIsAdmin();
  const premium = usePremium();
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [state, setState] = useState<'all' | ArticleState>('all');
  const [tag, setTag] = useState('all');
  const [sort, setSort] = useState<{ key: string; ascending: boolean }>({
    key: 'updated_at',
    ascending: false,
  });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<ArticlePage | null>(null);
  const [tags, setTags] = useState<string[]>([]);
  const [result, setResult] = useState<{ key: string; status: DataTableState } | null>(null);
  const [reload, setReload] = useState(0);
  const [toDelete, setToDelete] = useState<ArticleSummary | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const authorId = isAdmin ? undefined : user?.id;
  const requestKey = JSON.stringify([authorId, query, state, tag, sort, page, reload]);

  useEffect(() => {
    const t = setTimeout(() => {
      setQuery(search);
      setPage(1);
    }, 300);
    return () => clearTimeout(t);
  }, [search]);

  useEffect(() => {
    if (!client || !user || adminLoading) return;
    let active = true;
    const key = requestKey;
    const setStatus = (status: DataTableState) => setResult({ key, status });
    listArticles(client, {
      authorId,
      search: query,
      state: state === 'all' ? undefined : state,
      tag: tag === 'all' ? undefined : tag,
      sort: sort.key as ArticleSort,
      ascending: sort.ascending,
      page,
      pageSize,
    }).then(
      (result) => {
        if (!active) return;
        setData(result);
        setStatus({ kind: 'ready' });
      },
      (err: Error) => active && setStatus({ kind: 'error', message: err.message }),
    );
    listTags(client, authorId).then(
      (t) => active && setTags(t),
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, [client, user, adminLoading, authorId, query, state, tag, sort, page, requestKey]);
  const status: DataTableState = result?.key === requestKey ? result.status : { kind: 'loading' };

  const refresh = useCallback(() => setReload((n) => n + 1), []);

  const duplicate = async (row: ArticleSummary) => {
    if (!client) return;
    try {
      const copy = await duplicateArticle(client, row.id);
      navigate(`/article-editor/${copy.id}`);
    } catch (err) {
      setNotice({ tone: 'error', text: (err as Error).message });
    }
  };

  const confirmDelete = async () => {
    if (!client || !toDelete) return;
    const full = await readArticle(client, toDelete.id);
    const result = await deleteArticle(client, full ?? { ...toDelete, content: '' });
    setNotice({
      tone: result.failed.length ? 'error' : 'success',
      text: result.failed.length
        ? `“${toDelete.title}” was deleted, but ${result.failed.length} image(s) could not be removed.`
        : `“${toDelete.title}” was deleted.`,
    });
    setToDelete(null);
    refresh();
  };

  const columns: DataTableColumn<ArticleSummary>[] = [
    {
      key: 'title',
      header: 'Title',
      sortable: true,
      render: (r) => <Link to={`/article-editor/${r.id}`}>{r.title}</Link>,
    },
    ...(isAdmin
      ? [{ key: 'author', header: 'Author', render: (r: ArticleSummary) => r.author?.full_name ?? '—' }]
      : []),
    {
      key: 'status',
      header: 'Status',
      render: (r) => {
        const s = articleState(r);
        return <Badge tone={stateTone[s]}>{articleStateLabels[s]}</Badge>;
      },
    },
    { key: 'updated_at', header: 'Updated', sortable: true, render: (r) => dateOrDash(r.updated_at) },
    { key: 'published_at', header: 'Publication', sortable: true, render: (r) => dateOrDash(r.published_at) },
    {
      key: 'actions',
      header: 'Actions',
      render: (r) => (
        <Inline gap="2">
          <ButtonLink to={`/article-editor/${r.id}`} size="small" variant="secondary">
            Edit
          </ButtonLink>
          {articleState(r) === 'published' && (
            <ButtonLink to={articlePath(r)} size="small" variant="ghost">
              View
            </ButtonLink>
          )}
          <Button
            size="small"
            variant="ghost"
            onClick={() => void duplicate(r)}
            aria-label={`Duplicate “${r.title}”`}
          >
            Duplicate
          </Button>
          <Button
            size="small"
            variant="critical"
            onClick={() => setToDelete(r)}
            aria-label={`Delete “${r.title}”`}
          >
            Delete
          </Button>
        </Inline>
      ),
    },
  ];

  const total = data?.total ?? 0;
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  return (
    <>
      <PageHeader
        title="Article Management"
        lead={
          isAdmin
            ? 'Every article on the site: drafts, scheduled and published.'
            : 'Your drafts, scheduled and published articles.'
        }
        actions={
          <>
            <ButtonLink to="/article-editor" variant="accent">
              New article
            </ButtonLink>
            <ButtonLink to="/article-generator" variant="secondary">
              AI generator
            </ButtonLink>
            {!premium.loading && !premium.hasPremium && (
              <ButtonLink to={upgradeLink.to} variant="secondary">
                {upgradeLink.label}
              </ButtonLink>
            )}
          </>
        }
      >
        <p data-premium-status aria-live="polite">
          {premium.loading
            ? premiumStatusText.loading
            : premium.hasPremium
              ? premiumStatusText.premium
              : premiumStatusText.free}
        </p>
      </PageHeader>
      <Section>
        {notice && <Alert tone={notice.tone}>{notice.text}</Alert>}
        <DataTable
          caption={isAdmin ? 'All articles' : 'Your articles'}
          columns={columns}
          rows={data?.rows ?? []}
          rowKey={(r) => r.id}
          state={status}
          onRetry={refresh}
          search={{ label: 'Search titles', value: search, onChange: setSearch }}
          filters={[
            {
              id: 'state',
              label: 'Status',
              value: state,
              onChange: (v) => {
                setState(v as 'all' | ArticleState);
                setPage(1);
              },
              options: [
                { value: 'all', label: 'All' },
                { value: 'draft', label: 'Drafts' },
                { value: 'scheduled', label: 'Scheduled' },
                { value: 'published', label: 'Published' },
              ],
            },
            {
              id: 'tag',
              label: 'Tag',
              value: tag,
              onChange: (v) => {
                setTag(v);
                setPage(1);
              },
              options: [{ value: 'all', label: 'All tags' }, ...tags.map((t) => ({ value: t, label: t }))],
            },
          ]}
          sort={sort}
          onSortChange={(s) => {
            setSort(s);
            setPage(1);
          }}
          page={page}
          pageCount={Math.max(1, Math.ceil(total / pageSize))}
          onPageChange={setPage}
          summary={`${first}–${Math.min(total, page * pageSize)} of ${total} article${total === 1 ? '' : 's'}`}
          emptyText={
            query || state !== 'all' || tag !== 'all'
              ? 'No articles match these filters.'
              : 'No articles yet. Write your first one with New article.'
          }
        />
      </Section>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => !open && setToDelete(null)}
        title={`Delete “${toDelete?.title ?? ''}”?`}
        description="The article and its images are removed for good."
        confirmLabel="Delete"
        tone="critical"
        onConfirm={confirmDelete}
      />
    </>
  );
}
