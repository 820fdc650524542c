import type { FastifyInstance } from 'fastify';
import type { Permission } from '@parley/contracts/permissions';
import type { z } from 'zod';
import {
  broadcastMessages,
  broadcastRoutes as routes,
  type BroadcastDetail,
  type BroadcastListItem,
  type BroadcastMessageRow,
  type MessageStatusHistory,
  type broadcastListQuery,
} from '@parley/contracts/broadcasts';
import { addRoute } from '../../platform/http';
import type { BroadcastsService } from './broadcasts.service';

/** The read side (broadcasts-read.ts). */
export interface BroadcastReads {
  list(
    enterpriseId: string,
    query: z.output<typeof broadcastListQuery>,
  ): Promise<{ broadcastList: BroadcastListItem[]; more: boolean }>;
  get(enterpriseId: string, id: string): Promise<BroadcastDetail>;
  messages(
    enterpriseId: string,
    id: string,
    query: z.output<(typeof routes.messages)['query']>,
  ): Promise<{ message: BroadcastMessageRow[]; more: boolean }>;
  messageStatus(enterpriseId: string, id: string, messageId: string): Promise<MessageStatusHistory>;
}

/** A broadcast of 100,000 numbers is about 2 MB of JSON (the default body limit is 1 MB). */
const RECIPIENTS_BODY_LIMIT = 6 * 1024 * 1024;

/** Every broadcast route (§7.2): the spec's 'Just In Time' menu entry, permission CHAT.HANDLE. */
export function registerBroadcastsRoutes(
  app: FastifyInstance,
  deps: { broadcasts: BroadcastsService; reads: BroadcastReads },
) {
  const { broadcasts, reads } = deps;
  const permission = 'CHAT.HANDLE';
  // The campaign editor (issue 21) maps a template's variables with the same widget: its reads are
  // open to campaign authors too.
  const composers: Permission[] = [permission, 'CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT'];
  const tag = 'Broadcast';

  addRoute(app, routes.columns, { permission: composers, tag }, async ({ session }) =>
    broadcasts.columns(session().enterpriseId),
  );
  addRoute(app, routes.expressionVariables, { permission: composers, tag, audit: false }, async ({ session, body }) =>
    broadcasts.expressionVariables(session().enterpriseId, body.expression),
  );
  addRoute(app, routes.customers, { permission, tag }, async ({ session, query }) =>
    broadcasts.pickerCustomers(session().enterpriseId, query),
  );
  addRoute(app, routes.templateVariables, { permission: composers, tag }, async ({ session, query }) =>
    broadcasts.templateVariables(session().enterpriseId, query.channelId, query.templateId),
  );
  addRoute(app, routes.validateMedia, { permission: composers, tag, audit: false }, async ({ session, body }) =>
    broadcasts.validateMedia(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.validate,
    { permission, tag, audit: false, bodyLimit: RECIPIENTS_BODY_LIMIT },
    async ({ session, body }) => broadcasts.check(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.estimate,
    { permission, tag, audit: false, bodyLimit: RECIPIENTS_BODY_LIMIT },
    async ({ session, body }) => broadcasts.estimate(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.send,
    { permission, tag, audit: 'broadcast.send', message: broadcastMessages.sent, bodyLimit: RECIPIENTS_BODY_LIMIT },
    async ({ session, body }) => {
      const { enterpriseId, userId } = session();
      return { data: await broadcasts.send(enterpriseId, userId, body) };
    },
  );
  addRoute(app, routes.retryFailed, { permission, tag, audit: 'broadcast.retry' }, async ({ session, params }) => {
    const result = await broadcasts.retryFailed(session().enterpriseId, params.id);
    return result;
  });

  addRoute(app, routes.list, { permission, tag }, async ({ session, query }) =>
    reads.list(session().enterpriseId, query),
  );
  addRoute(app, routes.get, { permission, tag }, async ({ session, params }) => ({
    data: await reads.get(session().enterpriseId, params.id),
  }));
  addRoute(app, routes.messages, { permission, tag }, async ({ session, params, query }) =>
    reads.messages(session().enterpriseId, params.id, query),
  );
  addRoute(app, routes.messageStatus, { permission, tag }, async ({ session, params }) =>
    reads.messageStatus(session().enterpriseId, params.id, params.messageId),
  );
}
