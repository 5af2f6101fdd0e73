import { describe, expect, it } from 'vitest';
import {
  caseStudies,
  clientsContent,
  homeContent,
  rating,
  testimonials,
  aboutContent,
  aboutLink,
  company,
  companyAccreditations,
  articlesLink,
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
    expect(mobileMainLinks).toEqual([...navLinks, aboutLink, articlesLink]);
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

describe('proof on /clients', () => {
  it('gives each case study a sector, a town, numbers and a quote attributed with role and organisation', () => {
    for (const c of caseStudies) {
      expect(c.town.trim(), c.id).not.toBe('');
      expect(c.figures.length, c.id).toBeGreaterThanOrEqual(2);
      for (const f of c.figures) expect(f.value, c.id).toMatch(/\d/);
      expect(c.quote.role.trim()).not.toBe('');
      expect(c.quote.organisation.trim()).not.toBe('');
    }
  });

  it('attributes testimonials with role and organisation, and says where the rating comes from', () => {
    for (const t of testimonials) {
      expect(t.position).toBe(`${t.role}, ${t.organisation}`);
      expect(t.organisation.trim()).not.toBe('');
    }
    expect(clientsContent.ratingSource).toContain(`${rating.count} ratings`);
    expect(clientsContent.ratingSource).toMatch(/survey/);
  });

  it('names the certifications behind "Certified engineers", each held by someone on the team', () => {
    const text = homeContent.highlights.find((h) => h.title === 'Certified engineers')?.text ?? '';
    const held = [...team.flatMap((m) => m.credentials), ...companyAccreditations]
      .map((c) => c.name)
      .join('\n');
    for (const name of [
      'Azure Solutions Architect Expert',
      'Azure Administrator',
      'Business Central',
      'Power BI',
      'AWS Certified Solutions Architect',
      'Cyber Essentials Plus',
    ]) {
      expect(text).toContain(name);
      expect(held).toContain(name);
    }
  });
});
