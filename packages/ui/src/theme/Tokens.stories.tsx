import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import {
  ColourPairs,
  ColourTable,
  RadiiAndShadows,
  SpaceTable,
  TypeScale,
  colourPairs,
} from './TokenTables.tsx';

const meta = {
  title: 'Foundations/Tokens',
  parameters: { layout: 'fullscreen' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every text/background pair in use; the story's axe run fails on any pair below AA (4.5:1). */
export const ContrastPairs: Story = {
  render: () => <ColourPairs />,
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelectorAll('span:first-child')).toHaveLength(colourPairs.length);
  },
};

export const Colours: Story = { render: () => <ColourTable /> };
export const Space: Story = { render: () => <SpaceTable /> };
export const Typography: Story = { render: () => <TypeScale /> };
export const RadiiShadowsLayers: Story = { render: () => <RadiiAndShadows /> };
