import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ButtonLink } from '../Button/Button.tsx';
import { Hero } from './Hero.tsx';

// A picture made in place: stories never fetch from a network.
const picture = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 600"><rect width="1200" height="600" fill="#13294b"/><path d="M0 420 300 300 520 380 800 280 1200 400V600H0Z" fill="#0f766e"/><circle cx="980" cy="150" r="60" fill="#cbd5e1"/></svg>',
)}`;

const meta = {
  title: 'Layout/Hero',
  component: Hero,
  args: {
    eyebrow: 'Thurso, Caithness · Scottish Highlands',
    title: 'Cloud and IT services for the Highlands and beyond',
    lead: 'Pentland Cloud designs, builds and looks after the technology that keeps your business running.',
    actions: (
      <>
        <ButtonLink to="/consultation-request" variant="accent" size="large">
          Request a consultation
        </ButtonLink>
        <ButtonLink to="/services" variant="inverse" size="large">
          Explore our services
        </ButtonLink>
      </>
    ),
    media: <img src={picture} alt="Hills and sea under a night sky" width={1200} height={600} />,
  },
} satisfies Meta<typeof Hero>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Desktop: text beside the picture. */
export const WithPicture: Story = {
  play: async ({ canvas }) => {
    const h1 = canvas.getByRole('heading', { level: 1 });
    const img = canvas.getByRole('img', { name: 'Hills and sea under a night sky' });
    await expect(img.getBoundingClientRect().left).toBeGreaterThan(h1.getBoundingClientRect().right - 1);
    await expect(canvas.getByRole('link', { name: 'Request a consultation' })).toHaveAttribute(
      'href',
      '/consultation-request',
    );
  },
};

/** Phone: the picture goes under the text, full width, keeping its proportions. */
export const OnPhone: Story = {
  globals: { viewport: { value: 'mobile375' } },
  parameters: { visual: { widths: [375] } },
  play: async ({ canvas }) => {
    const h1 = canvas.getByRole('heading', { level: 1 });
    const img = canvas.getByRole('img');
    const box = img.getBoundingClientRect();
    await expect(box.top).toBeGreaterThan(h1.getBoundingClientRect().bottom);
    await expect(Math.round((box.width / box.height) * 10) / 10).toBe(2);
  },
};

/** Without a picture the text takes the band. */
export const WithoutPicture: Story = {
  args: { media: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
    await expect(canvas.getByRole('heading', { level: 1 })).toBeVisible();
  },
};
