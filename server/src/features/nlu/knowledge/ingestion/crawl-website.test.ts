import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOutboundHttp, type OutboundHttp } from '../../../../platform/outbound-http';
import { crawlWebsite, DISALLOWED, MAX_CRAWL_DELAY_MS, type CrawlEvent, type CrawlOptions } from './crawl-website';

type Handler = (request: http.IncomingMessage, response: http.ServerResponse) => void;

interface Site {
  origin: string;
  port: number;
  /** Paths requested, in order. */
  hits: string[];
  /** When each path was requested (ms, performance clock). */
  times: Map<string, number>;
  userAgents: string[];
}

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const html = (body: string, title = 'Page') =>
  `<!doctype html><html><head><title>${title}</title></head><body>${body}</body></html>`;

/** A page with a paragraph and links to `paths`. */
const linking = (text: string, ...paths: string[]) =>
  html(`<p>${text}</p>${paths.map((path) => `<a href="${path}">${path}</a>`).join(' ')}`, text);

/**
 * A test website on `host` (127.0.0.1 unless said): a string is an HTML page, a function answers
 * itself; anything else is a 404, robots.txt included unless given.
 */
async function serveSite(routes: Record<string, string | Handler>, host = '127.0.0.1', port = 0): Promise<Site> {
  const site: Site = { origin: '', port: 0, hits: [], times: new Map(), userAgents: [] };
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    site.hits.push(path);
    site.times.set(path, performance.now());
    site.userAgents.push(request.headers['user-agent'] ?? '');
    const route = routes[path];
    if (typeof route === 'function') return route(request, response);
    if (typeof route === 'string') {
      response.writeHead(200, { 'content-type': path.endsWith('.txt') ? 'text/plain' : 'text/html; charset=utf-8' });
      return void response.end(route);
    }
    response.writeHead(404, { 'content-type': 'text/html' });
    response.end('<p>Not found</p>');
  });
  servers.push(server);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  site.port = (server.address() as AddressInfo).port;
  site.origin = `http://${host.includes(':') ? `[${host}]` : host}:${site.port}`;
  return site;
}

const redirect =
  (location: string, status = 302): Handler =>
  (_request, response) => {
    response.writeHead(status, { location });
    response.end();
  };

/** Loopback test sites are allowed; every other private address stays refused. */
const local = (limits: { timeoutMs?: number; maxBytes?: number } = {}) =>
  createOutboundHttp({
    allow: ['127.0.0.1'],
    timeoutMs: limits.timeoutMs ?? 2000,
    maxBytes: limits.maxBytes ?? 200_000,
  });

async function crawl(startUrl: string, options: Partial<CrawlOptions> & { outbound?: OutboundHttp } = {}) {
  const events: CrawlEvent[] = [];
  for await (const event of crawlWebsite(startUrl, { outbound: local(), maxDepth: 3, maxPages: 50, ...options })) {
    events.push(event);
  }
  const pages = events.flatMap((event) => ('page' in event ? [event.page] : []));
  const failures = events.flatMap((event) => ('failure' in event ? [event.failure] : []));
  return { events, pages, failures, urls: pages.map((page) => new URL(page.url).pathname) };
}

