/**
 * One crawled HTML page reduced to what the knowledge base keeps (issue 20): its title, its
 * readable text cut into sections under their nearest h1–h3, the links it holds, and what its
 * robots meta tag asks. One pass of htmlparser2's streaming parser (entities decoded, implied end
 * tags closed) with no tree built: memory follows the text, and time the length of the page.
 *
 * htmlparser2 keeps its open elements in an array it shifts and searches, so its time grows with
 * the square of the nesting depth (200,000 nested <div>s, 1 MB: 35 s). Reading stops at
 * MAX_NESTING open elements, far deeper than real pages go (Chromium's parser stops nesting at 512);
 * the text read until then is kept.
 */
import { Parser } from 'htmlparser2';

export interface HtmlSection {
  heading: string | null;
  /** Paragraphs, list items and other blocks, one a line, whitespace collapsed. */
  text: string;
}

export interface HtmlPage {
  /** The <title>, else the first h1, else ''. */
  title: string;
  /** Sections with text, in page order; empty when the page has no readable text. */
  sections: HtmlSection[];
  /** Every a[href] (navigation included), resolved against the page or its <base>; unfiltered. */
  links: string[];
  /** What <meta name="robots"> (or one naming the crawler) asks: not to keep the page, not to follow its links. */
  noindex: boolean;
  nofollow: boolean;
}

export const MAX_NESTING = 1000;

/** Elements that hold no reading text: code, navigation, forms, embedded media. */
const DROPPED = new Set(
  (
    'script style noscript template nav aside form button select textarea input svg math iframe object ' +
    'embed canvas audio video map'
  ).split(' '),
);
const DROPPED_ROLES = new Set(['navigation', 'search', 'complementary']);
/** The page's banner and footer: dropped, except inside an article or the main content, where they hold its title. */
const CHROME = new Set(['header', 'footer']);
const CHROME_ROLES = new Set(['banner', 'contentinfo']);
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*hidden)\s*(?:!important\s*)?(?:;|$)/i;

/** Elements that start and end a line of text. */
const BLOCKS = new Set(
  (
    'address article blockquote body caption dd details dialog div dl dt fieldset figcaption figure footer h4 h5 h6 ' +
    'header hr legend li main ol p pre section summary table tbody tfoot thead tr ul'
  ).split(' '),
);
const SECTION_HEADINGS = new Set(['h1', 'h2', 'h3']);
const CELLS = new Set(['td', 'th']);

const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Sections built line by line. */
class SectionWriter {
  readonly sections: HtmlSection[] = [];
  private heading: string | null = null;
  private lines: string[] = [];
  private line = '';

  text(text: string) {
    this.line += text;
  }

  endLine() {
    const text = collapse(this.line);
    if (text !== '') this.lines.push(text);
    this.line = '';
  }

  startSection(heading: string | null) {
    this.endLine();
    if (this.lines.length > 0) this.sections.push({ heading: this.heading, text: this.lines.join('\n') });
    this.heading = heading;
    this.lines = [];
  }
}

class TooDeep extends Error {}

interface Open {
  name: string;
  /** This element starts a part of the page that is not read. */
  drops: boolean;
  /** An article or the main content: its header and footer are kept. */
  content: boolean;
  /** Counted in mainDepth and preDepth (open outside any dropped part). */
  main: boolean;
  pre: boolean;
}

function isHidden(name: string, attribs: Record<string, string>, inContent: boolean): boolean {
  const role = (attribs.role ?? '').trim().toLowerCase();
  return (
    DROPPED.has(name) ||
    DROPPED_ROLES.has(role) ||
    ((CHROME.has(name) || CHROME_ROLES.has(role)) && !inContent) ||
    (name === 'dialog' && attribs.open === undefined) ||
    attribs.hidden !== undefined ||
    attribs['aria-hidden']?.trim().toLowerCase() === 'true' ||
    HIDDEN_STYLE.test(attribs.style ?? '')
  );
}

function resolveLinks(hrefs: string[], pageUrl: string, baseHref: string | null): string[] {
  let base = pageUrl;
  if (baseHref !== null) {
    try {
      const resolved = new URL(baseHref.trim(), pageUrl);
      if (resolved.protocol === 'http:' || resolved.protocol === 'https:') base = resolved.href;
    } catch {
      // An unreadable <base> is ignored, as browsers do.
    }
  }
  const links: string[] = [];
  for (const href of hrefs) {
    try {
      links.push(new URL(href.trim(), base).href);
    } catch {
      // Not a URL: nothing to follow.
    }
  }
  return links;
}

/**
 * Reads an HTML document. `pageUrl` resolves its links; `userAgent` is the crawler's robots token
 * (a meta tag named after it counts like name="robots"). The text of the main content (<main> or
 * role="main") is kept when it has any; otherwise that of the whole body.
 */
