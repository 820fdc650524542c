/**
 * The website crawler of knowledge ingestion (issue 20): breadth-first from a start URL over the
 * links of one site, honouring its robots.txt, every request (robots.txt and each redirect hop
 * included) through the guarded outbound client, so private addresses, DNS names that resolve to
 * them, huge answers and answers that never end are all refused by the one guard
 * (decision 004). It yields page by page and keeps only URLs between pages: memory stays flat
 * in the number of pages.
 */
import { STATUS_CODES } from 'node:http';
import robotsParser from 'robots-parser';
import { OutboundError, type OutboundHttp, type OutboundResponse } from '../../../../platform/outbound-http';
import { readHtmlPage } from './html-page';

export interface CrawledPage {
  url: string;
  title: string;
  sections: { heading: string | null; text: string }[];
}

export interface CrawlFailure {
  url: string;
  reason: string;
}

export interface CrawlOptions {
  outbound: OutboundHttp;
  /** Link hops from the start page: 0 reads the start page alone. */
  maxDepth: number;
  /**
   * URLs fetched at most (each gives a page, a failure, or nothing when it turns out not to be
   * HTML); robots.txt is not counted, nor links robots.txt disallows (reported, never fetched).
   */
  maxPages: number;
  /** Aborting stops the crawl at once: the generator throws the signal's reason. */
  signal?: AbortSignal;
  /** The robots.txt token and User-Agent header; 'ParleyBot' by default. */
  userAgent?: string;
}

export type CrawlEvent = { page: CrawledPage } | { failure: CrawlFailure };

export const MAX_REDIRECTS = 5;
/** The longest Crawl-delay honoured between two requests to the site; a larger one is cut to it. */
export const MAX_CRAWL_DELAY_MS = 2000;
export const DISALLOWED = 'Disallowed by robots.txt';

/** Paths whose extension says they are not a web page: never fetched. */
const NOT_HTML_EXTENSIONS = new Set(
  (
    'pdf png jpg jpeg gif webp avif bmp ico svg tif tiff psd css js mjs json xml rss atom txt csv tsv md ' +
    'zip gz tgz bz2 xz 7z rar tar dmg exe msi apk deb rpm iso bin mp3 wav ogg oga flac m4a aac mp4 m4v webm ' +
    'mov avi mkv wmv flv woff woff2 ttf otf eot doc docx xls xlsx ppt pptx odt ods odp rtf epub'
  ).split(' '),
);

type Robot = ReturnType<typeof robotsParser>;

/** What robots.txt lets the crawler do on one origin, and when it may next call there. */
type SiteRules =
  | { kind: 'rules'; robot: Robot | null; delayMs: number; nextRequestAt: number }
  /** The site itself cannot be called (private address, unknown host): every page fails so. */
  | { kind: 'unreachable'; reason: string }
  /** robots.txt did not answer (5xx, time-out): RFC 9309 says to fetch nothing. */
  | { kind: 'unreadable'; reason: string };

type Fetched =
  | { kind: 'html'; url: URL; body: string }
  | { kind: 'not-html'; contentType: string }
  /** A redirect to a URL fetched before: reported under that URL already. */
  | { kind: 'duplicate' }
  | { kind: 'failure'; reason: string };

