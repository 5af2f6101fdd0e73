/** The five Auth e-mails, as Supabase's default templates word them, in Pentland Cloud's voice. */

import { escapeHtml } from '../text.ts';

export type MailKind =
  'confirmation' | 'recovery' | 'magic_link' | 'email_change' | 'reauthentication' | 'invite';

export interface TemplateData {
  siteName: string;
  siteUrl: string;
  email: string;
  newEmail?: string;
  /** The link through /auth/v1/verify (absent for reauthentication). */
  confirmationUrl?: string;
  /** The 6-digit code. */
  token: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const esc = escapeHtml;

function layout(title: string, body: string, d: TemplateData): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body style="font-family:system-ui,sans-serif;color:#1f2933;max-width:560px;margin:0 auto;padding:24px">
<h2 style="color:#0b3d5c">${esc(title)}</h2>
${body}
<p style="color:#52606d;font-size:13px;margin-top:32px">${esc(d.siteName)} · <a href="${esc(d.siteUrl)}">${esc(d.siteUrl)}</a></p>
</body></html>`;
}

function button(url: string, label: string): string {
  return `<p><a href="${esc(url)}" style="display:inline-block;background:#0b3d5c;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${esc(label)}</a></p>`;
}

export function renderMail(kind: MailKind, d: TemplateData): RenderedMail {
  const link = d.confirmationUrl ?? '';
  switch (kind) {
    case 'confirmation': {
      const subject = 'Confirm Your Signup';
      const html = layout(
        'Confirm your signup',
        `<p>Follow this link to confirm your user:</p>${button(link, 'Confirm your mail')}<p>Or enter this code: <strong>${esc(d.token)}</strong></p>`,
        d,
      );
      return {
        subject,
        html,
        text: `Confirm your signup\n\nFollow this link to confirm your user:\n${link}\n\nOr enter this code: ${d.token}\n`,
      };
    }
    case 'invite': {
      const subject = 'You have been invited';
      const html = layout(
        'You have been invited',
        `<p>You have been invited to create a user on ${esc(d.siteUrl)}. Follow this link to accept the invite:</p>${button(link, 'Accept the invite')}<p>Or enter this code: <strong>${esc(d.token)}</strong></p>`,
        d,
      );
      return {
        subject,
        html,
        text: `You have been invited\n\nFollow this link to accept the invite:\n${link}\n\nOr enter this code: ${d.token}\n`,
      };
    }
    case 'recovery': {
      const subject = 'Reset Your Password';
      const html = layout(
        'Reset password',
        `<p>Follow this link to reset the password for your user:</p>${button(link, 'Reset password')}<p>Or enter this code: <strong>${esc(d.token)}</strong></p><p>If you did not ask for this, you can ignore this e-mail.</p>`,
        d,
      );
      return {
        subject,
        html,
        text: `Reset password\n\nFollow this link to reset the password for your user:\n${link}\n\nOr enter this code: ${d.token}\n`,
      };
    }
    case 'magic_link': {
      const subject = 'Your Magic Link';
      const html = layout(
        'Magic link',
        `<p>Follow this link to sign in:</p>${button(link, 'Sign in')}<p>Or enter this code: <strong>${esc(d.token)}</strong></p>`,
        d,
      );
      return {
        subject,
        html,
        text: `Magic link\n\nFollow this link to sign in:\n${link}\n\nOr enter this code: ${d.token}\n`,
      };
    }
    case 'email_change': {
      const subject = 'Confirm Email Change';
      const html = layout(
        'Confirm change of e-mail',
        `<p>Follow this link to confirm the update of your e-mail from ${esc(d.email)} to ${esc(d.newEmail ?? '')}:</p>${button(link, 'Change e-mail')}<p>Or enter this code: <strong>${esc(d.token)}</strong></p>`,
        d,
      );
      return {
        subject,
        html,
        text: `Confirm change of e-mail\n\nFollow this link to confirm the update of your e-mail from ${d.email} to ${d.newEmail ?? ''}:\n${link}\n\nOr enter this code: ${d.token}\n`,
      };
    }
    case 'reauthentication': {
      const subject = 'Confirm Reauthentication';
      const html = layout(
        'Confirm reauthentication',
        `<p>Enter the code: <strong>${esc(d.token)}</strong></p>`,
        d,
      );
      return { subject, html, text: `Confirm reauthentication\n\nEnter the code: ${d.token}\n` };
    }
  }
}
