import { clickTrackingPath } from '@parley/contracts/campaigns';
import type { Config } from '../../../config';
import { rawFor, type Db } from '../../../db/client';

/**
 * Click tracking (issue 21 item 4). A campaign's URL button whose template link is
 * `${publicUrl}/c/{{1}}` gets, per recipient, a token in place of its variable; the recipient's
 * stored value of that variable (broadcast_recipients.values, never changed) is the destination.
 * GET /c/<token> records the click and redirects there.
 *
 * The token is the recipient row's id (a random uuid v4: 122 random bits, so not guessable) as 22
 * base64url characters, then the button's number in decimal: the button's index (0–9) on the
 * template, or card × 10 + index on a carousel card (cards count from 1: 'card2.button1' → 21).
 * The same number is campaign_clicks.button.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([A-Za-z0-9_-]{22})(\d{1,3})$/;

export function clickToken(recipientId: string, button: number): string {
  const hex = recipientId.toLowerCase().replaceAll('-', '');
  return `${Buffer.from(hex, 'hex').toString('base64url')}${button}`;
}

export function readClickToken(token: string): { recipientId: string; button: number } | null {
  const match = TOKEN.exec(token);
  if (!match) return null;
  const bytes = Buffer.from(match[1]!, 'base64url');
  // 22 characters carry 132 bits: the last 4 must be zero (one spelling per token).
  if (bytes.length !== 16 || bytes.toString('base64url') !== match[1]) return null;
  const hex = bytes.toString('hex');
  const recipientId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  if (!UUID.test(recipientId)) return null;
  const button = Number(match[2]);
  if (!isButtonNumber(button)) return null;
  return { recipientId, button };
}

/** 0–9: a template button; 10–109: card 1–10, button 0–9. */
const isButtonNumber = (button: number) => Number.isInteger(button) && button >= 0 && button <= 109;

type Values = Record<string, unknown>;
const asRecord = (value: unknown): Record<string, unknown> | undefined =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/** The stored value of a button's variable in a recipient's TemplateValues, or undefined. */
export function buttonValue(values: Values, button: number): string | undefined {
  const value =
    button < 10
      ? asRecord(values.buttons)?.[String(button)]
      : (() => {
          const cards = Array.isArray(values.cards) ? (values.cards as unknown[]) : [];
          return asRecord(asRecord(cards[Math.floor(button / 10) - 1])?.buttons)?.[String(button % 10)];
        })();
  return typeof value === 'string' ? value : undefined;
}

/** A destination we redirect to: an absolute http(s) address, nothing else (no javascript:, data:, //host). */
export function safeDestination(value: string | undefined): string | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.hostname) return null;
  return url.toString();
}

interface Button {
  type?: unknown;
  url?: unknown;
}

/**
 * The buttons of a template (as broadcasts.template_snapshot keeps it) whose link is the tracking
 * address with a variable: their numbers as clickToken takes them.
 */
export function trackedButtons(components: unknown, trackingPrefix: string): number[] {
  const tracked: number[] = [];
  const isTracked = (button: Button) =>
    button.type === 'URL' &&
    typeof button.url === 'string' &&
    button.url.startsWith(trackingPrefix) &&
    /\{\{[^{}]*\}\}/.test(button.url);
  const buttonsOf = (parts: unknown): Button[] => {
    if (!Array.isArray(parts)) return [];
    const buttons = parts.find((part) => asRecord(part)?.type === 'BUTTONS') as { buttons?: unknown } | undefined;
    return Array.isArray(buttons?.buttons) ? (buttons.buttons as Button[]) : [];
  };
  buttonsOf(components).forEach((button, index) => {
    if (index < 10 && isTracked(button)) tracked.push(index);
  });
  const carousel = Array.isArray(components)
    ? (components.find((part) => asRecord(part)?.type === 'CAROUSEL') as { cards?: unknown } | undefined)
    : undefined;
  const cards = Array.isArray(carousel?.cards) ? (carousel.cards as { components?: unknown }[]) : [];
  cards.slice(0, 10).forEach((card, cardIndex) => {
    buttonsOf(card?.components).forEach((button, index) => {
      if (index < 10 && isTracked(button)) tracked.push((cardIndex + 1) * 10 + index);
    });
  });
  return tracked;
}

