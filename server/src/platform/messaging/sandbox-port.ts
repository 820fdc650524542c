import type { AdapterChannel } from './vendor-adapter';

/**
 * The Sandbox vendor's side, as its adapter sees it: the sandbox feature stores what a simulated
 * phone receives and plays back statuses and template reviews as signed webhooks.
 */
export interface SandboxPhonePort {
  /** Stores the message on the phone of `to`; statuses follow by webhook. */
  deliver(
    channel: AdapterChannel,
    message: { to: string; content: Record<string, unknown> },
  ): Promise<{ vendorMessageId: string }>;
  /** Queues the review of a template; the verdict follows by webhook. */
  reviewTemplate(
    channel: AdapterChannel,
    template: { name: string; language: string },
  ): Promise<{ vendorTemplateId: string }>;
}