/** An http(s) URL without fragment or credentials, or null for anything else (mailto:, javascript:, tel:, …). */
function normaliseUrl(raw: string, base?: string | URL): URL | null {
  let url: URL;
  try {
    url = new URL(raw.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username !== '' || url.password !== '') return null;
  url.hash = '';
  return url;
}

function notHtmlByExtension(url: URL): boolean {
  const name = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 && NOT_HTML_EXTENSIONS.has(name.slice(dot + 1).toLowerCase());
}

function mediaType(response: OutboundResponse): string {
  const header = response.headers['content-type'];
  return (Array.isArray(header) ? header[0] : header)?.split(';')[0]?.trim().toLowerCase() ?? '';
}

function isHtml(response: OutboundResponse): boolean {
  const type = mediaType(response);
  if (type === '') return response.body.trimStart().startsWith('<');
  return type === 'text/html' || type === 'application/xhtml+xml';
}

const isRedirect = (status: number) => [301, 302, 303, 307, 308].includes(status);

function httpFailure(status: number): string {
  const text = STATUS_CODES[status];
  return `The site answered HTTP ${status}${text ? ` (${text})` : ''}`;
}

/** An outbound error in the words of the crawl report. */
function outboundFailure(error: OutboundError): string {
  if (error.reason === 'too_large') return 'The page is larger than the size limit for one page';
  return error.message;
}

/** The promise, or the signal's reason as soon as it aborts (the call itself runs out on its own limits). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return abortable(
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => clearTimeout(timer), { once: true });
    }),
    signal,
  );
}

/**
 * Crawls a website breadth-first from `startUrl`: the start page (after its redirects, which may
 * lead to another host: that host is then the site), then the pages it links to on the same
 * scheme, host and port, up to `maxDepth` hops and `maxPages` fetches. Each page with readable text
 * is yielded as it is read; every URL that could not be read is yielded as a failure with its
 * reason, and the crawl goes on. Links to other sites, non-web protocols and files that are not
 * HTML are skipped without a word. No URL is fetched twice.
 */
export async function* crawlWebsite(startUrl: string, options: CrawlOptions): AsyncGenerator<CrawlEvent> {
  const { outbound, signal } = options;
  const userAgent = options.userAgent ?? 'ParleyBot';
  const maxDepth = Math.max(0, Math.floor(options.maxDepth));
  const maxPages = Math.max(0, Math.floor(options.maxPages));
  const headers = {
    'user-agent': userAgent,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  };
  signal?.throwIfAborted();

  const start = normaliseUrl(startUrl);
  if (!start) {
    yield { failure: { url: startUrl, reason: 'The address is not a valid http or https URL' } };
    return;
  }

  const rulesByOrigin = new Map<string, SiteRules>();
  /** Every URL requested, redirect hops included: none is requested twice. */
  const requested = new Set<string>();
  /** Every URL queued or reported as disallowed: none is queued twice. */
  const seen = new Set<string>([start.href]);
  const queue: { url: URL; depth: number }[] = [{ url: start, depth: 0 }];
  let fetches = 0;
  let disallowedReported = 0;
  /** The origin of the start page after its redirects; null until it is read. */
  let site: string | null = null;

  /** One GET through the guard, raced against the abort signal. */
  const get = (url: URL) => abortable(outbound.request({ url: url.href, headers }), signal);

  /** A GET that follows up to five redirects, each hop through the guard; null for a loop or too many. */
  async function getFollowing(url: URL): Promise<OutboundResponse | null> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop++) {
      const response = await get(current);
      const location = response.headers.location;
      if (!isRedirect(response.status) || !location) return response;
      const next = normaliseUrl(location, current);
      if (!next) return null;
      current = next;
    }
    return null;
  }

  async function readRobots(origin: string): Promise<SiteRules> {
    const robotsUrl = new URL('/robots.txt', origin);
    let response: OutboundResponse | null;
    try {
      response = await getFollowing(robotsUrl);
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      // The site's own address is refused: its pages would be refused the same way.
      if (error.reason === 'blocked' || error.reason === 'dns' || error.reason === 'invalid_url') {
        return { kind: 'unreachable', reason: error.message };
      }
      return { kind: 'unreadable', reason: `robots.txt could not be read (${outboundFailure(error)})` };
    }
    // No robots.txt (4xx) or one behind too many redirects: everything is allowed (RFC 9309).
    if (!response || (response.status >= 400 && response.status < 500)) {
      return { kind: 'rules', robot: null, delayMs: 0, nextRequestAt: 0 };
    }
    if (response.status >= 500 || response.status < 200 || response.status >= 300) {
      return { kind: 'unreadable', reason: `robots.txt could not be read (${httpFailure(response.status)})` };
    }
    const robot = robotsParser(robotsUrl.href, response.body);
    const delay = Number(robot.getCrawlDelay(userAgent) ?? 0);
    const delayMs = Number.isFinite(delay) && delay > 0 ? Math.min(delay * 1000, MAX_CRAWL_DELAY_MS) : 0;
    return { kind: 'rules', robot, delayMs, nextRequestAt: 0 };
  }

  async function rulesFor(url: URL): Promise<SiteRules> {
    let rules = rulesByOrigin.get(url.origin);
    if (!rules) {
      rules = await readRobots(url.origin);
      rulesByOrigin.set(url.origin, rules);
    }
    return rules;
  }

  const allowedBy = (rules: SiteRules & { kind: 'rules' }, url: URL) =>
    rules.robot === null || rules.robot.isAllowed(url.href, userAgent) !== false;

  /**
   * Fetches one URL and the redirects it leads to. Before the site is known (the start page) a
   * redirect may lead anywhere the guard allows; after, only within the site.
   */
  async function fetchPage(url: URL): Promise<Fetched> {
    let current = url;
    const chain = new Set<string>();
    for (let hop = 0; ; hop++) {
      const failure = (reason: string): Fetched => ({
        kind: 'failure',
        reason: hop === 0 ? reason : `Redirects to ${current.href}: ${reason}`,
      });
      if (hop > 0) {
        if (site !== null && current.origin !== site) {
          return { kind: 'failure', reason: `Redirects to another site (${current.href})` };
        }
        if (chain.has(current.href)) return { kind: 'failure', reason: 'Redirects in a loop' };
        if (requested.has(current.href)) return { kind: 'duplicate' };
      }
      const rules = await rulesFor(current);
      if (rules.kind !== 'rules') return failure(rules.reason);
      if (!allowedBy(rules, current)) return failure(DISALLOWED);
      const wait = rules.nextRequestAt - Date.now();
      if (wait > 0) await sleep(wait, signal);

      requested.add(current.href);
      chain.add(current.href);
      let response: OutboundResponse;
      try {
        response = await get(current);
      } catch (error) {
        if (error instanceof OutboundError) return failure(outboundFailure(error));
        throw error;
      } finally {
        rules.nextRequestAt = Date.now() + rules.delayMs;
      }

      if (isRedirect(response.status)) {
        const location = response.headers.location;
        if (!location) return failure(`${httpFailure(response.status)} without saying where to`);
        if (hop === MAX_REDIRECTS) return { kind: 'failure', reason: `More than ${MAX_REDIRECTS} redirects` };
        const next = normaliseUrl(location, current);
        if (!next) return failure(`Redirects to an address that is not a web page (${location})`);
        current = next;
        continue;
      }
      if (response.status < 200 || response.status >= 300) return failure(httpFailure(response.status));
      if (!isHtml(response)) return { kind: 'not-html', contentType: mediaType(response) || 'unknown' };
      return { kind: 'html', url: current, body: response.body };
    }
  }

  while (queue.length > 0 && fetches < maxPages) {
    signal?.throwIfAborted();
    const { url, depth } = queue.shift()!;
    if (requested.has(url.href)) continue;
    fetches++;
    const fetched = await fetchPage(url);
    if (fetched.kind === 'failure') {
      yield { failure: { url: url.href, reason: fetched.reason } };
      continue;
    }
    if (fetched.kind === 'duplicate') continue;
    if (fetched.kind === 'not-html') {
      // The start page was asked for by name: say why nothing came of it. Links to files are just skipped.
      if (site === null) {
        yield { failure: { url: url.href, reason: `Not a web page (content type ${fetched.contentType})` } };
      }
      continue;
    }

    site ??= fetched.url.origin;
    seen.add(fetched.url.href);
    const html = readHtmlPage(fetched.body, fetched.url.href, userAgent);
    if (html.noindex) {
      yield { failure: { url: fetched.url.href, reason: 'The page asks not to be indexed (robots meta tag)' } };
    } else if (html.sections.length === 0) {
      yield { failure: { url: fetched.url.href, reason: 'No readable text' } };
    } else {
      yield { page: { url: fetched.url.href, title: html.title || fetched.url.href, sections: html.sections } };
    }
    if (depth >= maxDepth || html.nofollow) continue;

    const rules = rulesByOrigin.get(site);
    if (!rules || rules.kind !== 'rules') continue;
    for (const link of html.links) {
      const next = normaliseUrl(link);
      if (!next || next.origin !== site || seen.has(next.href) || notHtmlByExtension(next)) continue;
      if (!allowedBy(rules, next)) {
        // Reported once per URL, and no more of them than pages may be fetched (memory stays bounded).
        if (disallowedReported < maxPages) {
          seen.add(next.href);
          disallowedReported++;
          yield { failure: { url: next.href, reason: DISALLOWED } };
        }
        continue;
      }
      // Queue no more than the fetches left: memory stays bounded whatever a page links to.
      if (queue.length >= maxPages - fetches) continue;
      seen.add(next.href);
      queue.push({ url: next, depth: depth + 1 });
    }
  }
}
