import { useLocation } from 'react-router-dom';
import { matchRoute } from '@pentland/site-data';
import { Box, Section } from '@pentland/ui';

/** The frame of a page whose content a later issue fills: its title and description from the route table. */
export default function ContentPage() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname)?.route;
  return (
    <Section tone="surface" width="medium">
      <Box display="flex" flexDirection="column" gap="4">
        <Box as="h1" fontSize="3xl">
          {route?.title}
        </Box>
        <Box as="p" color="textMuted" fontSize="lg">
          {route?.description}
        </Box>
      </Box>
    </Section>
  );
}
