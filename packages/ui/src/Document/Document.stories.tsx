import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Section } from '../Container/Container.tsx';
import { Stack } from '../Stack/Stack.tsx';
import { DocumentSection, TableOfContents } from './Document.tsx';

const sections = [
  ['who-we-are', 'Who we are'],
  ['using-the-website', 'Using the website'],
  ['your-account', 'Your account'],
  ['content-you-submit', 'Content you submit'],
  ['premium-subscription', 'Premium subscription'],
  ['governing-law', 'Governing law'],
] as const;

const meta = {
  title: 'Layout/Document',
  component: TableOfContents,
  args: { items: sections.map(([id, label]) => ({ id, label })) },
  render: (args) => (
    <Section width="medium">
      <Stack gap="5">
        <TableOfContents {...args} />
        {sections.map(([id, heading]) => (
          <DocumentSection key={id} id={id} heading={heading}>
            <p>
              {heading}: the text of this part of the document, at a readable line length, with long words
              such as pentlandcloud.co.uk/services/cloud-infrastructure wrapping instead of overflowing.
            </p>
          </DocumentSection>
        ))}
      </Stack>
    </Section>
  ),
} satisfies Meta<typeof TableOfContents>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A table of contents in two columns, numbered down the first and on into the second; each part a region. */
export const WithSections: Story = {
  play: async ({ canvas }) => {
    const toc = canvas.getByRole('navigation', { name: 'Table of contents' });
    const links = within(toc).getAllByRole('link');
    await expect(links).toHaveLength(6);
    await expect(links[3]!.getBoundingClientRect().left).toBeGreaterThan(
      links[2]!.getBoundingClientRect().right,
    );
    await expect(canvas.getByRole('region', { name: 'Governing law' })).toHaveAttribute(
      'id',
      'governing-law',
    );
  },
};

/** One column on a phone. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const links = within(canvas.getByRole('navigation', { name: 'Table of contents' })).getAllByRole('link');
    await expect(links[3]!.getBoundingClientRect().left).toBe(links[0]!.getBoundingClientRect().left);
  },
};
