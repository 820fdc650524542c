/**
 * What the broadcast feature asks of others, as interfaces (app.ts hands the implementations over):
 * the blacklist and opt-outs, and the rate card behind the estimate.
 */
export type BlockReason = 'blacklisted' | 'opted_out';

export interface Blocklist {
  /** The numbers among `phones` (E.164 with plus) that must not be messaged, and why. */
  blocked(enterpriseId: string, phones: readonly string[]): Promise<Map<string, BlockReason>>;
}

export interface CostEstimate {
  currencySymbol: string;
  estimatedRate: number;
  /** Recipients whose country has no rate. */
  unpriced: number;
  byCountry: { country: string; recipients: number; rate: number | null }[];
}

export interface RateCard {
  /**
   * The cost of messaging these recipients with a template of `category`: recipients grouped by
   * country dial code (from their E.164 number), priced from the enterprise's rate card.
   */
  estimate(
    enterpriseId: string,
    category: string,
    /**
     * The numbers; or one country's count; or counts by number prefix ('+' and the first three
     * digits fix the dial code), for audiences too large to read number by number.
     */
    recipients:
      | readonly string[]
      | { country: string; count: number }
      | { byPrefix: readonly { prefix: string; count: number }[] },
  ): Promise<CostEstimate>;
}

/** What the send guard decides for one claimed row: skip it (recorded as blocked), send it later, or send other values. */
export interface GuardVerdict {
  skip?: { code: string; text: string };
  deferUntil?: Date;
  /** Why a deferred row waits (kept on the row while it waits, so that a changed rule can release it). */
  deferReason?: { code: string; text: string };
  values?: Record<string, unknown>;
}

/**
 * Asked by the broadcast pipeline about each claimed batch before it is sent (campaigns: quiet hours,
 * frequency caps, click tracking); rows it says nothing about are sent as they are.
 */
export interface SendGuard {
  check(
    broadcast: { id: string; enterpriseId: string; channelId: string },
    rows: readonly { id: string; phone: string; values: Record<string, unknown> }[],
  ): Promise<Map<string, GuardVerdict>>;
}
