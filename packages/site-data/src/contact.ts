export interface PostalAddress {
  streetAddress: string;
  locality: string;
  region: string;
  postalCode: string;
  country: string;
  countryCode: string;
}

export interface Contact {
  email: string;
  /** As printed on the site. */
  phone: string;
  /** E.164, for tel: links and structured data. */
  phoneE164: string;
  address: PostalAddress;
}

// The number is in Ofcom's drama range (07700 900000–900999), reserved so it never rings anyone.
export const contact: Contact = {
  email: 'hello@pentlandcloud.co.uk',
  phone: '07700 900461',
  phoneE164: '+447700900461',
  address: {
    streetAddress: 'Unit 4, Pentland Business Park',
    locality: 'Thurso',
    region: 'Caithness',
    postalCode: 'KW14 7UZ',
    country: 'United Kingdom',
    countryCode: 'GB',
  },
};

/** The address on one line, as the footer prints it. */
export function formatAddress(address: PostalAddress = contact.address): string {
  return `${address.streetAddress}, ${address.locality}, ${address.region} ${address.postalCode}`;
}

export const mailtoHref = `mailto:${contact.email}`;
export const telHref = `tel:${contact.phoneE164}`;

export type SocialNetwork = 'facebook' | 'instagram' | 'linkedin' | 'x' | 'youtube' | 'github';

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  href: string;
}

/** Six links: four social networks, a video platform and a code-hosting platform. */
export const socialLinks: readonly SocialLink[] = [
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/pentlandcloud' },
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/pentlandcloud' },
  { network: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/pentlandcloud' },
  { network: 'x', label: 'X', href: 'https://x.com/pentlandcloud' },
  { network: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@pentlandcloud' },
  { network: 'github', label: 'GitHub', href: 'https://github.com/pentlandcloud' },
];
