import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Accessibility checks inside the browser stories (issue 17 item 21): axe-core with the WCAG 2.1
 * A/AA rules on every screen and dialog a story shows; critical and serious findings fail the story.
 */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING_IMPACTS = new Set(['critical', 'serious']);

export interface AccessibilityFinding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

/** Waits until web fonts are in and CSS transitions (dialogs fading in) and loaders are done. */
async function settle(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const deadline = Date.now() + 3000;
    for (;;) {
      await frame();
      const finite = document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
      await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
      const loading = document.querySelector('.mantine-Skeleton-root, .mantine-Loader-root, [aria-busy="true"]');
      if (!loading || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

/** The critical and serious WCAG 2.1 A/AA violations axe finds on the page (or inside `include`). */
export async function accessibilityFindings(page: Page, where: string, include?: string) {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .map((violation): AccessibilityFinding => ({
      where,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

export function describeFindings(findings: readonly AccessibilityFinding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.where}: [${finding.impact}] ${finding.rule} – ${finding.help}\n    ${finding.targets.join('\n    ')}`,
    )
    .join('\n');
}

/** A screen's key: its path with ids left out, so each screen is checked once per run, not per record. */
function screenKey(url: string): string {
  const { pathname } = new URL(url);
  return pathname
    .replace(/\/[0-9a-f]{8}-[0-9a-f-]{27,}(?=\/|$)/gi, '/:id')
    .replace(/\/\d+(?=\/|$)/g, '/:id')
    .replace(/\/+$/, '');
}

/** Screens and dialogs checked so far by this worker: each is checked the first time a story shows it. */
const checked = new Set<string>();
/** The console's top bar and side menu are the same on every screen: checked in full once, then only the page. */
let shellChecked = false;

const watchers = new WeakMap<Page, AccessibilityWatcher>();

/** Waits until the screens and dialogs the page showed so far have been checked (before moving on). */
export async function accessibilityChecked(page: Page) {
  await watchers.get(page)?.idle();
}

type Check = { kind: 'page'; suffix?: string } | { kind: 'dialog'; key: string };

/**
 * Watches one page of a story: each new screen it navigates to and each dialog it opens is checked
 * once it has settled, and the page as the story leaves it. `finish` returns every finding.
 */
export class AccessibilityWatcher {
  private readonly findings: AccessibilityFinding[] = [];
  private pending: Promise<void> = Promise.resolve();

  constructor(private readonly page: Page) {
    watchers.set(page, this);
  }

  async start() {
    this.page.on('framenavigated', (frame) => {
      if (frame !== this.page.mainFrame() || !frame.url().startsWith('http')) return;
      if (checked.has(`page ${screenKey(frame.url())}`)) return;
      this.queue({ kind: 'page' });
    });
    await this.page.exposeBinding('__parleyDialogOpened', (_source, title: string) => {
      const key = `dialog '${title}' on ${screenKey(this.page.url())}`;
      if (checked.has(key)) return;
      checked.add(key);
      this.queue({ kind: 'dialog', key });
    });
    await this.page.addInitScript(() => {
      const seen = new WeakSet<Element>();
      const report = () => {
        for (const dialog of Array.from(document.querySelectorAll('[role="dialog"]'))) {
          if (seen.has(dialog)) continue;
          seen.add(dialog);
          const labelId = dialog.getAttribute('aria-labelledby');
          const title =
            (labelId && document.getElementById(labelId)?.textContent) || dialog.getAttribute('aria-label') || '';
          (window as unknown as { __parleyDialogOpened: (title: string) => void }).__parleyDialogOpened(title.trim());
        }
      };
      new MutationObserver(report).observe(document, { childList: true, subtree: true });
    });
  }

  private queue(check: Check) {
    this.pending = this.pending.then(() => this.check(check));
  }

  private async check(check: Check) {
    let key = check.kind === 'dialog' ? check.key : '';
    try {
      if (this.page.isClosed()) return;
      await settle(this.page);
      let include: string | undefined = '[role="dialog"]';
      if (check.kind === 'page') {
        // Screens sharing one layout (every coming-soon page) say so with data-screen: checked once.
        const shared = await this.page.evaluate(() =>
          document.querySelector('main [data-screen]')?.getAttribute('data-screen'),
        );
        key = `page ${shared ?? screenKey(this.page.url())}${check.suffix ?? ''}`;
        if (checked.has(key)) return;
        checked.add(key);
        const inShell = await this.page.locator('#side-navigation').count();
        include = inShell && shellChecked ? 'main' : undefined;
        if (inShell) shellChecked = true;
      }
      this.findings.push(...(await accessibilityFindings(this.page, key, include)));
    } catch {
      // The page closed or changed mid-check: the screen is checked when a story shows it again.
      checked.delete(key);
    }
  }

  /** Resolves when the checks of the screens and dialogs shown so far are done. */
  async idle() {
    await this.pending;
  }

  /** Waits for the checks under way, checks the page as the story leaves it, and returns the findings. */
  async finish(): Promise<AccessibilityFinding[]> {
    if (!this.page.isClosed() && this.page.url().startsWith('http')) {
      this.queue({ kind: 'page', suffix: ' as a story leaves it' });
    }
    await this.pending;
    return this.findings;
  }
}
