import { describe, expect, it } from 'vitest';
import { MAX_NESTING, readHtmlPage } from './html-page';

const page = (body: string, head = '<title>Help centre</title>') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

describe('HTML to readable text', () => {
  it('keeps the title and cuts the text into sections under their nearest h1–h3', () => {
    const html = readHtmlPage(
      page(`
        <p>Welcome to the   help
           centre.</p>
        <h1>Opening hours</h1>
        <p>Monday to Friday.</p>
        <p>Closed on <b>public</b> holidays.</p>
        <h2>Delivery <small>(EU)</small></h2>
        <ul><li>Standard: 3 days</li><li>Express: 1 day</li></ul>
        <h4>Small print</h4>
        <p>Prices include VAT.</p>
        <h3>Empty</h3>
        <h3>Returns</h3>
        <div>Within 30 days<br>with the receipt</div>`),
      'https://example.com/help',
    );
    expect(html.title).toBe('Help centre');
    expect(html.sections).toEqual([
      { heading: null, text: 'Welcome to the help centre.' },
      { heading: 'Opening hours', text: 'Monday to Friday.\nClosed on public holidays.' },
      { heading: 'Delivery (EU)', text: 'Standard: 3 days\nExpress: 1 day\nSmall print\nPrices include VAT.' },
      { heading: 'Returns', text: 'Within 30 days\nwith the receipt' },
    ]);
  });

  it('drops scripts, styles, navigation, chrome, forms and hidden elements', () => {
    const html = readHtmlPage(
      page(`
        <header><a href="/">Logo</a> Site banner</header>
        <nav><a href="/a">Menu A</a></nav>
        <div role="navigation">Menu B</div>
        <script>var secret = "script text";</script>
        <style>.x { color: red }</style>
        <noscript>Enable JavaScript</noscript>
        <main>
          <article>
            <header><h1>Article title</h1></header>
            <p>Article text.</p>
            <aside>Related links</aside>
            <form><label>Search</label><input value="query"><button>Go</button></form>
            <svg><title>icon</title><text>svg text</text></svg>
            <iframe src="/ad"></iframe>
            <p hidden>Hidden attribute</p>
            <p aria-hidden="true">Aria hidden</p>
            <p style="color: red; display : none !important">Display none</p>
            <p style="visibility:hidden">Invisible</p>
            <p style="color: blue">Visible styled text.</p>
          </article>
        </main>
        <footer>Copyright footer</footer>`),
      'https://example.com/',
    );
    expect(html.sections).toEqual([{ heading: 'Article title', text: 'Article text.\nVisible styled text.' }]);
  });

  it('uses the main content when the page marks it, and the body otherwise', () => {
    const withMain = readHtmlPage(
      page('<div class="menu"><p>Home</p><p>Products</p></div><main><p>The content.</p></main>'),
      'https://example.com/',
    );
    expect(withMain.sections).toEqual([{ heading: null, text: 'The content.' }]);
    const emptyMain = readHtmlPage(
      page('<main><nav>Only a menu</nav></main><p>Body text.</p>'),
      'https://example.com/',
    );
    expect(emptyMain.sections).toEqual([{ heading: null, text: 'Body text.' }]);
  });

  it('decodes entities and collapses whitespace, non-breaking spaces included', () => {
    const html = readHtmlPage(
      page('<p>Fish &amp; chips&nbsp;&nbsp;for &pound;5 &#8212; caf&eacute; &lt;open&gt; &#x1F600;</p>'),
      'https://example.com/',
    );
    expect(html.sections[0]?.text).toBe('Fish & chips for £5 — café <open> 😀');
  });

  it('keeps the lines of preformatted text and the cells of a table row apart', () => {
    const html = readHtmlPage(
      page(
        '<pre>line one\nline   two</pre><table><tr><th>Plan</th><td>Price</td></tr><tr><td>Basic</td><td>5</td></tr></table>',
      ),
      'https://example.com/',
    );
    expect(html.sections[0]?.text).toBe('line one\nline two\nPlan Price\nBasic 5');
  });

  it('falls back to the first h1 for the title, and ignores an SVG title', () => {
    const html = readHtmlPage(
      page('<svg><title>icon</title></svg><h1>Pricing</h1><p>Text.</p>', ''),
      'https://a.test/',
    );
    expect(html.title).toBe('Pricing');
    expect(readHtmlPage(page('<p>Text.</p>', ''), 'https://a.test/').title).toBe('');
  });

  it('has no sections when nothing readable is left', () => {
    const html = readHtmlPage(
      page('<nav><a href="/a">A</a></nav><script>x()</script><div>   </div><img src="a.png">'),
      'https://example.com/',
    );
    expect(html.sections).toEqual([]);
    expect(readHtmlPage('', 'https://example.com/').sections).toEqual([]);
  });

  it('lists every link, navigation included, resolved against the page or its <base>', () => {
    const links = readHtmlPage(
      page(
        '<nav><a href="/menu">M</a></nav><p><a href="next.html#part">N</a> <a href="mailto:a@b.c">Mail</a> <a>no href</a></p>',
      ),
      'https://example.com/docs/start',
    ).links;
    expect(links).toEqual(['https://example.com/menu', 'https://example.com/docs/next.html#part', 'mailto:a@b.c']);
    const based = readHtmlPage(
      page('<a href="page">P</a>', '<base href="https://example.com/other/">'),
      'https://example.com/docs/start',
    );
    expect(based.links).toEqual(['https://example.com/other/page']);
  });

  it('reads what the robots meta tag asks, for all robots or for ParleyBot by name', () => {
    const none = readHtmlPage(page('<p>x</p>'), 'https://a.test/');
    expect(none).toMatchObject({ noindex: false, nofollow: false });
    const both = readHtmlPage(page('<p>x</p>', '<meta name="robots" content="NOINDEX, nofollow">'), 'https://a.test/');
    expect(both).toMatchObject({ noindex: true, nofollow: true });
    const named = readHtmlPage(page('<p>x</p>', '<meta name="parleybot" content="nofollow">'), 'https://a.test/');
    expect(named).toMatchObject({ noindex: false, nofollow: true });
    const other = readHtmlPage(page('<p>x</p>', '<meta name="googlebot" content="none">'), 'https://a.test/');
    expect(other).toMatchObject({ noindex: false, nofollow: false });
  });

  it('reads text nested hundreds deep, and stops quickly at a page nested 200,000 deep, keeping what came before', () => {
    const nested = (depth: number) => `${'<div>'.repeat(depth)}<p>Deep text.</p>${'</div>'.repeat(depth)}`;
    expect(readHtmlPage(page(nested(MAX_NESTING - 10)), 'https://a.test/').sections).toEqual([
      { heading: null, text: 'Deep text.' },
    ]);
    // 1 MB, the outbound client's default size limit: read whole, this takes htmlparser2 35 s.
    const started = performance.now();
    const html = readHtmlPage(page(`<h1>Intro</h1><p>Before the nesting.</p>${nested(200_000)}`), 'https://a.test/');
    expect(performance.now() - started).toBeLessThan(1000);
    expect(html.sections).toEqual([{ heading: 'Intro', text: 'Before the nesting.' }]);
  });
});
