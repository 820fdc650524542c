import type { FastifyInstance } from 'fastify';
import { campaignList, campaignRoutes as routes } from '@parley/contracts/campaigns';
import { envelope, errorEnvelope } from '@parley/contracts/envelope';
import type { FeatureFlag, Permission } from '@parley/contracts/permissions';
import { z } from 'zod';
import { AppError } from '../../platform/errors';
import { cleanFileName } from '../../platform/files';
import { addRoute } from '../../platform/http';
import type { AuthContext } from '../../platform/sessions';
import type { Actor, CampaignsService } from './campaigns.service';
import { listLimits, type CampaignLists } from './lists';

const tag = 'Campaigns';

/** Who may read campaigns (platform §2.2, §6): the authors, the checkers and the starters. */
const readers: Permission[] = [
  'CAMPAIGNS.CREATE',
  'CAMPAIGNS.EDIT',
  'CAMPAIGNS.VIEW',
  'CAMPAIGNS.DELETE',
  'CAMPAIGNS.APPROVE',
  'CAMPAIGNS.START',
  'CAMPAIGNS.VIEW_REJECTED',
];
const authors: Permission[] = ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT'];
const editorReaders: Permission[] = ['CAMPAIGNS.CREATE', 'CAMPAIGNS.EDIT', 'CAMPAIGNS.VIEW'];

const actorOf = (auth: AuthContext): Actor => ({
  enterpriseId: auth.enterpriseId,
  userId: auth.userId,
  permissions: auth.permissions,
});

export function registerCampaignsRoutes(
  app: FastifyInstance,
  deps: { campaigns: CampaignsService; lists: CampaignLists },
) {
  const { campaigns, lists } = deps;

  addRoute(app, routes.list, { permission: readers, tag }, async ({ session, query }) =>
    campaigns.list(session().enterpriseId, query),
  );
  addRoute(app, routes.lists, { permission: editorReaders, tag }, async ({ session }) =>
    lists.list(session().enterpriseId),
  );
  // Names only: the department list of administration (with managers and members) stays theirs.
  addRoute(app, routes.departments, { permission: editorReaders, tag }, async ({ session }) => ({
    departments: await campaigns.departments(session().enterpriseId),
  }));
  addRoute(
    app,
    routes.activities,
    { permission: [...readers, 'CAMPAIGNS.VIEW_CAMPAIGNREPORT'], tag },
    async ({ session, query }) => campaigns.activities(actorOf(session()), query),
  );
  addRoute(app, routes.get, { permission: readers, tag }, async ({ session, params }) =>
    campaigns.get(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    routes.create,
    { permission: 'CAMPAIGNS.CREATE', tag, audit: 'campaign.create', message: 'Campaign saved' },
    async ({ session, body }) => campaigns.create(actorOf(session()), body),
  );
  addRoute(
    app,
    routes.update,
    { permission: 'CAMPAIGNS.EDIT', tag, audit: 'campaign.update', message: 'Campaign saved' },
    async ({ session, params, body }) => campaigns.update(actorOf(session()), params.id, body),
  );
  addRoute(
    app,
    routes.remove,
    { permission: 'CAMPAIGNS.DELETE', tag, audit: 'campaign.delete', message: 'Campaign deleted' },
    async ({ session, params }) => campaigns.remove(actorOf(session()), params.id),
  );
  addRoute(
    app,
    routes.clone,
    { permission: 'CAMPAIGNS.CREATE', tag, audit: 'campaign.clone', message: 'Campaign cloned' },
    async ({ session, params }) => campaigns.clone(actorOf(session()), params.id),
  );
  addRoute(app, routes.audienceCount, { permission: editorReaders, tag, audit: false }, async ({ session, body }) =>
    campaigns.count(session().enterpriseId, body.audience),
  );
  addRoute(
    app,
    routes.submit,
    { permission: authors, tag, audit: 'campaign.submit', message: 'Campaign submitted for approval' },
    async ({ session, params }) => campaigns.submit(actorOf(session()), params.id),
  );
  addRoute(
    app,
    routes.test,
    { permission: authors, tag, audit: 'campaign.test', message: 'Test message sent' },
    async ({ session, params, body }) => {
      requireFlag(session(), 'CAMPAIGN_TEST');
      return campaigns.test(actorOf(session()), params.id, body);
    },
  );
  addRoute(
    app,
    routes.approve,
    { permission: 'CAMPAIGNS.APPROVE', tag, audit: 'campaign.activity.approve', message: 'Activity approved' },
    async ({ session, params }) => campaigns.approve(actorOf(session()), params.id),
  );
  addRoute(
    app,
    routes.reject,
    { permission: 'CAMPAIGNS.APPROVE', tag, audit: 'campaign.activity.reject', message: 'Activity rejected' },
    async ({ session, params, body }) => campaigns.reject(actorOf(session()), params.id, body.reason),
  );
  addRoute(
    app,
    routes.estimate,
    { permission: ['CAMPAIGNS.APPROVE', 'CAMPAIGNS.START'], tag },
    async ({ session, params }) => {
      requireFlag(session(), 'CAMPAIGN_ESTIMATE');
      return campaigns.estimate(actorOf(session()), params.id);
    },
  );
  // Start, pause, resume and stop: one permission, the activity's id, an audit entry each.
  const controls = [
    ['start', 'Campaign started'],
    ['pause', 'Campaign paused'],
    ['resume', 'Campaign resumed'],
    ['stop', 'Campaign stopped'],
  ] as const;
  for (const [action, message] of controls)
    addRoute(
      app,
      routes[action],
      { permission: 'CAMPAIGNS.START', tag, audit: `campaign.activity.${action}`, message },
      async ({ session, params }) => campaigns[action](actorOf(session()), params.id),
    );

  // POST /api/campaigns/lists, multipart with one CSV in the field "file": the file streams through.
  app.route({
    method: 'POST',
    url: '/api/campaigns/lists',
    schema: {
      summary: 'Uploads a list of numbers (CSV) for a campaign audience',
      tags: [tag],
      response: {
        200: envelope(z.object({ list: campaignList })),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    config: { permission: authors, audit: 'campaign.list.upload' },
    handler: async (request) => {
      const auth = request.auth!;
      if (!request.isMultipart())
        throw new AppError('UNSUPPORTED_MEDIA', {
          message: 'Send the file as multipart/form-data in the field "file"',
        });
      const part = await request.file({ limits: { fileSize: listLimits.maxBytes, files: 1 } });
      if (!part || part.fieldname !== 'file') throw new AppError('FILE_EMPTY');
      const data = await lists.upload(
        { enterpriseId: auth.enterpriseId, userId: auth.userId },
        { fileName: cleanFileName(part.filename), stream: part.file, truncated: () => part.file.truncated },
      );
      return { status: true as const, message: 'Success', data };
    },
  });
}

/** Test sends and the estimate are switches of the enterprise (agents.md §1), off by default. */
function requireFlag(auth: AuthContext, flag: FeatureFlag) {
  if (auth.flags?.[flag] !== true) throw new AppError('CAMPAIGN_FEATURE_OFF');
}
