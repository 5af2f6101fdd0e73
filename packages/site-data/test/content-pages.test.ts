import { describe, expect, it } from 'vitest';
import { homeContent, matchRoute, serviceDetailContent, servicesContent } from '../src/index.js';

describe('page copy', () => {
  it('states the rating and opening hours from the business data', () => {
    const text = homeContent.highlights.map((h) => `${h.title} ${h.text}`).join(' ');
    expect(text).toContain('4.9 from 47 client ratings');
    expect(text).toContain('Monday to Friday, 09:00 to 17:00');
    expect(text).toContain('50 km');
  });

  it('links its calls to action to routes that exist', () => {
    for (const action of [
      homeContent.primaryAction,
      homeContent.secondaryAction,
      serviceDetailContent.primaryAction,
      serviceDetailContent.secondaryAction,
    ]) {
      expect(matchRoute(action.to), action.to).toBeDefined();
    }
  });

  it('gives each service link a descriptive label', () => {
    expect(servicesContent.detailsLabel('Gaming Setup')).toBe('Gaming Setup: details and prices');
  });
});
