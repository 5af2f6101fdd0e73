import { describe, expect, it } from 'vitest';
import { chatCopy } from '@pentland/chat';
import { baseUrl } from './helpers.ts';
import { browser } from './shared-browser.ts';

describe('/chat in the browser (offline mode: no AI endpoint configured)', () => {
  it('answers a suggested price question and a typed opening-hours question, announcing each answer', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(baseUrl() + '/chat', { waitUntil: 'networkidle' });
      await expect(page.getByText(chatCopy.greeting).isVisible()).resolves.toBe(true);
      await page.getByRole('button', { name: 'How much does web hosting cost?' }).click();
      const status = page.getByRole('status').filter({ hasText: 'Pentland Cloud:' });
      await status.waitFor({ state: 'attached' });
      await page.waitForFunction(() =>
        document.querySelector('[data-chat-announcer]')?.textContent?.includes('£37.50'),
      );
      // Choosing a suggestion keeps the keyboard in the chat: on the question field, not lost to the page.
      const field = page.getByRole('textbox', { name: 'Your question' });
      await expect(field.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      const log = page.getByRole('list', { name: 'Conversation' });
      await expect(log.getByRole('link', { name: 'Domain & Hosting' }).getAttribute('href')).resolves.toBe(
        '/services/domain-hosting',
      );

      await field.fill('What are your opening hours?');
      await field.press('Enter');
      await page.waitForFunction(() =>
        document
          .querySelector('[data-chat-announcer]')
          ?.textContent?.includes('Monday to Friday, 09:00 to 17:00'),
      );
      // The conversation is kept for the visit only: a reload starts afresh.
      await page.reload({ waitUntil: 'networkidle' });
      await expect(log.getByText('What are your opening hours?').count()).resolves.toBe(0);
      await expect(log.getByRole('listitem').count()).resolves.toBe(1);
    } finally {
      await page.close();
    }
  }, 60_000);

  it('does not send an empty or over-long question, and says why', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 812 } });
    try {
      await page.goto(baseUrl() + '/chat', { waitUntil: 'networkidle' });
      let requests = 0;
      page.on('request', (r) => {
        if (r.url().includes('/functions/v1/chat')) requests++;
      });
      // Each problem is announced (a live region), not only shown beside the field.
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByRole('alert').filter({ hasText: 'Please type a question.' }).waitFor();
      await page.getByRole('textbox', { name: 'Your question' }).fill('x'.repeat(501));
      await page.getByRole('button', { name: 'Send' }).click();
      await page
        .getByRole('alert')
        .filter({ hasText: 'Please keep your question under 500 characters.' })
        .waitFor();
      expect(requests).toBe(0);
    } finally {
      await page.close();
    }
  }, 60_000);
});
