import { useSearchParams } from 'react-router-dom';
import { useSession } from '@pentland/auth-machine/react';
import { isPosterId } from '@pentland/poster/qr';
import { PageHeader, Section } from '@pentland/ui';
import { PosterEditor } from './PosterEditor.tsx';
import { PosterLibrary } from './PosterLibrary.tsx';

/** /poster-creator: the user's posters and templates, or (`?poster=<id>`) the editor for one poster. */
export default function PosterCreatorPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const id = params.get('poster');
  const open = id && isPosterId(id) ? id : null;
  return (
    <>
      <PageHeader
        title="Poster Creator"
        lead="Design a printable poster whose QR code tells you how often it is scanned."
      />
      <Section>
        {open && user ? (
          <PosterEditor key={open} id={open} userId={user.id} onClose={() => setParams({})} />
        ) : (
          <PosterLibrary onOpen={(pid) => setParams({ poster: pid })} />
        )}
      </Section>
    </>
  );
}
