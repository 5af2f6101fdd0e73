import type { ReactNode } from 'react';
import { Alert, Button, ButtonLink, Inline, PageHeader, Section, Stack } from '@pentland/ui';
import type { Load } from './useArticleEditor.ts';

/** The editor's page when there is no article to edit: why, and what the writer can do. */
function Problem({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title="Edit Article" />
      <Section>
        <Stack gap="4">
          <h2>{heading}</h2>
          {children}
        </Stack>
      </Section>
    </>
  );
}

/** The article could not be read (try again; this browser's unsaved changes wait), or is not there for this user. */
export function LoadProblem({
  load,
  onRetry,
}: {
  load: Load & { kind: 'unreachable' | 'missing' };
  onRetry: () => void;
}) {
  if (load.kind === 'missing')
    return (
      <Problem heading="Article not found or not yours">
        <p>
          There is no article at this address that you may edit. It may have been deleted, or it belongs to
          someone else.
        </p>
        <div>
          <ButtonLink to="/dashboard" variant="primary">
            Back to Article Management
          </ButtonLink>
        </div>
      </Problem>
    );
  return (
    <Problem heading="The article could not be loaded">
      <Alert tone="error">{load.message}</Alert>
      <p>
        {load.localDraft
          ? 'Changes you made in this browser that had not reached the server are kept here and will be restored once the article loads.'
          : 'Nothing has been changed. Try again when the connection is back.'}
      </p>
      <Inline gap="3">
        <Button variant="primary" onClick={onRetry}>
          Try again
        </Button>
        <ButtonLink to="/dashboard" variant="secondary">
          Back to Article Management
        </ButtonLink>
      </Inline>
    </Problem>
  );
}