describe('website crawler', () => {
  it('follows links on the same site only, each URL once, asking for robots.txt once as ParleyBot', async () => {
    const other = await serveSite({ '/offsite': linking('Other site') });
    const routes: Record<string, string> = {};
    const site = await serveSite(routes);
    Object.assign(routes, {
      '/': linking(
        'Home',
        '/about',
        'contact',
        '/about#team',
        '#top',
        'mailto:help@example.com',
        'javascript:alert(1)',
        'tel:+4912345',
        `${other.origin}/offsite`,
        `http://localhost:${site.port}/same-port-other-host`,
        `https://127.0.0.1:${site.port}/other-scheme`,
      ),
      '/about': linking('About', '/', '/contact', '/about'),
      '/contact': linking('Contact', './about#again', '/'),
    });
    const { pages, failures, urls } = await crawl(`${site.origin}/`);
    expect(failures).toEqual([]);
    expect(urls).toEqual(['/', '/about', '/contact']);
    expect(pages[0]).toMatchObject({ url: `${site.origin}/`, title: 'Home' });
    expect(site.hits).toEqual(['/robots.txt', '/', '/about', '/contact']);
    expect(new Set(site.userAgents)).toEqual(new Set(['ParleyBot']));
    expect(other.hits).toEqual([]);
  });

  it('stops at the depth limit (0 = the start page alone) and at the page limit, breadth first', async () => {
    const chain = await serveSite({
      '/': linking('Start', '/1'),
      '/1': linking('One', '/2'),
      '/2': linking('Two', '/3'),
      '/3': linking('Three'),
    });
    expect((await crawl(`${chain.origin}/`, { maxDepth: 0 })).urls).toEqual(['/']);
    expect((await crawl(`${chain.origin}/`, { maxDepth: 2 })).urls).toEqual(['/', '/1', '/2']);

    const wide = await serveSite({
      '/': linking('Start', '/a', '/b', '/c'),
      '/a': linking('A', '/a1', '/a2'),
      '/b': linking('B'),
      '/c': linking('C'),
      '/a1': linking('A1'),
      '/a2': linking('A2'),
    });
    const limited = await crawl(`${wide.origin}/`, { maxPages: 4 });
    expect(limited.urls).toEqual(['/', '/a', '/b', '/c']);
    expect(wide.hits).toEqual(['/robots.txt', '/', '/a', '/b', '/c']);
  });

  it('yields page by page: nothing is fetched ahead of the reader', async () => {
    const site = await serveSite({
      '/': linking('Start', '/a', '/b', '/c'),
      '/a': linking('A'),
      '/b': linking('B'),
      '/c': linking('C'),
    });
    const crawler = crawlWebsite(`${site.origin}/`, { outbound: local(), maxDepth: 2, maxPages: 10 });
    const first = await crawler.next();
    expect(first.value).toMatchObject({ page: { url: `${site.origin}/` } });
    expect(site.hits).toEqual(['/robots.txt', '/']);
    await crawler.next();
    expect(site.hits).toEqual(['/robots.txt', '/', '/a']);
    await crawler.return(undefined);
    expect(site.hits).toEqual(['/robots.txt', '/', '/a']);
  });

  it('honours robots.txt: disallowed links are reported and never fetched', async () => {
    const site = await serveSite({
      '/robots.txt': 'User-agent: *\nDisallow: /private\nAllow: /private/open\n',
      '/': linking('Home', '/private/secret', '/private/open', '/public', '/private/secret#again'),
      '/private/secret': linking('Secret'),
      '/private/open': linking('Open'),
      '/public': linking('Public', '/private/secret'),
    });
    const { urls, failures } = await crawl(`${site.origin}/`);
    expect(urls).toEqual(['/', '/private/open', '/public']);
    expect(failures).toEqual([{ url: `${site.origin}/private/secret`, reason: DISALLOWED }]);
    expect(site.hits).toEqual(['/robots.txt', '/', '/private/open', '/public']);
  });

  it('honours rules for ParleyBot by name, a disallowed start page included', async () => {
    const site = await serveSite({
      '/robots.txt': 'User-agent: *\nAllow: /\n\nUser-agent: ParleyBot\nDisallow: /\n',
      '/': linking('Home'),
    });
    const refused = await crawl(`${site.origin}/`);
    expect(refused.pages).toEqual([]);
    expect(refused.failures).toEqual([{ url: `${site.origin}/`, reason: DISALLOWED }]);
    expect(site.hits).toEqual(['/robots.txt']);
    expect((await crawl(`${site.origin}/`, { userAgent: 'OtherBot' })).urls).toEqual(['/']);
  });

  it('reads everything when there is no robots.txt, and nothing when robots.txt fails with 5xx', async () => {
    const open = await serveSite({ '/': linking('Home', '/a'), '/a': linking('A') });
    expect((await crawl(`${open.origin}/`)).urls).toEqual(['/', '/a']);
    expect(open.hits.filter((path) => path === '/robots.txt')).toHaveLength(1);

    const broken = await serveSite({
      '/robots.txt': (_request, response) => {
        response.writeHead(503);
        response.end();
      },
      '/': linking('Home'),
    });
    const { pages, failures } = await crawl(`${broken.origin}/`);
    expect(pages).toEqual([]);
    expect(failures).toEqual([
      {
        url: `${broken.origin}/`,
        reason: 'robots.txt could not be read (The site answered HTTP 503 (Service Unavailable))',
      },
    ]);
    expect(broken.hits).toEqual(['/robots.txt']);
  });

  it('waits the Crawl-delay between requests, and no more than the cap', async () => {
    const polite = await serveSite({
      '/robots.txt': 'User-agent: *\nCrawl-delay: 0.4\n',
      '/': linking('Home', '/a'),
      '/a': linking('A'),
    });
    await crawl(`${polite.origin}/`);
    expect(polite.times.get('/a')! - polite.times.get('/')!).toBeGreaterThanOrEqual(380);

    const greedy = await serveSite({
      '/robots.txt': 'User-agent: ParleyBot\nCrawl-delay: 60\n',
      '/': linking('Home', '/a'),
      '/a': linking('A'),
    });
    const started = performance.now();
    expect((await crawl(`${greedy.origin}/`)).urls).toEqual(['/', '/a']);
    const gap = greedy.times.get('/a')! - greedy.times.get('/')!;
    expect(gap).toBeGreaterThanOrEqual(MAX_CRAWL_DELAY_MS - 20);
    expect(performance.now() - started).toBeLessThan(MAX_CRAWL_DELAY_MS + 1500);
  });

  it('follows redirects within the site, each target fetched once', async () => {
    const site = await serveSite({
      '/': linking('Home', '/old', '/moved', '/new'),
      '/old': redirect('/new', 301),
      '/moved': redirect('old'),
      '/new': linking('New'),
    });
    const { urls, failures } = await crawl(`${site.origin}/`);
    expect(failures).toEqual([]);
    expect(urls).toEqual(['/', '/new']);
    expect(site.hits).toEqual(['/robots.txt', '/', '/old', '/new', '/moved']);
  });

  it('takes the site from where the start URL redirects to', async () => {
    const routes: Record<string, string | Handler> = {};
    const site = await serveSite(routes);
    Object.assign(routes, {
      '/': redirect(`http://127.0.0.1:${site.port}/home`),
      '/home': linking('Home', '/a', `http://localhost:${site.port}/b`),
      '/a': linking('A'),
      '/b': linking('B'),
    });
    const { pages, failures } = await crawl(`http://localhost:${site.port}/`);
    expect(failures).toEqual([]);
    expect(pages.map((page) => page.url)).toEqual([
      `http://127.0.0.1:${site.port}/home`,
      `http://127.0.0.1:${site.port}/a`,
    ]);
    expect(site.hits).toEqual(['/robots.txt', '/', '/robots.txt', '/home', '/a']);
  });

  it('gives up on redirect loops and on more than five redirects', async () => {
    const site = await serveSite({
      '/loop': redirect('/loop-back'),
      '/loop-back': redirect('/loop'),
      ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`/r${i}`, redirect(`/r${i + 1}`)])),
    });
    expect((await crawl(`${site.origin}/loop`)).failures).toEqual([
      { url: `${site.origin}/loop`, reason: 'Redirects in a loop' },
    ]);
    expect((await crawl(`${site.origin}/r0`)).failures).toEqual([
      { url: `${site.origin}/r0`, reason: 'More than 5 redirects' },
    ]);
    expect(site.hits.filter((path) => /^\/r\d/.test(path))).toEqual(['/r0', '/r1', '/r2', '/r3', '/r4', '/r5']);
  });

  it('refuses a redirect to a private address, from the start page or from a page of the site', async () => {
    const site = await serveSite({
      '/go': redirect('http://169.254.169.254/latest/meta-data/'),
      '/': linking('Home', '/inner'),
      '/inner': redirect('http://10.0.0.1/admin'),
    });
    expect((await crawl(`${site.origin}/go`)).failures).toEqual([
      {
        url: `${site.origin}/go`,
        reason:
          "Redirects to http://169.254.169.254/latest/meta-data/: The address of '169.254.169.254' is private or local and may not be called",
      },
    ]);
    const inner = await crawl(`${site.origin}/`);
    expect(inner.urls).toEqual(['/']);
    expect(inner.failures).toEqual([
      { url: `${site.origin}/inner`, reason: 'Redirects to another site (http://10.0.0.1/admin)' },
    ]);
  });

  it('refuses a start URL on a private address or on a name that resolves to one, without calling it', async () => {
    const site = await serveSite({ '/': linking('Home') });
    const guarded = createOutboundHttp({ timeoutMs: 2000 });
    for (const host of ['127.0.0.1', 'localhost']) {
      const { pages, failures } = await crawl(`http://${host}:${site.port}/`, { outbound: guarded });
      expect(pages).toEqual([]);
      expect(failures).toEqual([
        {
          url: `http://${host}:${site.port}/`,
          reason: expect.stringMatching(
            /^The address of '(127\.0\.0\.1|localhost)' is private or local and may not be called$/,
          ),
        },
      ]);
    }
    expect(site.hits).toEqual([]);
  });

  it('cuts off a huge page and a page that never ends, reports HTTP errors, and goes on', async () => {
    const timers: NodeJS.Timeout[] = [];
    const site = await serveSite({
      '/': linking('Home', '/huge', '/endless', '/missing', '/broken', '/fine'),
      '/huge': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(html(`<p>${'word '.repeat(20_000)}</p>`));
      },
      '/endless': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><body>');
        const timer = setInterval(() => response.write('<p>more</p>'), 50);
        timers.push(timer);
        response.on('close', () => clearInterval(timer));
      },
      '/broken': (_request, response) => {
        response.writeHead(500);
        response.end('oops');
      },
      '/fine': linking('Fine'),
    });
    const started = performance.now();
    const { urls, failures } = await crawl(`${site.origin}/`, {
      outbound: local({ timeoutMs: 600, maxBytes: 50_000 }),
    });
    timers.forEach(clearInterval);
    expect(urls).toEqual(['/', '/fine']);
    expect(failures).toEqual([
      { url: `${site.origin}/huge`, reason: 'The page is larger than the size limit for one page' },
      { url: `${site.origin}/endless`, reason: expect.stringMatching(/^No answer within \d+ (seconds|ms)$/) },
      { url: `${site.origin}/missing`, reason: 'The site answered HTTP 404 (Not Found)' },
      { url: `${site.origin}/broken`, reason: 'The site answered HTTP 500 (Internal Server Error)' },
    ]);
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('reduces HTML to its readable text: scripts and navigation gone, headings as sections, entities decoded', async () => {
    const site = await serveSite({
      '/': `<!doctype html><html><head><title>Shop &amp; Help</title><script>var token = "secret";</script>
        <style>p { color: red }</style></head><body>
        <nav><a href="/">Home</a> <a href="/faq">FAQ</a></nav>
        <h1>Delivery</h1><p>We deliver in 2&ndash;3 days.</p><ul><li>Free over &euro;50</li><li>Tracked</li></ul>
        <h2>Returns</h2><p>Within   30
          days &lt;with receipt&gt;.</p>
        <script>document.write("script text")</script>
        <footer>&copy; Shop</footer></body></html>`,
      '/faq': html('<h2>Payment</h2><p>Cards &amp; cash.</p>', 'FAQ'),
    });
    const { pages } = await crawl(`${site.origin}/`);
    expect(pages).toEqual([
      {
        url: `${site.origin}/`,
        title: 'Shop & Help',
        sections: [
          { heading: 'Delivery', text: 'We deliver in 2–3 days.\nFree over €50\nTracked' },
          { heading: 'Returns', text: 'Within 30 days <with receipt>.' },
        ],
      },
      { url: `${site.origin}/faq`, title: 'FAQ', sections: [{ heading: 'Payment', text: 'Cards & cash.' }] },
    ]);
  });

  it('reports a page with no readable text, and one whose robots meta tag says noindex; nofollow stops its links', async () => {
    const site = await serveSite({
      '/': linking('Home', '/empty', '/noindex', '/nofollow'),
      '/empty': html('<nav><a href="/">Home</a></nav><script>app()</script><div id="root"></div>'),
      '/noindex': html('<p>Private notes</p><a href="/from-noindex">next</a>').replace(
        '<title>',
        '<meta name="robots" content="noindex"><title>',
      ),
      '/nofollow': html('<p>Followed no further</p><a href="/from-nofollow">next</a>').replace(
        '<title>',
        '<meta name="robots" content="nofollow"><title>',
      ),
      '/from-noindex': linking('From noindex'),
      '/from-nofollow': linking('From nofollow'),
    });
    const { urls, failures } = await crawl(`${site.origin}/`);
    expect(urls).toEqual(['/', '/nofollow', '/from-noindex']);
    expect(failures).toEqual([
      { url: `${site.origin}/empty`, reason: 'No readable text' },
      { url: `${site.origin}/noindex`, reason: 'The page asks not to be indexed (robots meta tag)' },
    ]);
    expect(site.hits).not.toContain('/from-nofollow');
  });

  it('skips links to files that are not HTML, by extension without fetching them and by content type', async () => {
    const site = await serveSite({
      '/': linking('Home', '/guide.pdf', '/logo.PNG', '/feed.xml?x=1', '/download', '/page.html'),
      '/download': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end('%PDF-1.7 binary');
      },
      '/page.html': linking('A page'),
      '/report.pdf': (_request, response) => {
        response.writeHead(200, { 'content-type': 'application/pdf' });
        response.end('%PDF-1.7 binary');
      },
    });
    const { urls, failures } = await crawl(`${site.origin}/`);
    expect(urls).toEqual(['/', '/page.html']);
    expect(failures).toEqual([]);
    expect(site.hits).toEqual(['/robots.txt', '/', '/download', '/page.html']);

    // Asked for by name, a file that is not a web page is a failure with its reason.
    expect((await crawl(`${site.origin}/report.pdf`)).failures).toEqual([
      { url: `${site.origin}/report.pdf`, reason: 'Not a web page (content type application/pdf)' },
    ]);
  });

  it('refuses a start URL that is not an http(s) address', async () => {
    for (const url of ['ftp://example.com/', 'javascript:alert(1)', 'not a url', 'file:///etc/passwd']) {
      expect((await crawl(url)).failures).toEqual([{ url, reason: 'The address is not a valid http or https URL' }]);
    }
  });

  it('stops at once when aborted, during a slow page or a Crawl-delay', async () => {
    const site = await serveSite({
      '/robots.txt': 'User-agent: *\nCrawl-delay: 2\n',
      '/': linking('Home', '/a'),
      '/a': linking('A'),
      '/slow': () => {
        // Never answers: only the abort ends the wait.
      },
    });
    for (const [path, afterMs] of [
      ['/slow', 150],
      ['/', 300],
    ] as const) {
      const controller = new AbortController();
      const started = performance.now();
      setTimeout(() => controller.abort(), afterMs);
      const run = crawl(`${site.origin}${path}`, { outbound: local({ timeoutMs: 10_000 }), signal: controller.signal });
      await expect(run).rejects.toMatchObject({ name: 'AbortError' });
      expect(performance.now() - started).toBeLessThan(afterMs + 300);
    }
    expect(site.hits).not.toContain('/a');
  });
});

