import { describe, expect, it } from 'vitest';
import {
  caseStudies,
  clientsContent,
  consultationOffering,
  consultationRequestPath,
  homeContent,
  matchRoute,
  providers,
  serviceBySlug,
  serviceDetailContent,
  serviceDetails,
  services,
  servicesContent,
  socialChannels,
  socialLinks,
  testimonials,
} from '../src/index.ts';

describe('page copy', () => {
  it('states the rating, opening hours and service radius from the business data', () => {
    const text = homeContent.highlights.map((h) => `${h.title} ${h.text}`).join(' ');
    expect(text).toContain('09:00 to 17:00 Monday to Friday');
    expect(text).toContain('50 km');
    expect(homeContent.ratingText).toBe('Rated 4.9 out of 5 from 47 client reviews');
    expect(clientsContent.ratingText).toBe(homeContent.ratingText);
  });

  it('covers the why-us points the home page promises: local presence, response times, certifications', () => {
    const titles = homeContent.highlights.map((h) => h.title).join(' | ');
    expect(titles).toMatch(/Local Highland presence/);
    expect(titles).toMatch(/response times/);
    expect(titles).toMatch(/Certified/);
  });

  it('links its calls to action to routes that exist', () => {
    for (const action of [
      homeContent.primaryAction,
      homeContent.secondaryAction,
      homeContent.providersLink,
      homeContent.testimonialsLink,
      homeContent.pricingLink,
      consultationOffering.action,
      serviceDetailContent.secondaryAction,
      serviceDetailContent.packageAction,
    ]) {
      expect(matchRoute(action.to), action.to).toBeDefined();
    }
    expect(homeContent.pricingLink.to).toBe('/pricing');
  });

  it('preselects a service on the consultation request form', () => {
    expect(consultationRequestPath()).toBe('/consultation-request');
    expect(consultationRequestPath('cloud-infrastructure')).toBe(
      '/consultation-request?service=cloud-infrastructure',
    );
    expect(matchRoute(consultationRequestPath('ai-solutions'))?.route.path).toBe('/consultation-request');
  });

  it('teases prices of services that exist', () => {
    for (const slug of homeContent.pricingExamples) expect(serviceBySlug(slug), slug).toBeDefined();
  });

  it('gives each service link a descriptive label', () => {
    expect(servicesContent.detailsLabel('Gaming Setup')).toBe('Gaming Setup: details and prices');
  });
});

describe('service details', () => {
  it('describes every service: paragraphs, who it suits, four steps, FAQs and related services', () => {
    expect(Object.keys(serviceDetails).sort()).toEqual(services.map((s) => s.slug).sort());
    for (const service of services) {
      const d = serviceDetails[service.slug];
      expect(d.description.length, service.slug).toBeGreaterThanOrEqual(2);
      expect(d.idealFor, service.slug).not.toBe('');
      expect(d.steps, service.slug).toHaveLength(4);
      expect(d.faqs.length, service.slug).toBeGreaterThanOrEqual(3);
      for (const faq of d.faqs) {
        expect(faq.question, service.slug).toMatch(/\?$/);
        expect(faq.answer.length, service.slug).toBeGreaterThan(40);
      }
      expect(d.related.length, service.slug).toBeGreaterThanOrEqual(3);
      expect(d.related, service.slug).not.toContain(service.slug);
      expect(new Set(d.related).size, service.slug).toBe(d.related.length);
    }
  });
});

describe('providers, clients and social', () => {
  it('lists the technology partners the issue names, each with what is done with it and real services', () => {
    const names = providers.map((p) => p.name).join(' | ');
    for (const name of [
      'Microsoft Azure',
      'Dynamics 365',
      'Amazon Web Services',
      'Google Cloud',
      'Cloudflare',
    ])
      expect(names).toContain(name);
    for (const p of providers) {
      expect(p.whatWeDo.length, p.id).toBeGreaterThan(40);
      expect(p.badge.length, p.id).toBeLessThanOrEqual(4);
      for (const slug of p.services) expect(serviceBySlug(slug), `${p.id} → ${slug}`).toBeDefined();
    }
  });

  it('tells each case study as problem, solution and result, about services that exist', () => {
    expect(caseStudies.length).toBeGreaterThanOrEqual(3);
    for (const c of caseStudies) {
      for (const part of [c.problem, c.solution, c.result]) expect(part.length, c.id).toBeGreaterThan(30);
      for (const slug of c.services) expect(serviceBySlug(slug), `${c.id} → ${slug}`).toBeDefined();
    }
    expect(testimonials.every((t) => t.rating >= 1 && t.rating <= 5)).toBe(true);
  });

  it('describes the six social channels in the footer order, with their links', () => {
    expect(socialChannels.map((c) => c.href)).toEqual(socialLinks.map((l) => l.href));
    for (const c of socialChannels) expect(c.purpose.length, c.network).toBeGreaterThan(40);
  });
});
