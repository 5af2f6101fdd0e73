// Who the company is in e-mails: its name, address and the inbox that receives notifications (ENQUIRIES_EMAIL,
// else the public contact address).
import { brand, contact, formatAddress, siteUrl } from '@pentland/site-data';

export const company = {
  name: brand,
  email: contact.email,
  phone: contact.phone,
  address: formatAddress(contact.address),
  siteUrl,
};

export function notifyAddress(): string {
  return Deno.env.get('ENQUIRIES_EMAIL') || contact.email;
}

export const signature = `${brand} · ${contact.phone} · ${contact.email}`;
