import { socialLinks, type SocialLink, type SocialNetwork } from './contact.ts';

/** A social channel with what it is for: the six footer links, described. */
export interface SocialChannel extends SocialLink {
  /** The account's handle as shown on the channel. */
  handle: string;
  /** What you find there, in one or two sentences. */
  purpose: string;
  /** The link's call to action. */
  action: string;
}

const about: Record<SocialNetwork, Pick<SocialChannel, 'handle' | 'purpose' | 'action'>> = {
  facebook: {
    handle: '@pentlandcloud',
    purpose:
      'News from the office, local events we support, and quick answers to questions by message during opening hours.',
    action: 'Follow us on Facebook',
  },
  instagram: {
    handle: '@pentlandcloud',
    purpose:
      'Behind the scenes of our projects, drone stills of Caithness and Sutherland, and the people on the team.',
    action: 'Follow us on Instagram',
  },
  linkedin: {
    handle: 'Pentland Cloud',
    purpose:
      'Case studies, job openings and practical articles on cloud, security and Dynamics 365 for business leaders.',
    action: 'Follow us on LinkedIn',
  },
  x: {
    handle: '@pentlandcloud',
    purpose: 'Service status updates, security alerts worth knowing about, and links to our new articles.',
    action: 'Follow us on X',
  },
  youtube: {
    handle: '@pentlandcloud',
    purpose:
      'Short how-to videos on Microsoft 365 and staying safe online, and showreels of our video and drone work.',
    action: 'Watch on YouTube',
  },
  github: {
    handle: 'pentlandcloud',
    purpose:
      'Open-source tools and templates we publish for the community, including infrastructure-as-code examples.',
    action: 'See our code on GitHub',
  },
};

export const socialChannels: readonly SocialChannel[] = socialLinks.map((link) => ({
  ...link,
  ...about[link.network],
}));

/** Copy of /social. */
export const socialContent = {
  heading: 'Follow Pentland Cloud',
  intro:
    'Six places to keep up with us: news, how-to videos, project stories and security alerts. Each link opens the channel itself; nothing from these networks loads on our pages.',
} as const;
