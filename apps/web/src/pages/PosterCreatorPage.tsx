import { useSearchParams } from 'react-router-dom';
import { useSession } from '@pentland/auth-machine/react';
import { isPosterId } from '@pentland/poster/qr';
import { Section } from '@pentland/ui';
import { PosterEditor } from '../poster/PosterEditor';
import { PosterLibrary } from '../poster/PosterLibrary';
import * as css from './pages.css';

/** /poster-creator: the user's posters and templates, or (`?poster=<id>`) the editor for one poster. */
export default function PosterCreatorPage() {
  const [params, setParams] = useSearchParams();
  const { user } = useSession();
  const id = params.get('poster');
  const open = id && isPosterId(id) ? id : null;
  return (
    <Section width="wide">
      <div className={css.stackWide}>
        <h1 className={css.pageTitle}>Poster Creator</h1>
        {open && user ? (
          <PosterEditor key={open} id={open} userId={user.id} onClose={() => setParams({})} />
        ) : (
          <PosterLibrary onOpen={(pid) => setParams({ poster: pid })} />
        )}
      </div>
    </Section>
  );
}
