import { matchRoute } from '@pentland/site-data';
import { PageHeader, Section } from '@pentland/ui';
import { ClosingCallToAction } from '../content/ClosingCallToAction.tsx';
import { Island } from '../../lib/island.tsx';
import ChatIsland from './ChatIsland.tsx';

const route = matchRoute('/chat')?.route;

/**
 * /chat: questions about services, prices, hours and location, answered by the `chat` server function from the
 * site's own content. The conversation lives in this page only; leaving the page ends it. The chat is the page's
 * one island beside the navigation's and the footer's (site-data's `start: 'islands'`).
 */
export default function ChatPage() {
  return (
    <>
      <PageHeader title={route?.title} lead={route?.description} />
      <Section width="medium">
        <Island name="ChatIsland" props={{}}>
          <ChatIsland />
        </Island>
      </Section>
      <ClosingCallToAction />
    </>
  );
}
