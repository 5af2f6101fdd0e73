import { describe, expect, it } from 'vitest';
import { serverSanitizer } from '../src/server.ts';

const sanitize = serverSanitizer();

/** Payloads from the usual XSS cheat sheets: each must come out without any way to run script or inject style. */
const payloads = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<img src="https://x/a.png" onload="alert(1)">',
  '<svg onload=alert(1)><circle></circle></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="//evil.example/x">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="javascript:alert(1)">',
  '<iframe src="https://evil.example"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<style>body{display:none}</style><p>x</p>',
  '<div style="position:fixed;inset:0">overlay</div>',
  '<form action="https://evil"><input name=a><button>go</button></form>',
  '<details open ontoggle=alert(1)>',
  '<body onload=alert(1)>',
  '<input autofocus onfocus=alert(1)>',
  '<a href="https://ok.example" onclick="alert(1)">x</a>',
  '<p onmouseover="alert(1)">hover</p>',
  '<img src=x:alert(alt) onerror=eval(src) alt=0>',
  '<base href="https://evil/">',
  '<meta http-equiv="refresh" content="0;url=https://evil">',
  '<link rel=stylesheet href="https://evil/x.css">',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<template><script>alert(1)</script></template>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</script>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<a href="https://ok.example" target="_blank">x</a>',
  '<p data-x="1" class="evil" id="root">x</p>',
  '<img src="https://x/a.png" width="100%" height="expression(alert(1))">',
];

function dangerous(html: string): string[] {
  const problems: string[] = [];
  if (
    /<\s*(script|iframe|object|embed|style|link|meta|base|form|input|button|svg|math|template|noscript|details|body)\b/i.test(
      html,
    )
  )
    problems.push('forbidden element');
  if (/\son\w+\s*=/i.test(html)) problems.push('event handler');
  if (/\sstyle\s*=/i.test(html)) problems.push('style attribute');
  if (/(javascript|vbscript|data):/i.test(html)) problems.push('script URL');
  if (/\s(class|id|data-[\w-]+|target)\s*=/i.test(html)) problems.push('foreign attribute');
  if (/href="\/\//.test(html)) problems.push('protocol-relative link');
  return problems;
}

describe('article HTML sanitiser', () => {
  it.each(payloads)('neutralises %s', (payload) => {
    const out = sanitize(payload);
    expect(dangerous(out), out).toEqual([]);
    // Sanitising twice changes nothing more (the output is stable, so server and browser agree).
    expect(sanitize(out)).toBe(out);
  });

  it('keeps what the editor writes', () => {
    const html =
      '<h2>Plan</h2><p>Some <strong>bold</strong>, <em>italic</em> and <a href="https://example.com/x">a link</a>.</p>' +
      '<ul><li>one</li></ul><ol><li>two</li></ol><blockquote><p>quote</p></blockquote><pre><code>code()</code></pre>' +
      '<figure><img src="https://h/storage/v1/object/public/article-images/a.png" alt="A view" width="800" height="600"><figcaption>Caption</figcaption></figure><hr>';
    const out = sanitize(html);
    expect(out).toContain('<h2>Plan</h2>');
    expect(out).toContain('<a href="https://example.com/x" rel="noopener noreferrer nofollow">a link</a>');
    expect(out).toContain('<pre><code>code()</code></pre>');
    expect(out).toContain('<blockquote><p>quote</p></blockquote>');
    expect(out).toMatch(
      /<img src="https:\/\/h\/[^"]+" alt="A view" width="800" height="600" loading="lazy" decoding="async">/,
    );
    expect(out).toContain('<figcaption>Caption</figcaption>');
    expect(sanitize('<a href="/services">in</a><a href="mailto:a@b.c">m</a>')).toBe(
      '<a href="/services" rel="noopener noreferrer nofollow">in</a><a href="mailto:a@b.c" rel="noopener noreferrer nofollow">m</a>',
    );
  });

  it('keeps plain text as text', () => {
    expect(sanitize('Tom & Jerry <3')).toBe('Tom &amp; Jerry &lt;3');
  });
});
