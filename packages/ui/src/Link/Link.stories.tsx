import type { Meta, StoryObj } from '@storybook/react-vite';
import { createContext, forwardRef, useContext, useState } from 'react';
import { expect, within } from 'storybook/test';
import { sampleFooter, sampleTopNav } from '../fixtures/site.ts';
import { Footer } from '../Footer/Footer.tsx';
import { TopNav } from '../TopNav/TopNav.tsx';
import { Link, LinkProvider, type LinkComponentProps } from './Link.tsx';
import { shellMain } from './Link.stories.css.ts';

const meta = {
  title: 'Foundations/LinkProvider',
  component: Link,
  args: { to: '/services', children: 'Our services' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof Link>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Without a provider, links are plain anchors. */
export const PlainAnchor: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link', { name: 'Our services' })).toHaveAttribute('href', '/services');
  },
};

/** External addresses stay plain anchors even under a router's link component. */
export const External: Story = {
  args: { to: 'mailto:hello@pentlandcloud.co.uk', children: 'hello@pentlandcloud.co.uk' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('link')).toHaveAttribute('href', 'mailto:hello@pentlandcloud.co.uk');
  },
};

const NavigateContext = createContext<(to: string) => void>(() => undefined);

/** A stand-in for a router link: it records navigation instead of leaving the page. */
const RecordingLink = forwardRef<HTMLAnchorElement, LinkComponentProps>(function RecordingLink(
  { to, onClick, children, ...rest },
  ref,
) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      ref={ref}
      href={to}
      data-router-link=""
      onClick={(e) => {
        e.preventDefault();
        navigate(to);
        onClick?.(e);
      }}
      {...rest}
    >
      {children}
    </a>
  );
});

function RoutedShell() {
  const [visited, setVisited] = useState<string[]>([]);
  return (
    <NavigateContext.Provider value={(to) => setVisited((v) => [...v, to])}>
      <LinkProvider component={RecordingLink}>
        <TopNav {...sampleTopNav} pathname={visited.at(-1) ?? '/'} />
        <main className={shellMain}>
          <p>
            Visited: <output aria-label="Visited">{visited.join(', ') || 'none'}</output>
          </p>
        </main>
        <Footer {...sampleFooter} copyright="© 2026 Pentland Cloud. All rights reserved." />
      </LinkProvider>
    </NavigateContext.Provider>
  );
}

export const ThroughTheAppsLinkComponent: Story = {
  render: () => <RoutedShell />,
  parameters: { layout: 'fullscreen' },
  play: async ({ canvas, userEvent }) => {
    const nav = canvas.getByRole('navigation', { name: 'Main' });
    await userEvent.click(within(nav).getByRole('link', { name: 'Pricing' }));
    await expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('link', { name: 'Package Builder' }));
    await expect(canvas.getByRole('status', { name: 'Visited' })).toHaveTextContent(
      '/pricing, /service-packages',
    );
    await expect(canvas.getByRole('link', { name: 'Sign In' })).toHaveAttribute('data-router-link');
    // Social links leave the site, so they are plain anchors.
    await expect(canvas.getByRole('link', { name: 'GitHub' })).not.toHaveAttribute('data-router-link');
  },
};