/** The row's values with each tracked button's variable replaced by its token (where it has a value). */
function withTokens(recipientId: string, values: Values, buttons: readonly number[]): Values | null {
  let changed = false;
  const next: Values = { ...values };
  for (const button of buttons) {
    if (buttonValue(values, button) === undefined) continue;
    const token = clickToken(recipientId, button);
    if (button < 10) {
      next.buttons = { ...asRecord(next.buttons), [String(button)]: token };
    } else {
      const cards = [...(next.cards as unknown[])];
      const at = Math.floor(button / 10) - 1;
      const card = asRecord(cards[at])!;
      cards[at] = { ...card, buttons: { ...asRecord(card.buttons), [String(button % 10)]: token } };
      next.cards = cards;
    }
    changed = true;
  }
  return changed ? next : null;
}

export type TrackingValues = (
  broadcast: { id: string },
  rows: readonly { id: string; values: Values }[],
) => Promise<Map<string, Values>>;

/**
 * The send guard's values hook: for a campaign's main broadcast whose campaign tracks clicks, the
 * values to send instead (tracked buttons' variables replaced by tokens) for the rows that have
 * any; the stored values stay the destinations. Other broadcasts: an empty map.
 */
export function trackingValues(db: Db, config: Pick<Config, 'publicUrl'>): TrackingValues {
  const raw = rawFor(db);
  const prefix = `${config.publicUrl}${clickTrackingPath}`;
  return async (broadcast, rows) => {
    const result = new Map<string, Values>();
    if (rows.length === 0) return result;
    const { rows: found } = await raw(
      `SELECT b.template_snapshot->'components' AS components
       FROM campaign_broadcasts cb
       JOIN campaigns c ON c.id = cb.campaign_id
       JOIN broadcasts b ON b.id = cb.broadcast_id
       WHERE cb.broadcast_id = $1 AND cb.kind = 'main' AND c.track_clicks`,
      [broadcast.id],
    );
    if (found.length === 0) return result;
    const buttons = trackedButtons(found[0]!.components, prefix);
    if (buttons.length === 0) return result;
    for (const row of rows) {
      const values = withTokens(row.id, row.values, buttons);
      if (values) result.set(row.id, values);
    }
    return result;
  };
}

/**
 * A click: the destination of the token's recipient and button when it is a campaign's main
 * broadcast row with a safe http(s) destination, recorded as a campaign_clicks row (unless
 * `record` is false: a HEAD request checks a link, nobody clicked). Null: answer 404.
 */
export function createClickTracker(deps: { db: Db }) {
  const raw = rawFor(deps.db);
  return {
    async click(token: string, options: { record: boolean }): Promise<string | null> {
      const parsed = readClickToken(token);
      if (!parsed) return null;
      const { rows } = await raw(
        `SELECT r.enterprise_id, r."values", cb.campaign_id
         FROM broadcast_recipients r
         JOIN campaign_broadcasts cb ON cb.broadcast_id = r.broadcast_id AND cb.kind = 'main'
         WHERE r.id = $1`,
        [parsed.recipientId],
      );
      const row = rows[0];
      if (!row) return null;
      const destination = safeDestination(buttonValue((row.values ?? {}) as Values, parsed.button));
      if (!destination) return null;
      if (options.record)
        await raw(
          `INSERT INTO campaign_clicks (enterprise_id, campaign_id, recipient_id, button, url) VALUES ($1, $2, $3, $4, $5)`,
          [row.enterprise_id, row.campaign_id, parsed.recipientId, parsed.button, destination],
        );
      return destination;
    },
  };
}
export type ClickTracker = ReturnType<typeof createClickTracker>;
