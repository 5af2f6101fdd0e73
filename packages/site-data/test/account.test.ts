import { describe, expect, it } from 'vitest';
import {
  accountMenuLinks,
  adminMenuLinks,
  administratorEmails,
  dashboardTools,
  matchRoute,
  parseEmailList,
  userMenuLinks,
  userMenuTrailingLink,
  welcomeGreeting,
} from '../src/index.ts';

describe('administrator e-mails', () => {
  it('are four distinct lower-case addresses', () => {
    expect(administratorEmails).toHaveLength(4);
    expect(new Set(administratorEmails).size).toBe(4);
    for (const email of administratorEmails) expect(email).toMatch(/^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/);
  });

  it('parses a configured list: commas, spaces and semicolons separate; case folds; blanks and non-addresses drop', () => {
    expect(parseEmailList(' A@x.test, b@Y.test ;c@z.test  ,, nonsense ')).toEqual([
      'a@x.test',
      'b@y.test',
      'c@z.test',
    ]);
    expect(parseEmailList('')).toEqual([]);
    expect(parseEmailList(undefined)).toEqual([]);
  });
});

describe('mobile User Account group', () => {
  it('lists the user menu links and the trailing Manage E-Board link for a user', () => {
    const links = accountMenuLinks(false);
    expect(links.slice(0, userMenuLinks.length)).toEqual(userMenuLinks);
    expect(links.at(-1)).toEqual(userMenuTrailingLink);
    expect(links.some((l) => l.to === '/consultation-dashboard')).toBe(false);
  });

  it('adds the admin links for an admin without repeating Manage E-Board', () => {
    const links = accountMenuLinks(true);
    for (const admin of adminMenuLinks) expect(links).toContainEqual(admin);
    expect(links.filter((l) => l.to === userMenuTrailingLink.to)).toHaveLength(1);
  });
});

describe('dashboard home', () => {
  it('links only to routes of the table that a signed-in user may open', () => {
    for (const tool of dashboardTools) {
      const access = matchRoute(tool.to)?.route.access;
      expect(access === 'public' || access === 'signed-in', `${tool.to} is ${access}`).toBe(true);
    }
  });

  it('greets by name', () => {
    expect(welcomeGreeting('Fiona')).toBe('Welcome back, Fiona');
  });
});
