import type { ChannelMessage } from '@parley/contracts/channels';
import type {
  AdapterChannel,
  InboundMessage,
  SessionMessage,
  StatusEvent,
  TemplateMessage,
  TemplateStatusEvent,
  WebhookRequest,
  WebhookVerdict,
} from './vendor-adapter';

/** WhatsApp's customer-service window: a session message needs an inbound message this recent. */
export const SESSION_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * What the channels feature offers the others (templates, sandbox, later broadcast and chat):
 * sending through a channel's adapter with every message logged, the webhook pipeline, and
 * subscriptions to what webhooks bring in. Features depend on this interface, never on the
 * channels feature's insides; app.ts hands the implementation over.
 */
export interface ChannelMessaging {
  /** The channel with decrypted credentials, or null when it is not the enterprise's. */
  channel(enterpriseId: string, channelId: string): Promise<MessagingChannel | null>;
  /** The same, by id alone, for jobs that run outside a request (the Sandbox's status clock). */
  channelById(channelId: string): Promise<MessagingChannel | null>;
  /**
   * Sends a template through the channel's adapter and logs it (channel_messages, status
   * 'accepted'). Throws AppError: CHANNEL_SENDING_UNAVAILABLE, CHANNEL_VENDOR_REJECTED,
   * CHANNEL_VENDOR_UNREACHABLE, CHANNEL_VENDOR_AUTH, CHANNEL_OUTSIDE_WINDOW. A vendor's refusal
   * carries the VendorError as the AppError's `cause` (its kind says whether to try again).
   */
  sendTemplate(
    enterpriseId: string,
    channelId: string,
    input: {
      message: TemplateMessage;
      templateId?: string;
      source: 'test' | 'broadcast' | 'chat' | 'campaign';
      sourceId?: string;
      /**
       * A bulk send (a broadcast): no 'channelMessage.updated' event per message (the broadcast
       * publishes its own progress), its log row written in one INSERT with those of the other bulk
       * sends finishing meanwhile, and the channel's credentials read at most every few seconds.
       * It still resolves only once its row is stored.
       */
      bulk?: boolean;
    },
  ): Promise<ChannelMessage>;
  /** A text or media message inside the 24-hour window (refused outside it with CHANNEL_OUTSIDE_WINDOW). */
  sendSession(
    enterpriseId: string,
    channelId: string,
    input: {
      message: SessionMessage;
      source: 'session' | 'chat';
      sourceId?: string;
      /** The customer's last message as the caller knows it: inside the window, the log is not read again. */
      lastInbound?: Date | null;
    },
  ): Promise<ChannelMessage>;
  /**
   * Runs a callback through the channel's verification and parsing and stores what it carries,
   * exactly as the public webhook route does (the Sandbox delivers its callbacks through here).
   */
  ingest(webhookKey: string, request: WebhookRequest): Promise<WebhookVerdict>;
  onTemplateStatus(handler: (channel: MessagingChannel, event: TemplateStatusEvent) => Promise<void>): void;
  /**
   * New inbound messages, once stored (a repeat is not announced again); `stored` names the logged
   * row, which stays unrouted (routed_at null) until the conversation runtime takes it.
   */
  onInbound(
    handler: (
      channel: MessagingChannel,
      message: InboundMessage,
      stored: { id: string; channelId: string; customerNumber: string },
    ) => Promise<void>,
  ): void;
  /**
   * New status events, in the batches they were stored in (a busy channel's callbacks are stored
   * together); `message` is the logged message the event's batch moved (absent when it moved none).
   */
  onStatus(handler: (updates: StatusUpdate[]) => Promise<void>): void;
}

/** A status event with its channel and the message it advanced, so subscribers need not look them up again. */
export type StatusUpdate = StatusEvent & {
  channelId: string;
  enterpriseId: string;
  message?: { id: string; source: string; sourceId: string | null };
};

export interface MessagingChannel {
  adapter: AdapterChannel;
  name: string;
  /** Whether an adapter exists for this vendor and type. */
  canSend: boolean;
  /** Whether the vendor takes templates through its API (else they live in its portal). */
  templateApi: boolean;
  vendorName: string;
}
