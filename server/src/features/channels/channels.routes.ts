import type { FastifyInstance } from 'fastify';
import { channelMessages as texts, channelRoutes } from '@parley/contracts/channels';
import { addRoute } from '../../platform/http';
import type { ChannelsService } from './channels.service';

export function registerChannelRoutes(app: FastifyInstance, deps: { channels: ChannelsService }) {
  const { channels } = deps;
  const tag = 'Channels';
  const view = ['CHANNELS.VIEW', 'CHANNELS.MANAGE', 'MSG_TEMPLATES'] as const;
  const manage = 'CHANNELS.MANAGE';

  // The broadcast screen (CHAT.HANDLE, engagement.md §7.2 "Get channels") lists channels too: for
  // those who cannot manage channels, credentials and the verify token are left out altogether.
  addRoute(app, channelRoutes.list, { permission: [...view, 'CHAT.HANDLE'], tag }, async ({ session, query }) =>
    channels.list(session().enterpriseId, query, {
      withCredentials: session().permissions.some((held) => held === manage || held === 'CHANNELS.VIEW'),
    }),
  );
  addRoute(
    app,
    channelRoutes.getOffer,
    { permission: ['CHANNELS.VIEW', 'CHANNELS.MANAGE'], tag },
    async ({ session }) => channels.getOffer(session().enterpriseId),
  );
  addRoute(
    app,
    channelRoutes.setOffer,
    { permission: manage, tag, audit: 'channel.vendorOffer' },
    async ({ session, body }) => channels.setOffer(session().enterpriseId, body.vendors),
  );
  addRoute(app, channelRoutes.get, { permission: view, tag }, async ({ session, params }) => ({
    channelConfig: await channels.get(session().enterpriseId, params.id),
  }));
  addRoute(
    app,
    channelRoutes.create,
    { permission: manage, tag, audit: 'channel.create', message: texts.saved },
    async ({ session, body }) => ({
      channelConfig: await channels.create(session().enterpriseId, session().userId, body),
    }),
  );
  addRoute(
    app,
    channelRoutes.update,
    { permission: manage, tag, audit: 'channel.update', message: texts.saved },
    async ({ session, params, body }) => ({
      channelConfig: await channels.update(session().enterpriseId, params.id, body),
    }),
  );
  addRoute(
    app,
    channelRoutes.remove,
    { permission: manage, tag, audit: 'channel.delete', message: texts.deleted },
    async ({ session, params }) => channels.remove(session().enterpriseId, params.id),
  );
  addRoute(app, channelRoutes.test, { permission: manage, tag, audit: 'channel.test' }, async ({ session, params }) =>
    channels.test(session().enterpriseId, params.id),
  );
  addRoute(app, channelRoutes.messages, { permission: view, tag }, async ({ session, params, query }) =>
    channels.messages(session().enterpriseId, params.id, query),
  );
  addRoute(
    app,
    channelRoutes.send,
    { permission: ['CHANNELS.MANAGE', 'CHAT.HANDLE'], tag, audit: 'channel.send' },
    async ({ session, params, body }) => channels.send(session().enterpriseId, params.id, body),
  );
}
