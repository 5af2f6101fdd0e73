import { useId, useState, useSyncExternalStore } from 'react';
import { button } from '../Button/Button.css.ts';
import { Inline } from '../Stack/Stack.tsx';
import * as css from './ShareLinks.css.ts';

export interface ShareLinksProps {
  /** The page's canonical address: what every link shares and Copy link copies. */
  url: string;
  /** The page's title (the e-mail's subject, the post's text). */
  title: string;
  /** The group's heading (read by screen readers as the group's name too). */
  label?: string;
  /** Copies text to the clipboard; the browser's clipboard by default. */
  copyText?: (text: string) => Promise<void>;
}

type CopyState = 'idle' | 'copied' | 'failed';

const copyMessages: Record<CopyState, string> = {
  idle: '',
  copied: 'Link copied.',
  failed: 'The link could not be copied: copy it from the address bar.',
};

const noSubscription = () => () => {};

/** The networks' share addresses for a page (each opens the network's own share form). */
export function shareTargets(url: string, title: string): { label: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { label: 'LinkedIn', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { label: 'Facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { label: 'X', href: `https://x.com/intent/post?url=${u}&text=${t}` },
    { label: 'Email', href: `mailto:?subject=${t}&body=${u}` },
  ];
}

const clipboardCopy = (text: string) => navigator.clipboard.writeText(text);

/**
 * Share links for a page: the networks' share forms and e-mail as plain links (they work without script), Copy
 * link, and the device's own share sheet where the browser has one (shown once running in the browser, so the
 * server's HTML and the first render agree).
 */
export function ShareLinks({
  url,
  title,
  label = 'Share this article',
  copyText = clipboardCopy,
}: ShareLinksProps) {
  const headingId = useId();
  const [copy, setCopy] = useState<CopyState>('idle');
  const canShare = useSyncExternalStore(
    noSubscription,
    () => typeof navigator.share === 'function',
    () => false,
  );
  const small = button({ variant: 'secondary', size: 'small' });
  const onCopy = () => {
    // A browser without a clipboard (an insecure page) throws at once: that is a refusal too.
    Promise.resolve()
      .then(() => copyText(url))
      .then(
        () => setCopy('copied'),
        () => setCopy('failed'),
      );
  };
  const onShare = () => {
    // Cancelling the share sheet rejects; nothing to report.
    navigator.share({ title, url }).catch(() => {});
  };
  return (
    <section className={css.share} aria-labelledby={headingId}>
      <Inline gap="3" align="center">
        <h2 id={headingId} className={css.heading}>
          {label}
        </h2>
        <Inline as="ul" gap="2">
          {shareTargets(url, title).map((target) => (
            <a
              key={target.label}
              className={small}
              href={target.href}
              {...(target.href.startsWith('mailto:') ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
            >
              {target.label}
            </a>
          ))}
          <button type="button" className={small} onClick={onCopy}>
            Copy link
          </button>
          {canShare && (
            <button type="button" className={small} onClick={onShare}>
              Share…
            </button>
          )}
        </Inline>
      </Inline>
      <p className={css.status} role="status">
        {copyMessages[copy]}
      </p>
    </section>
  );
}
