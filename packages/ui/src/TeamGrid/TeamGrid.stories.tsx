import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { TeamGrid } from './TeamGrid.tsx';

const members = [
  {
    id: 'euan',
    name: 'Euan Mackay',
    role: 'Founder and managing director',
    initials: 'EM',
    bio: 'Spent twelve years running IT for engineering firms on the North Coast before starting the company.',
    credentials: [
      {
        name: 'Microsoft Certified: Azure Solutions Architect Expert',
        issuer: 'Microsoft',
        meaning: 'Designing cloud systems that stay secure, recoverable and affordable.',
      },
      {
        name: 'PRINCE2 Practitioner',
        issuer: 'PeopleCert (AXELOS)',
        meaning: 'A written plan, agreed stages and a clear owner for every decision.',
      },
    ],
  },
  {
    id: 'kirsty',
    name: 'Kirsty Sutherland',
    role: 'Dynamics 365 and data lead',
    initials: 'KS',
    bio: 'Sets up Business Central and Sales so they match how a business already works.',
    credentials: [
      {
        name: 'Microsoft Certified: Power BI Data Analyst Associate',
        issuer: 'Microsoft',
        meaning: 'Clean data models and dashboards that answer real questions.',
      },
    ],
  },
  {
    id: 'ailsa',
    name: 'Ailsa Munro',
    role: 'Video and social media producer',
    initials: 'AM',
    bio: 'Films and edits our clients’ videos, from drone footage of the coast to staff interviews.',
    credentials: [
      {
        name: 'General Visual Line of Sight Certificate (GVC)',
        issuer: 'UK Civil Aviation Authority',
        meaning: 'Flying a drone commercially near people and buildings, within the law.',
      },
    ],
  },
];

const meta = {
  title: 'Components/TeamGrid',
  component: TeamGrid,
  parameters: { layout: 'padded' },
  args: { members },
} satisfies Meta<typeof TeamGrid>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Each person an article: initials avatar (hidden from screen readers), name, role, bio, qualifications explained. */
export const ThreePeople: Story = {
  play: async ({ canvas }) => {
    const cards = canvas.getAllByRole('article');
    await expect(cards).toHaveLength(3);
    const first = within(cards[0]!);
    await expect(first.getByRole('heading', { level: 3, name: 'Euan Mackay' })).toBeVisible();
    await expect(first.getByText('Founder and managing director')).toBeVisible();
    const quals = first.getByRole('list', { name: 'Euan Mackay’s qualifications' });
    await expect(within(quals).getAllByRole('listitem')).toHaveLength(2);
    await expect(quals).toHaveTextContent(
      'PRINCE2 Practitioner (PeopleCert (AXELOS)): A written plan, agreed stages and a clear owner for every decision.',
    );
    await expect(first.getByText('EM')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(375);
  },
};
