import {
  brand as siteBrand,
  contact as siteContact,
  copyrightLine,
  footerQuickLinks,
  formatAddress,
  servicePath,
  services,
  socialLinks as siteSocialLinks,
  tagline as siteTagline,
  type NavLink,
  type SocialLink,
} from '@pentland/site-data';
import { Link } from '../Link/Link';
import * as css from './Footer.css';

export interface FooterContact {
  email: string;
  phone: string;
  /** tel: form of the phone number. */
  phoneHref: string;
  address: string;
}

export interface FooterProps {
  brand?: string;
  tagline?: string;
  quickLinks?: readonly NavLink[];
  /** The ten service detail links. */
  serviceLinks?: readonly NavLink[];
  contact?: FooterContact;
  socialLinks?: readonly SocialLink[];
  /** The copyright line; defaults to '© {current year} {brand}. All rights reserved.' */
  copyright?: string;
}

const defaultServiceLinks: readonly NavLink[] = services.map((s) => ({ label: s.title, to: servicePath(s) }));
const defaultContact: FooterContact = {
  email: siteContact.email,
  phone: siteContact.phone,
  phoneHref: `tel:${siteContact.phoneE164}`,
  address: formatAddress(siteContact.address),
};

/** The site footer: tagline, Quick Links, services, contact block, social links and copyright. Defaults come from site-data. */
export function Footer({
  brand = siteBrand,
  tagline = siteTagline,
  quickLinks = footerQuickLinks,
  serviceLinks = defaultServiceLinks,
  contact = defaultContact,
  socialLinks = siteSocialLinks,
  copyright,
}: FooterProps) {
  return (
    <footer className={css.footer}>
      <div className={css.inner}>
        <div className={css.columns}>
          <div>
            <p className={css.brandName}>{brand}</p>
            <p className={css.tagline}>{tagline}</p>
            <ul className={css.social} aria-label="Social links">
              {socialLinks.map((s) => (
                <li key={s.href}>
                  <a className={css.socialLink} href={s.href} rel="noopener noreferrer" target="_blank">
                    {s.label}
                  </a>
                </li>
              ))}
            </ul>
          </div>
          <nav aria-labelledby="footer-quick-links">
            <h2 id="footer-quick-links" className={css.heading}>
              Quick Links
            </h2>
            <ul className={css.list}>
              {quickLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={css.link}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-labelledby="footer-services">
            <h2 id="footer-services" className={css.heading}>
              Services
            </h2>
            <ul className={css.list}>
              {serviceLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={css.link}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            <h2 className={css.heading}>Contact</h2>
            <address className={css.contactList}>
              <a className={css.link} href={`mailto:${contact.email}`}>
                {contact.email}
              </a>
              <a className={css.link} href={contact.phoneHref}>
                {contact.phone}
              </a>
              <span>{contact.address}</span>
            </address>
          </div>
        </div>
        <p className={css.bottom}>{copyright ?? copyrightLine(brand, new Date().getFullYear())}</p>
      </div>
    </footer>
  );
}
