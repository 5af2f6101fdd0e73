import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent } from 'storybook/test';
import { Container, Section } from '../Container/Container.tsx';
import { ShareLinks, type ShareLinksProps } from './ShareLinks.tsx';

const url = 'https://pentlandcloud.co.uk/articles/backups-that-restore';
const title = 'Backups that restore: a Caithness checklist';
/** A clipboard that accepts whatever it is given. */
const accepting: ShareLinksProps['copyText'] = () => Promise.resolve();

const meta = {
  title: 'Components/ShareLinks',
  component: ShareLinks,
  args: { url, title, copyText: accepting },
  render: (args) => (
    <Section>
      <Container width="medium">
        <ShareLinks {...args} />
      </Container>
    </Section>
  ),
} satisfies Meta<typeof ShareLinks>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Below an article: each network's share form and e-mail as plain links, and Copy link. */
export const Links: Story = {
  play: async ({ canvas }) => {
    const group = canvas.getByRole('region', { name: 'Share this article' });
    await expect(group).toBeVisible();
    const linkedIn = canvas.getByRole('link', { name: 'LinkedIn' });
    await expect(linkedIn).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`,
    );
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    const email = canvas.getByRole('link', { name: 'Email' });
    await expect(email).toHaveAttribute(
      'href',
      `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(url)}`,
    );
    await expect(email).not.toHaveAttribute('target');
    await expect(canvas.getByRole('button', { name: 'Copy link' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('');
  },
};

/** Copy link puts the page's address on the clipboard and says so. */
export const Copied: Story = {
  args: {
    copyText: (text: string) =>
      text === url ? Promise.resolve() : Promise.reject(new Error(`copied ${text}, not the page's address`)),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('Link copied.');
  },
};

/** A browser that refuses the clipboard: the visitor is told where to copy the address from instead. */
export const CopyRefused: Story = {
  args: { copyText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Copy link' }));
    await expect(await canvas.findByText(/could not be copied: copy it from the address bar/)).toBeVisible();
  },
};
