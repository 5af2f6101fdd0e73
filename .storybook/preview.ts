import type { Preview } from '@storybook/react-vite';
import '../packages/ui/src/theme/index.ts';

const preview: Preview = {
  parameters: {
    layout: 'fullscreen',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // An accessibility violation fails the story's test.
    a11y: { test: 'error' },
    viewport: {
      options: {
        mobile375: { name: 'Mobile 375', styles: { width: '375px', height: '812px' }, type: 'mobile' },
        mobile320: { name: 'Mobile 320', styles: { width: '320px', height: '640px' }, type: 'mobile' },
        desktop1280: { name: 'Desktop 1280', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
      },
    },
    options: {
      storySort: {
        order: [
          'Kit',
          ['Tokens', 'Foundations', 'Components', 'Layout'],
          'Screens',
          ['Introduction', 'Auth', 'Account', 'Forms', 'Dashboards'],
        ],
      },
    },
  },
  tags: ['autodocs'],
};

export default preview;
