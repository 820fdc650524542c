import type { FastifyInstance } from 'fastify';
import { chatConfigRoutes, conversationMessages as texts, conversationRoutes } from '@parley/contracts/conversations';
import { addRoute } from '../../platform/http';
import type { ChatConfigService } from './chat-config.service';
import type { ChatWebhooks } from './chat-webhook';
import type { ConversationsService } from './conversations.service';

export function registerConversationsRoutes(
  app: FastifyInstance,
  deps: { conversations: ConversationsService; chatConfig: ChatConfigService; webhooks: ChatWebhooks },
) {
  const { conversations, chatConfig, webhooks } = deps;
  const tag = 'Conversations';
  const handle = 'CHAT.HANDLE' as const;
  const routes = conversationRoutes;

  addRoute(app, routes.list, { permission: handle, tag }, async ({ session, query }) =>
    conversations.list(session(), query),
  );
  addRoute(app, routes.counts, { permission: handle, tag }, async ({ session }) => conversations.counts(session()));
  addRoute(app, routes.agents, { permission: handle, tag }, async ({ session }) => ({
    agents: await conversations.agents(session().enterpriseId),
    departments: await conversations.departments(session().enterpriseId),
  }));
  addRoute(app, routes.myStatus, { permission: handle, tag }, async ({ session }) => conversations.self(session()));
  addRoute(app, routes.setMyStatus, { permission: handle, tag, audit: false }, async ({ session, body }) =>
    conversations.setStatus(session(), body.agentStatus),
  );
  addRoute(app, routes.quickReplies, { permission: [handle, 'CHAT.CHAT_CONFIG'], tag }, async ({ session }) => ({
    quickReplies: await conversations.quickReplies(session().enterpriseId),
  }));
  addRoute(app, routes.get, { permission: handle, tag }, async ({ session, params }) =>
    conversations.get(session(), params.id),
  );
  addRoute(app, routes.messages, { permission: handle, tag }, async ({ session, params, query }) =>
    conversations.messages(session(), params.id, query),
  );
  addRoute(app, routes.send, { permission: handle, tag, audit: false }, async ({ session, params, body }) =>
    conversations.send(session(), params.id, body),
  );
  addRoute(app, routes.read, { permission: handle, tag, audit: false }, async ({ session, params }) =>
    conversations.read(session(), params.id),
  );
  addRoute(
    app,
    routes.pickup,
    { permission: handle, tag, audit: 'chat.pickup', message: texts.pickedUp },
    async ({ session, params }) => conversations.pickup(session(), params.id),
  );
  addRoute(app, routes.accept, { permission: handle, tag, audit: 'chat.accept' }, async ({ session, params }) =>
    conversations.accept(session(), params.id),
  );
  addRoute(
    app,
    routes.transfer,
    { permission: handle, tag, audit: 'chat.transfer', message: texts.transferred },
    async ({ session, params, body }) => conversations.transfer(session(), params.id, body),
  );
  addRoute(
    app,
    routes.invite,
    { permission: handle, tag, audit: 'chat.invite', message: texts.invited },
    async ({ session, params, body }) => conversations.invite(session(), params.id, body),
  );
  addRoute(
    app,
    routes.assign,
    { permission: handle, tag, audit: 'chat.assign', message: texts.assigned },
    async ({ session, params, body }) => conversations.assign(session(), params.id, body),
  );
  addRoute(
    app,
    routes.suspend,
    { permission: handle, tag, audit: 'chat.suspend', message: texts.suspended },
    async ({ session, params }) => conversations.suspend(session(), params.id),
  );
  addRoute(
    app,
    routes.resume,
    { permission: handle, tag, audit: 'chat.resume', message: texts.resumed },
    async ({ session, params }) => conversations.resume(session(), params.id),
  );
  addRoute(
    app,
    routes.tag,
    { permission: handle, tag, audit: 'chat.tag', message: texts.tagged },
    async ({ session, params, body }) => conversations.tag(session(), params.id, body),
  );
  addRoute(
    app,
    routes.close,
    { permission: handle, tag, audit: 'chat.close', message: texts.closed },
    async ({ session, params, body }) => conversations.close(session(), params.id, body),
  );
  addRoute(
    app,
    routes.leave,
    { permission: handle, tag, audit: 'chat.leave', message: texts.left },
    async ({ session, params }) => conversations.leave(session(), params.id),
  );
  addRoute(app, routes.pin, { permission: handle, tag, audit: false }, async ({ session, params }) =>
    conversations.pin(session(), params.id, params.pinAction),
  );

  const configTag = 'Chat Config';
  const manage = 'CHAT.CHAT_CONFIG' as const;
  addRoute(app, chatConfigRoutes.list, { permission: manage, tag: configTag }, async ({ session }) => ({
    configs: await chatConfig.list(session().enterpriseId),
  }));
  addRoute(
    app,
    chatConfigRoutes.update,
    { permission: manage, tag: configTag, audit: 'chat_config.update', message: texts.configSaved },
    async ({ session, params, body }) => chatConfig.update(session().enterpriseId, params.id, body),
  );
  addRoute(app, chatConfigRoutes.agents, { permission: manage, tag: configTag }, async ({ session }) => ({
    agents: await conversations.agents(session().enterpriseId),
  }));
  addRoute(
    app,
    chatConfigRoutes.setCapacity,
    { permission: manage, tag: configTag, audit: 'chat_config.capacity' },
    async ({ session, params, body }) => conversations.setCapacity(session().enterpriseId, params.id, body.capacity),
  );
  addRoute(
    app,
    chatConfigRoutes.createQuickReply,
    { permission: manage, tag: configTag, audit: 'quick_reply.create', message: texts.quickReplySaved },
    async ({ session, body }) => conversations.saveQuickReply(session().enterpriseId, null, body),
  );
  addRoute(
    app,
    chatConfigRoutes.updateQuickReply,
    { permission: manage, tag: configTag, audit: 'quick_reply.update', message: texts.quickReplySaved },
    async ({ session, params, body }) => conversations.saveQuickReply(session().enterpriseId, params.id, body),
  );
  addRoute(app, chatConfigRoutes.webhook, { permission: manage, tag: configTag }, async ({ session }) =>
    webhooks.get(session().enterpriseId),
  );
  addRoute(
    app,
    chatConfigRoutes.saveWebhook,
    { permission: manage, tag: configTag, audit: 'chat_config.webhook', message: 'Webhook saved' },
    async ({ session, body }) => webhooks.save(session().enterpriseId, body),
  );
  addRoute(
    app,
    chatConfigRoutes.testWebhook,
    { permission: manage, tag: configTag, audit: false },
    async ({ session }) => webhooks.test(session().enterpriseId),
  );
  addRoute(
    app,
    chatConfigRoutes.removeQuickReply,
    { permission: manage, tag: configTag, audit: 'quick_reply.delete', message: texts.quickReplyDeleted },
    async ({ session, params }) => conversations.removeQuickReply(session().enterpriseId, params.id),
  );
}
