import type { FastifyInstance } from 'fastify';
import { conversationEvents, conversationTopics } from '@parley/contracts/conversations';
import type { Db } from '../../db/client';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { OutboundHttp } from '../../platform/outbound-http';
import type { SecretBox } from '../../platform/secrets';
import { CHAT_WEBHOOK_JOB, createChatWebhooks, type WebhookJob } from './chat-webhook';
import type { ChannelMessaging } from '../../platform/messaging/channel-messaging';
import type { EventBus } from '../../platform/realtime/bus';
import { createChatConfigService } from './chat-config.service';
import { createConversationsRepository } from './conversations.repository';
import { registerConversationsRoutes } from './conversations.routes';
import { createConversationsService } from './conversations.service';
import { createLiveCountsPublisher } from './live-counts';
import { createConversationRuntime, type BotResponder, type ConversationRuntime, type Published } from './runtime';

export type { BotAnswer, BotResponder, ConversationRuntime } from './runtime';

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

  /** Publishes a change: the conversation to its department's queue and its watchers, then messages, counts and spec events. */
  async function publishChange(published: Published) {
    const { enterpriseId, conversationId } = published;
    const summary = await repository.summary(enterpriseId, conversationId, '00000000-0000-0000-0000-000000000000');
    if (!summary) return;
    const payload = { conversation: { ...summary, pinned: undefined } };
    await deps.bus.publish({
      enterpriseId,
      topic: conversationTopics.department(summary.departmentId),
      name: conversationEvents.updated,
      payload,
    });
    await deps.bus.publish({
      enterpriseId,
      topic: conversationTopics.conversation(conversationId),
      name: conversationEvents.updated,
      payload,
    });
    if (published.departmentId !== summary.departmentId && published.departmentChanged)
      await deps.bus.publish({
        enterpriseId,
        topic: conversationTopics.department(published.departmentId),
        name: conversationEvents.updated,
        payload,
      });
    const { pinned: _pinned, ...shared } = summary;
    await webhooks
      .enqueue(enterpriseId, 'conversation.updated', { conversation: shared })
      .catch((error: unknown) => app.log.error({ err: error }, 'could not queue a conversation webhook'));
    for (const message of await repository.messagesByIds(published.messageIds)) {
      await deps.bus.publish({
        enterpriseId,
        topic: conversationTopics.conversation(conversationId),
        name: conversationEvents.message,
        payload: { conversationId, message },
      });
      await webhooks
        .enqueue(enterpriseId, 'conversation.message', { conversationId, message })
        .catch((error: unknown) => app.log.error({ err: error }, 'could not queue a conversation webhook'));
    }
    await liveCounts.publish(enterpriseId, published.countsFor);
    for (const event of published.agentEvents)
      await deps.bus.publish({ enterpriseId, userId: event.userId, name: event.name, payload: event.payload });
  }

  const runtime = createConversationRuntime({
    db: deps.db,
    messaging: deps.messaging,
    bus: deps.bus,
    bot: deps.bot,
    log: app.log,
    onChanged: publishChange,
  });
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
    if (deps.autoStart !== false) runtime.start();
  });
  app.addHook('onClose', async () => runtime.stop());
  return { runtime, conversations, chatConfig, authorizeTopics: conversations.authorizeTopics };
}
