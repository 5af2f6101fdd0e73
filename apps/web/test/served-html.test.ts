import { get, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { passwordUpdateMessages } from '@pentland/auth-machine';
import {
  company,
  escapeHtml,
  footerContent,
  headFor,
  heroImage,
  imageMimeTypes,
  imageSets,
  imageUrl,
  policyLinks,
  prerenderedRoutes,
  siteImages,
} from '@pentland/site-data';
import {
  baseUrl,
  expectedBusinessFields,
  named,
  publicPaths,
  readHead,
  servedPage,
  specBusinessFields,
} from './helpers.ts';

// What search engines and the first paint get: the HTML as served, no script run (fetched and parsed, no browser).
describe('served HTML', () => {
  it.each(publicPaths.map((p) => [p.path, p]))(
    '%s carries its title, canonical link and JSON-LD, and the footer names the registered company and links the four policies',
    async (_, { path }) => {
      const expected = headFor(path);
      const { status, contentType, html, document } = await servedPage(path);
      expect(status).toBe(200);
      expect(contentType).toBe('text/html; charset=utf-8');
      expect(html).toContain(`<link data-head rel="canonical" href="${expected.canonical}">`);

      const head = readHead(document);
      expect(head.title).toBe(expected.title);
      expect(head.canonical).toBe(expected.canonical);
      expect(head.description).toBe(expected.description);
      expect(head.geo['geo.region']).toBe('GB-HLD');
      expect(head.jsonLd).toHaveLength(1);
      expect(expectedBusinessFields(head.jsonLd[0]!)).toEqual(specBusinessFields);

      const policies = named(document, 'footer nav', 'Policies')
        .flatMap((nav) => [...nav.querySelectorAll('a[href]')])
        .map((a) => [a.textContent ?? '', a.getAttribute('href') ?? '']);
      expect(policies).toEqual(policyLinks.map((l) => [l.label, l.to]));
      const footerText = document.querySelector('footer')?.textContent ?? '';
      expect(footerText).toContain(
        `${company.legalName}, registered in Scotland, company number ${company.companyNumber}.`,
      );
      expect(footerText).toContain(`VAT number ${company.vatNumber}.`);
      expect(footerText).toContain(`Registered office: ${footerContent.company.registeredOffice}.`);
    },
  );

  it('holds the content of each prerendered public page, not a spinner', async () => {
    for (const route of prerenderedRoutes) {
      const html = await (await fetch(baseUrl() + route.path)).text();
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body, route.path).toContain('<main');
      expect(body, route.path).toContain('<h1');
      expect(body, route.path).toContain('<footer');
    }
    const home = await (await fetch(baseUrl() + '/')).text();
    expect(home).toContain('Enterprise cloud solutions that scale with your success');
    const service = await (await fetch(baseUrl() + '/services/domain-hosting')).text();
    expect(service).toContain('£37.50');
  });

  it('renders the callback and the booking link for their whole address: what the query alone decides is in the HTML', async () => {
    const bodyAt = async (path: string) => {
      const res = await fetch(baseUrl() + path);
      expect(res.status, path).toBe(200);
      // The address may carry a one-time code or a booking's token: no cache keeps the page.
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      const html = await res.text();
      // Marked as rendered for its query, so the browser hydrates it with the query.
      expect(html, path).toContain('<script type="application/json" id="rendered-for-query">true</script>');
      const body = html.slice(html.indexOf('<div id="root">'));
      expect(body, path).toContain('<footer');
      return body;
    };
    const description = 'The user denied <b>the request</b> & left';
    const denied = await bodyAt(
      `/auth/callback?error=access_denied&error_description=${encodeURIComponent(description)}`,
    );
    expect(denied).toContain('Authentication Failed');
    expect(denied).toContain('The user denied &lt;b&gt;the request&lt;/b&gt; &amp; left');
    expect(denied).not.toContain('<b>the request');
    expect(denied).not.toContain('data-page-spinner');
    const noCode = await bodyAt('/auth/callback');
    expect(noCode).toContain('Authentication Failed');
    expect(noCode).toContain('No authorization code received');
    // With a code the exchange happens in the browser: its loading state, no failure.
    const withCode = await bodyAt('/auth/callback?code=not-yet-exchanged');
    expect(withCode).toContain('Processing Authentication');
    expect(withCode).not.toContain('Authentication Failed');

    // Opened without a link: where a link comes from (a signed-in browser gets the form once the app has run).
    const noLink = await bodyAt('/auth/reset-password');
    expect(noLink).toContain(escapeHtml(passwordUpdateMessages.noLink));
    expect(noLink).not.toContain(passwordUpdateMessages.checking);
    const recovery = await bodyAt('/auth/reset-password?code=not-yet-exchanged');
    expect(recovery).toContain(passwordUpdateMessages.checking);
    expect(recovery).not.toContain(escapeHtml(passwordUpdateMessages.noLink));

    // Without a booking's link: how to manage a booking, indexed; a booking's link is private, never indexed.
    const robots = (html: string) => /<meta data-head name="robots" content="([^"]*)">/.exec(html)?.[1];
    const noToken = await bodyAt('/bookings/manage');
    expect(noToken).toContain('Open the link in your confirmation e-mail');
    expect(noToken).not.toContain('This link does not work');
    expect(robots((await servedPage('/bookings/manage')).html)).toBe('index, follow');
    const emptyToken = await bodyAt('/bookings/manage?token=');
    expect(emptyToken).toContain('This link does not work');
    expect(emptyToken).toContain('Check that you opened the whole link from your confirmation e-mail.');
    const withToken = await bodyAt('/bookings/manage?token=some-token');
    expect(withToken).toContain('Loading your booking...');
    expect(withToken).not.toContain('This link does not work');
    expect(withToken).not.toContain('some-token');
    const privateHead = (await servedPage('/bookings/manage?token=some-token')).html;
    expect(robots(privateHead)).toBe('noindex, nofollow');
    expect(privateHead).toContain('<link data-head rel="canonical" href="https://');
    expect(privateHead.slice(0, privateHead.indexOf('<div id="root">'))).not.toContain('some-token');
  });

  it('answers an unknown article, whatever its address holds, with the not-found page, never echoing it', async () => {
    const res = await fetch(`${baseUrl()}/articles/a%22%3Cb%3E`);
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toContain('__param_');
    expect(html).not.toContain('a"<b>');
  });

  it('serves signed-in and admin routes as a client-rendered shell with their head', async () => {
    for (const path of ['/welcome', '/article-editor/7', '/services/consultation-services']) {
      const res = await fetch(baseUrl() + path);
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toContain(`<title data-head>${headFor(path).title}</title>`);
      expect(html, path).toContain('content="noindex, nofollow"');
    }
  });

  it('answers an unknown path with the not-found page and HTTP 404', async () => {
    for (const path of ['/a/?x=1#y', '/services/unknown', '/articles/1/2', '/nope.html']) {
      const res = await fetch(baseUrl() + path);
      expect(res.status, path).toBe(404);
      const html = await res.text();
      expect(html, path).toContain('<title data-head>Page Not Found | Pentland Cloud</title>');
      expect(html, path).not.toContain('rel="canonical"');
    }
  });

  it('redirects a trailing-slash path to its canonical form', async () => {
    for (const [from, to] of [
      ['/services/', '/services'],
      ['/services//?x=1', '/services?x=1'],
      ['/articles/9/', '/articles/9'],
    ]) {
      const res = await fetch(baseUrl() + from, { redirect: 'manual' });
      expect(res.status, from).toBe(301);
      expect(res.headers.get('location'), from).toBe(to);
    }
  });

  it('caches hashed assets for a year, revalidates HTML, and gzips text', async () => {
    const html = await (await fetch(baseUrl() + '/')).text();
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\//);
    const res = await rawGet(baseUrl() + script, { 'accept-encoding': 'gzip' });
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.body).toString('utf8')).toMatch(/import|export|function/);
    const plain = await rawGet(baseUrl() + script, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(res.body.length);
    const page = await fetch(baseUrl() + '/pricing');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const etag = page.headers.get('etag')!;
    expect((await fetch(baseUrl() + '/pricing', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  it('serves robots.txt, the sitemap and the three site images', async () => {
    expect(await (await fetch(baseUrl() + '/robots.txt')).text()).toContain('Disallow: /welcome');
    expect(await (await fetch(baseUrl() + '/sitemap.xml')).text()).toContain('/services/ai-solutions</loc>');
    expect((await fetch(baseUrl() + siteImages.logo)).headers.get('content-type')).toBe('image/svg+xml');
    // Every rendering of the pictures built from their masters, in its format.
    for (const set of imageSets)
      for (const format of [...set.formats, set.fallback])
        for (const width of set.widths) {
          const img = imageUrl(set, width, format);
          const res = await fetch(baseUrl() + img);
          expect(res.status, img).toBe(200);
          expect(res.headers.get('content-type'), img).toBe(imageMimeTypes[format]);
          expect((await res.arrayBuffer()).byteLength, img).toBeGreaterThan(1000);
        }
    expect(imageUrl(heroImage, heroImage.width, heroImage.fallback)).toBe(siteImages.hero);
    expect((await fetch(baseUrl() + '/routes.json/../.vite/manifest.json')).status).toBe(404);
  });
});

/** A GET that leaves the body as sent (fetch would decompress it). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