export function readHtmlPage(html: string, pageUrl: string, userAgent = 'ParleyBot'): HtmlPage {
  const robotsToken = userAgent.toLowerCase().split('/')[0]!.trim();
  const page = new SectionWriter();
  const main = new SectionWriter();
  const open: Open[] = [];
  const hrefs: string[] = [];
  let baseHref: string | null = null;
  let robots = '';
  let dropDepth = 0;
  let contentDepth = 0;
  let mainDepth = 0;
  let preDepth = 0;
  let svgDepth = 0;
  /** Text being gathered for the title, an h1 (title fallback) or a section heading. */
  let title: string | null = null;
  let inTitle = false;
  let firstH1: string | null = null;
  let heading: { text: string; depth: number } | null = null;

  const writers = () => (mainDepth > 0 ? [page, main] : [page]);

  const parser = new Parser({
    onopentag(name, attribs) {
      if (name === 'a' && attribs.href !== undefined) hrefs.push(attribs.href);
      else if (name === 'base' && baseHref === null && attribs.href !== undefined) baseHref = attribs.href;
      else if (name === 'meta' && attribs.content !== undefined) {
        const metaName = (attribs.name ?? '').trim().toLowerCase();
        if (metaName === 'robots' || metaName === robotsToken) robots += `,${attribs.content.toLowerCase()}`;
      } else if (name === 'title' && svgDepth === 0 && title === null) inTitle = true;

      if (open.length >= MAX_NESTING) throw new TooDeep();
      const role = (attribs.role ?? '').trim().toLowerCase();
      const entry: Open = {
        name,
        drops: dropDepth === 0 && isHidden(name, attribs, contentDepth > 0),
        content: name === 'article' || name === 'main' || role === 'main',
        main: false,
        pre: false,
      };
      open.push(entry);
      if (name === 'svg') svgDepth++;
      if (entry.content) contentDepth++;
      if (entry.drops) dropDepth++;
      if (dropDepth > 0) return;
      entry.main = name === 'main' || role === 'main';
      if (entry.main) mainDepth++;
      entry.pre = name === 'pre';
      if (entry.pre) preDepth++;

      if (heading !== null) {
        if (name === 'br' || BLOCKS.has(name) || CELLS.has(name)) heading.text += ' ';
      } else if (name === 'br') for (const writer of writers()) writer.endLine();
      else if (SECTION_HEADINGS.has(name)) heading = { text: '', depth: open.length };
      else if (BLOCKS.has(name)) for (const writer of writers()) writer.endLine();
      else if (CELLS.has(name)) for (const writer of writers()) writer.text(' ');
    },

    ontext(data) {
      if (inTitle) {
        title = (title ?? '') + data;
        return;
      }
      if (dropDepth > 0) return;
      if (heading !== null) heading.text += data;
      else if (preDepth === 0) for (const writer of writers()) writer.text(data);
      else {
        const [first = '', ...rest] = data.split('\n');
        for (const writer of writers()) {
          writer.text(first);
          for (const part of rest) {
            writer.endLine();
            writer.text(part);
          }
        }
      }
    },

    onclosetag(name) {
      const entry = open.pop();
      if (!entry) return;
      if (name === 'title') inTitle = false;
      if (name === 'svg') svgDepth--;
      if (entry.content) contentDepth--;
      if (entry.pre) preDepth--;
      if (entry.main) mainDepth--;
      if (entry.drops) {
        dropDepth--;
        return;
      }
      if (dropDepth > 0) return;
      if (heading !== null && heading.depth === open.length + 1) {
        const text = collapse(heading.text);
        if (name === 'h1' && firstH1 === null && text !== '') firstH1 = text;
        heading = null;
        for (const writer of writers()) writer.startSection(text || null);
      } else if (heading !== null) {
        if (BLOCKS.has(name) || CELLS.has(name)) heading.text += ' ';
      } else if (BLOCKS.has(name)) for (const writer of writers()) writer.endLine();
      else if (CELLS.has(name)) for (const writer of writers()) writer.text(' ');
    },
  });

  try {
    parser.write(html);
    parser.end();
  } catch (error) {
    if (!(error instanceof TooDeep)) throw error;
  }
  page.startSection(null);
  main.startSection(null);

  const directives = robots.split(',').map((part) => part.trim());
  return {
    title: collapse(title ?? '') || firstH1 || '',
    sections: main.sections.length > 0 ? main.sections : page.sections,
    links: resolveLinks(hrefs, pageUrl, baseHref),
    noindex: directives.includes('noindex') || directives.includes('none'),
    nofollow: directives.includes('nofollow') || directives.includes('none'),
  };
}