describe('website crawler against SSRF', () => {
  /** A server counting every request that reaches it, on 127.0.0.1 and [::1] at the same port. */
  async function victim(host: string) {
    const victimSite = await serveSite({}, host);
    let ipv6: Site | null = null;
    try {
      ipv6 = await serveSite({}, '::1', victimSite.port);
    } catch {
      // No IPv6 loopback here: the IPv6 forms are then refused with nothing to reach.
    }
    const hits = () => victimSite.hits.length + (ipv6?.hits.length ?? 0);
    return { port: victimSite.port, hits };
  }

  it('refuses every private start URL, whatever its spelling: 0 requests reach the server', async () => {
    const { port, hits } = await victim('127.0.0.1');
    const guarded = createOutboundHttp({ timeoutMs: 1000 });
    const corpus = [
      `http://127.0.0.1:${port}/`,
      `http://localhost:${port}/`,
      `http://LOCALHOST:${port}/`,
      `http://2130706433:${port}/`, // decimal
      `http://0x7f000001:${port}/`, // hex
      `http://0x7f.0.0.1:${port}/`,
      `http://0177.0.0.1:${port}/`, // octal
      `http://017700000001:${port}/`,
      `http://127.1:${port}/`,
      `http://127.0.1:${port}/`,
      `http://127.127.127.127:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://0:${port}/`,
      `http://[::1]:${port}/`,
      `http://[0:0:0:0:0:0:0:1]:${port}/`,
      `http://[::]:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`, // IPv4-mapped
      `http://[::ffff:7f00:1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`, // IPv4-compatible
      `http://[::ffff:0:127.0.0.1]:${port}/`, // translated
      `http://[64:ff9b::127.0.0.1]:${port}/`, // NAT64
      `http://[2002:7f00:1::1]:${port}/`, // 6to4
      `http://169.254.169.254/latest/meta-data/`,
      `http://[fd00:ec2::254]/latest/meta-data/`,
      `http://10.0.0.1/`,
      `http://172.16.0.1/`,
      `http://192.168.1.1/`,
      `http://100.64.0.1/`,
      `http://[fc00::1]/`,
      `http://[fe80::1]/`,
      `http://[::ffff:a9fe:a9fe]/`,
      `http://224.0.0.1/`,
    ];
    for (const url of corpus) {
      const { pages, failures } = await crawl(url, { outbound: guarded });
      expect(pages, url).toEqual([]);
      expect(failures, url).toEqual([
        { url: new URL(url).href, reason: expect.stringMatching(/is private or local and may not be called$/) },
      ]);
    }
    expect(hits()).toBe(0);
  });

  it('refuses every redirect to a private address, whatever its spelling: 0 requests reach it', async () => {
    // The site is on 127.0.0.1 (allowed for the test); the server it must never reach, on 127.0.0.2.
    const { port, hits } = await victim('127.0.0.2');
    const targets = [
      `http://127.0.0.2:${port}/`,
      `http://2130706434:${port}/`,
      `http://0x7f000002:${port}/`,
      `http://0177.0.0.2:${port}/`,
      `http://127.0.0.2.:${port}/`,
      `http://[::ffff:127.0.0.2]:${port}/`,
      `http://[::ffff:7f00:2]:${port}/`,
      `http://[::127.0.0.2]:${port}/`,
      `http://[64:ff9b::7f00:2]:${port}/`,
      `http://[::1]:${port}/`,
      `http://[::]:${port}/`,
      `http://0.0.0.0:${port}/`,
      `http://169.254.169.254/latest/meta-data/iam/security-credentials/`,
      `http://10.0.0.1/`,
      `http://172.31.255.254/`,
      `http://192.168.0.1/`,
      `http://100.64.0.1/`,
      `http://[fd00::1]/`,
      `http://[fe80::1]/`,
      `http://[::ffff:10.0.0.1]/`,
    ];
    const site = await serveSite(Object.fromEntries(targets.map((target, i) => [`/go/${i}`, redirect(target)])));
    const outbound = local({ timeoutMs: 1000 });
    for (const [i, target] of targets.entries()) {
      const start = `${site.origin}/go/${i}`;
      // From the start page: the redirect may leave the site, so the guard alone refuses it.
      const { pages, failures } = await crawl(start, { outbound });
      expect(pages, target).toEqual([]);
      expect(failures, target).toEqual([
        {
          url: start,
          reason: expect.stringMatching(
            /^Redirects to .*: The address of .* is private or local and may not be called$/,
          ),
        },
      ]);
    }
    expect(hits()).toBe(0);
  });
});
