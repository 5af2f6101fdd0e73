import { describe, expect, it } from 'vitest';
import {
  aboutContent,
  aboutLink,
  company,
  companyAccreditations,
  footerQuickLinks,
  matchRoute,
  mobileMainLinks,
  navLinks,
  sitemapXml,
  structuredData,
  team,
} from '../src/index.ts';

describe('/about', () => {
  it('is a public, prerendered route in the sitemap, linked from the mobile Main Pages and the footer, not the desktop bar', () => {
    expect(matchRoute('/about')?.route).toMatchObject({
      access: 'public',
      title: 'About Us',
      page: 'AboutPage',
    });
    expect(sitemapXml()).toContain('<loc>https://pentlandcloud.co.uk/about</loc>');
    expect(mobileMainLinks).toEqual([...navLinks, aboutLink]);
    expect(navLinks.map((l) => l.label)).toEqual([
      'Services',
      'Providers',
      'E-Board',
      'Pricing',
      'Clients',
      'Social',
    ]);
    expect(footerQuickLinks).toContain(aboutLink);
  });

  it('introduces a team of people, each with a role, initials and qualifications explained', () => {
    expect(team.length).toBeGreaterThanOrEqual(4);
    expect(new Set(team.map((m) => m.id)).size).toBe(team.length);
    for (const member of team) {
      expect(member.name).toMatch(/^\S+ \S+$/);
      expect(member.initials).toBe(
        member.name
          .split(' ')
          .map((part) => part[0])
          .join(''),
      );
      expect(member.role.trim()).not.toBe('');
      expect(member.credentials.length, member.name).toBeGreaterThan(0);
      for (const c of member.credentials) {
        expect(c.issuer.trim(), c.name).not.toBe('');
        expect(c.meaning.length, c.name).toBeGreaterThan(40);
      }
    }
    expect(companyAccreditations.map((c) => c.name)).toEqual(['Cyber Essentials Plus']);
  });

  it('tells the story, how we work, where we are and careers', () => {
    expect(aboutContent.story.join(' ')).toContain('Thurso');
    expect(aboutContent.story.join(' ')).toContain(company.incorporated.slice(0, 4));
    expect(aboutContent.howWeWork.length).toBeGreaterThanOrEqual(3);
    expect(aboutContent.where.join(' ')).toContain('KW14 7UZ');
    expect(aboutContent.careersLink.to).toMatch(/^mailto:/);
  });

  it('describes itself as an AboutPage about the Organization, with its people and their credentials', () => {
    const graph = structuredData('/about')['@graph'] as Record<string, unknown>[];
    expect(graph.map((n) => n['@type'])).toEqual(['ProfessionalService', 'AboutPage', 'Organization']);
    const page = graph[1] as { mainEntity: unknown; about: unknown };
    expect(page.mainEntity).toEqual({ '@id': 'https://pentlandcloud.co.uk/#organization' });
    const org = graph[2] as {
      legalName: string;
      vatID: string;
      employee: { name: string; jobTitle: string; hasCredential: { name: string }[] }[];
      hasCredential: { name: string }[];
    };
    expect(org.legalName).toBe(company.legalName);
    expect(org.vatID).toBe('GB412739559');
    expect(org.employee.map((p) => p.name)).toEqual(team.map((m) => m.name));
    expect(org.employee[0]?.hasCredential.map((c) => c.name)).toEqual(
      team[0]?.credentials.map((c) => c.name),
    );
    expect(org.hasCredential.map((c) => c.name)).toEqual(['Cyber Essentials Plus']);
    // Other pages carry no Organization node.
    const home = structuredData('/')['@graph'] as Record<string, unknown>[];
    expect(home.map((n) => n['@type'])).toEqual(['ProfessionalService', 'WebPage']);
  });
});
