import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Card } from '../Card/Card.tsx';
import { Section } from '../Container/Container.tsx';
import { tokens } from '../theme/tokens.ts';
import { Eyebrow, Lead, Text } from './Text.tsx';

const meta = {
  title: 'Components/Text',
  component: Text,
  args: { children: 'Cloud and IT services from Thurso, Caithness.' },
} satisfies Meta<typeof Text>;

export default meta;
type Story = StoryObj<typeof meta>;

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
};

/** The sizes of the type scale. */
export const Sizes: Story = {
  render: (args) => (
    <Section>
      <Text {...args} size="sm">
        Small: {args.children}
      </Text>
      <Text {...args}>Medium: {args.children}</Text>
      <Text {...args} size="lg">
        Large: {args.children}
      </Text>
      <Text {...args} size="xl">
        Extra large: {args.children}
      </Text>
    </Section>
  ),
  play: async ({ canvas }) => {
    await expect(getComputedStyle(canvas.getByText(/^Small:/)).fontSize).toBe('14px');
    await expect(getComputedStyle(canvas.getByText(/^Extra large:/)).fontSize).toBe('22px');
  },
};

/**
 * Muted text takes the secondary colour of where it sits: slate on light bands and in cards, light grey on the
 * dark band, pale blue on the brand band — each pair meets WCAG AA.
 */
export const MutedOnEveryBand: Story = {
  render: () => (
    <>
      <Section tone="plain">
        <Text tone="muted">Muted on the plain band</Text>
      </Section>
      <Section tone="inverse">
        <Text tone="muted">Muted on the dark band</Text>
        <Card title="A card on the dark band">
          <Text tone="muted">Muted in a card</Text>
        </Card>
      </Section>
      <Section tone="brand">
        <Text tone="muted">Muted on the brand band</Text>
      </Section>
    </>
  ),
  play: async ({ canvas }) => {
    const colour = (text: string) => getComputedStyle(canvas.getByText(text)).color;
    await expect(colour('Muted on the plain band')).toBe(rgb(tokens.color.textMuted));
    await expect(colour('Muted on the dark band')).toBe(rgb(tokens.color.textInverseMuted));
    await expect(colour('Muted in a card')).toBe(rgb(tokens.color.textMuted));
    await expect(colour('Muted on the brand band')).toBe(rgb(tokens.color.brandSoft));
  },
};

/** Accent for prices, and the weights. */
export const AccentAndWeights: Story = {
  render: () => (
    <Section>
      <Text tone="accent" weight="semibold">
        From £37.50 per month
      </Text>
      <Text weight="bold">Bold</Text>
      <Text tone="critical">Critical</Text>
      <Text tone="positive">Positive</Text>
    </Section>
  ),
  play: async ({ canvas }) => {
    const price = getComputedStyle(canvas.getByText('From £37.50 per month'));
    await expect(price.color).toBe(rgb(tokens.color.accent));
    await expect(price.fontWeight).toBe('600');
  },
};

/** Lead text and an eyebrow above a title. */
export const LeadAndEyebrow: Story = {
  render: () => (
    <Section>
      <Eyebrow>Thurso, Caithness · Scottish Highlands</Eyebrow>
      <h2>What we do</h2>
      <Lead>
        Ten services, one local team. Every price is a starting point: we quote each project in writing.
      </Lead>
    </Section>
  ),
  play: async ({ canvas }) => {
    const eyebrow = getComputedStyle(canvas.getByText('Thurso, Caithness · Scottish Highlands'));
    await expect(eyebrow.textTransform).toBe('uppercase');
    const lead = getComputedStyle(canvas.getByText(/^Ten services/));
    await expect(lead.fontSize).toBe('18px');
    await expect(lead.color).toBe(rgb(tokens.color.textMuted));
  },
};
