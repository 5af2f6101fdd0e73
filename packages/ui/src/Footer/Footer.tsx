import { Link } from '../Link/Link.tsx';
import * as css from './Footer.css.ts';

export interface FooterLink {
  label: string;
  to: string;
}

export interface FooterSocialLink {
  label: string;
  href: string;
}

export interface FooterContact {
  email: string;
  phone: string;
  /** tel: form of the phone number. */
  phoneHref: string;
  address: string;
}

/** The registered company behind the site, as the law asks a business website to show it. */
export interface FooterCompany {
  /** The registered name, e.g. 'Pentland Cloud Ltd'. */
  legalName: string;
  /** Where it is registered, e.g. 'Scotland'. */
  registeredIn: string;
  companyNumber: string;
  vatNumber: string;
  /** The registered office on one line. */
  registeredOffice: string;
}

export interface FooterProps {
  brand: string;
  tagline: string;
  quickLinks: readonly FooterLink[];
  /** The service detail links. */
  serviceLinks: readonly FooterLink[];
  contact: FooterContact;
  socialLinks: readonly FooterSocialLink[];
  /** Privacy, Terms, Cookies, Accessibility: on every page. */
  policyLinks: readonly FooterLink[];
  company: FooterCompany;
  /** The copyright line; defaults to '© {year} {brand}. All rights reserved.' */
  copyright?: string;
  /** The copyright line's year; defaults to the browser's. A served page gives the year it was rendered in. */
  year?: number;
}

/**
 * The site footer: tagline, Quick Links, services, contact block, social links, then the policies, the registered
 * company's details and the copyright line. Everything it shows comes in as props.
 */
export function Footer({
  brand,
  tagline,
  quickLinks,
  serviceLinks,
  contact,
  socialLinks,
  policyLinks,
  company,
  copyright,
  year,
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
        <div className={css.bottom}>
          <nav aria-label="Policies">
            <ul className={css.policies}>
              {policyLinks.map((l) => (
                <li key={l.to}>
                  <Link to={l.to} className={css.policyLink}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className={css.company}>
            <span>
              {company.legalName}, registered in {company.registeredIn}, company number{' '}
              {company.companyNumber}.
            </span>{' '}
            <span>VAT number {company.vatNumber}.</span>{' '}
            <span>Registered office: {company.registeredOffice}.</span>
          </p>
          <p>{copyright ?? copyrightLine(brand, year ?? new Date().getFullYear())}</p>
        </div>
      </div>
    </footer>
  );
}

function copyrightLine(brand: string, year: number): string {
  return `© ${year} ${brand}. All rights reserved.`;
}
