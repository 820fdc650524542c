import type { FastifyInstance } from 'fastify';
import { conversationEvents, conversationTopics } from '@parley/contracts/conversations';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { OutboundHttp } from '../../platform/outbound-http';
import type { SecretBox } from '../../platform/secrets';
import { CHAT_WEBHOOK_JOB, createChatWebhooks, type WebhookJob } from './chat-webhook';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { EventBus, PublishInput } from '../../platform/realtime/bus';
import { createChatConfigService } from './chat-config.service';
import { createConversationsRepository } from './conversations.repository';
import { registerConversationsRoutes } from './conversations.routes';
import { createConversationsService } from './conversations.service';
import {
  COLLECT_JOB,
  collectWhenFinished,
  createCollectJob,
  type CollectJobData,
  type CustomerAttributeWriter,
  type DataCollector,
} from './conversations.jobs';
import { createLiveCountsPublisher } from './live-counts';
import { createConversationRuntime, type BotResponder, type ConversationRuntime, type Published } from './runtime';

export type { BotAnswer, BotResponder, ConversationRuntime } from './runtime';
export type { CustomerAttributeWriter, DataCollector } from './conversations.jobs';
export { COLLECT_JOB } from './conversations.jobs';

declare module 'fastify' {
  interface FastifyInstance {
    /** The conversation runtime, for tests and benches that drive its sweeps. */
    conversationRuntime: ConversationRuntime;
  }
}

export interface ConversationsDeps {
  db: Db;
  jobs: Jobs;
  outbound: OutboundHttp;
  secrets: SecretBox;
  bus: EventBus;
  files: FileStore;
  messaging: ChannelMessaging;
  bot: BotResponder;
  /** Collect data after conversation: the bot's variables read once it finished, written to the customer. */
  collector: DataCollector;
  attributes: CustomerAttributeWriter;
  /** Start the sweeps when the app is ready (off in route tests that drive the runtime by hand). */
  autoStart?: boolean;
}

/**
 * Conversations (issue 18): the runtime that routes every inbound message into its conversation
 * and lets the channel's bot answer first, the agents' console calls, Chat Config, and the realtime
 * events that keep every open console current.
 */
export function conversationsFeature(app: FastifyInstance, deps: ConversationsDeps) {
  const repository = createConversationsRepository(deps.db);
  const webhooks = createChatWebhooks({ db: deps.db, jobs: deps.jobs, outbound: deps.outbound, secrets: deps.secrets });
  const liveCounts = createLiveCountsPublisher({ db: deps.db, bus: deps.bus });

  /**
   * Publishes a change: the conversation to its department's queue and its watchers, then messages,
   * counts and spec events. Two reads (the summary, the messages) and one insert of every event.
   */
  async function publishChange(published: Published) {
    const { enterpriseId, conversationId } = published;
    const [summary, messages] = await Promise.all([
      repository.summary(enterpriseId, conversationId, '00000000-0000-0000-0000-000000000000'),
      repository.messagesByIds(published.messageIds),
    ]);
    if (!summary) return;
    const payload = { conversation: { ...summary, pinned: undefined } };
    const updated = (topic: string) => ({ enterpriseId, topic, name: conversationEvents.updated, payload });
    const events: PublishInput[] = [
      updated(conversationTopics.department(summary.departmentId)),
      updated(conversationTopics.conversation(conversationId)),
    ];
    if (published.departmentId !== summary.departmentId && published.departmentChanged)
      events.push(updated(conversationTopics.department(published.departmentId)));
    for (const message of messages)
      events.push({
        enterpriseId,
        topic: conversationTopics.conversation(conversationId),
        name: conversationEvents.message,
        payload: { conversationId, message },
      });
    for (const event of published.agentEvents)
      events.push({ enterpriseId, userId: event.userId, name: event.name, payload: event.payload });
    await deps.bus.publishMany(events);

    const { pinned: _pinned, ...shared } = summary;
    const queueWebhook = (event: Parameters<typeof webhooks.enqueue>[1], data: Record<string, unknown>) =>
      webhooks
        .enqueue(enterpriseId, event, data)
        .catch((error: unknown) => app.log.error({ err: error }, 'could not queue a conversation webhook'));
    await queueWebhook('conversation.updated', { conversation: shared });
    for (const message of messages) await queueWebhook('conversation.message', { conversationId, message });
    await liveCounts.publish(enterpriseId, published.countsFor);
  }

  const runtime = createConversationRuntime({
    db: deps.db,
    messaging: deps.messaging,
    bus: deps.bus,
    bot: deps.bot,
    log: app.log,
    onChanged: publishChange,
    onFinished: collectWhenFinished({ jobs: deps.jobs, collector: deps.collector }),
  });
  const collect = createCollectJob({ db: deps.db, collector: deps.collector, attributes: deps.attributes, runtime });
  const conversations = createConversationsService({ db: deps.db, runtime, files: deps.files });
  const chatConfig = createChatConfigService({ db: deps.db });
  registerConversationsRoutes(app, { conversations, chatConfig, webhooks });
  app.decorate('conversationRuntime', runtime);

  deps.messaging.onInbound(async (_channel, _message, stored) => {
    // Not awaited: the vendor gets its 200 at once; the stored row is the durable queue.
    void runtime.nudge(stored.id, stored.channelId, stored.customerNumber);
  });
  deps.messaging.onStatus((updates) => runtime.applyStatuses(updates));

  app.addHook('onReady', async () => {
    await deps.jobs.work<WebhookJob>(CHAT_WEBHOOK_JOB, (job) => webhooks.deliver(job));
    await deps.jobs.work<CollectJobData>(COLLECT_JOB, (job) => collect(job));
    if (deps.autoStart !== false) runtime.start();
  });
  app.addHook('onClose', async () => runtime.stop());
  return { runtime, conversations, chatConfig, authorizeTopics: conversations.authorizeTopics };
}
