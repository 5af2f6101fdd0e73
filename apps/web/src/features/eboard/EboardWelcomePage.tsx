import { useSearchParams } from 'react-router-dom';
import { siteUrl } from '@pentland/site-data';
import { ButtonLink, Inline, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { EboardBoard, EboardDisplay } from '@pentland/screens';
import { useBoard } from './useBoard.ts';
import { useHydrated } from '../../lib/hydrated.ts';
import { useQrLanding } from '../../lib/useQrLanding.ts';

/** The display mode runs on the E-Board screen: each entry for this long. */
const slideMs = 12_000;

function Board() {
  const { state, entries } = useBoard();
  return <EboardBoard state={state} entries={entries} />;
}

function Display() {
  const { entries, online, fresh } = useBoard();
  return (
    <EboardDisplay
      entries={entries}
      spotlightId={fresh}
      intervalMs={slideMs}
      status={online ? 'Live' : 'Reconnecting…'}
      submitUrl={`${siteUrl.replace(/^https?:\/\//, '')}/eboard-submissions`}
    />
  );
}

/**
 * /eboard-welcome: where the E-Board's QR code leads (a poster's `?poster=…` visit is recorded as its scan, as on
 * every QR landing page); ?display=1 is the full-screen mode for the screen itself.
 */
export default function EboardWelcomePage() {
  useQrLanding('/eboard-welcome');
  const [params] = useSearchParams();
  const client = useHydrated();
  if (client && params.get('display') === '1') return <Display />;
  return (
    <>
      <PageHeader
        title="Welcome to the E-Board"
        lead="The E-Board is Pentland Cloud’s community screen in Thurso: local notices, events, clubs and jobs, free to submit and checked by our team."
        actions={
          <Inline gap="3">
            <ButtonLink to="/eboard-submissions" variant="accent">
              Submit an entry
            </ButtonLink>
            <ButtonLink to="/eboard-welcome?display=1" variant="secondary">
              Full-screen display
            </ButtonLink>
          </Inline>
        }
      />
      <Section title="On the board now" id="on-the-board">
        <Stack gap="4">{client ? <Board /> : <EboardBoard state="loading" entries={[]} />}</Stack>
      </Section>
      <Section tone="muted" title="How to submit an entry" id="how-to-submit">
        <Text>
          Fill in the short form with your notice, the dates it should show and an optional picture. We check
          every entry, usually within one working day, and e-mail you when it is approved — or why not.
        </Text>
      </Section>
    </>
  );
}
