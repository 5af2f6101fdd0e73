import { ButtonLink, Inline, PageHeader, Section, Stack, Text } from '@pentland/ui';
import { Island } from '../../lib/island.tsx';
import EboardWelcomeIsland from './EboardWelcomeIsland.tsx';

/**
 * /eboard-welcome: where the E-Board's QR code leads (a poster's `?poster=…` visit is recorded as its scan, as on
 * every QR landing page); ?display=1 is the full-screen mode for the screen itself. The board (and the display) is
 * the page's one island beside the navigation's and the footer's (site-data's `start: 'islands'`).
 */
export default function EboardWelcomePage() {
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
        <Stack gap="4">
          <Island name="EboardWelcomeIsland" props={{}}>
            <EboardWelcomeIsland />
          </Island>
        </Stack>
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
