import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { createResponseSerializerCompiler } from './platform/response-serializer';
import { registerSecurityHeaders } from './platform/security-headers';
import { registerCompression, registerWebAssets } from './platform/compression';
import { healthRoutes } from '@parley/contracts/health';
import { fileLimits } from '@parley/contracts/files';
import type { Config } from './config';
import type { Database } from './db/client';
import type { EventBus } from './platform/realtime/bus';
import type { Jobs } from './platform/jobs';
import type { Mailer } from './platform/mail';
import type { SecretBox } from './platform/secrets';
import { createSessionsService } from './platform/sessions';
import { createCaptchaService } from './platform/captcha';
import { createFileStore } from './platform/files';
import { AppError } from './platform/errors';
import { addRoute } from './platform/http';
import {
  registerAuditLog,
  registerAuthHooks,
  registerErrorHandling,
  registerInputGuards,
  registerNotFound,
} from './platform/request-hooks';
import { chooseProtocol, registerRealtimeSocket, type TopicAuthorizer } from './platform/realtime/socket';
import { accountFeature } from './features/account/index';
import { mailOutboxFeature } from './features/mail-outbox/index';
import { auditTrailFeature } from './features/audit-trail/index';
import { filesFeature } from './features/files/index';
import { apiKeysFeature, createApiKeysService } from './features/api-keys/index';
import { integrationsFeature } from './features/integrations/index';
import { createOutboundHttp } from './platform/outbound-http';
import { usersFeature } from './features/users/index';
import { departmentsFeature } from './features/departments/index';
import { invitationsFeature } from './features/invitations/index';
import { enterpriseProfileFeature } from './features/enterprise-profile/index';
import { agentsFeature } from './features/agents/index';
import { nluFeature } from './features/nlu/index';
import { customersFeature } from './features/customers/index';
import { customerUploadsFeature } from './features/customer-uploads/index';
import { channelsFeature } from './features/channels/index';
import { sandboxFeature } from './features/sandbox/index';
import { templatesFeature } from './features/templates/index';
import { createVendorAdapters } from './platform/messaging/adapters';
import { blacklistFeature } from './features/blacklist/index';
import { rateCardFeature } from './features/rate-card/index';
import { deliveryReportFeature } from './features/delivery-report/index';
import { broadcastsFeature } from './features/broadcasts/index';
import { campaignSendGuard, campaignsFeature } from './features/campaigns/index';
import { conversationsFeature, type BotResponder } from './features/conversations/index';
import { predictBody } from '@parley/contracts/nlu';
import { createLocalLocks, createPostgresLocks } from './platform/session-locks';
import type { ChannelMessaging } from './platform/messaging/channel-messaging';

export interface AppDeps {
  config: Config;
  database: Database;
  bus: EventBus;
  jobs: Jobs;
  mailer: Mailer;
  secrets: SecretBox;
  logger?: FastifyBaseLogger;
  /** Agents to train once the app is ready (the first start's demo agents). */
  trainOnReady?: { enterpriseId: string; agentIds: string[]; knowledgeAgentIds?: string[] };
  /** The conversation runtime's sweeps (off in tests that drive them by hand). */
  conversationSweeps?: boolean;
}

/** Builds the Fastify app: platform plugins first, then every feature. Starts nothing. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database, bus, mailer, secrets } = deps;
  const app = Fastify({
    ...(deps.logger ? { loggerInstance: deps.logger } : { logger: false }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
    },
    requestIdHeader: false,
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createResponseSerializerCompiler(config.strictResponses));
  // First, so that replies refused by later hooks (401, 403, 429) carry these headers too.
  registerSecurityHeaders(app, {
    imageOrigins: config.adBannerUrl ? [new URL(config.adBannerUrl).origin] : [],
    // The agent analytics tabs embed pages of the analytics service (agents.md §2.2).
    frameOrigins: config.analyticsUrl ? [new URL(config.analyticsUrl).origin] : [],
  });

  registerErrorHandling(app);
  const sessions = createSessionsService({ db: database.db, bus, config });
  const apiKeys = createApiKeysService({ db: database.db, bus, config });
  registerAuthHooks(app, { sessions, apiKeys });
  registerAuditLog(app, { db: database.db });
  registerInputGuards(app);

  // The rate-limit plugin does not close a Redis client it is given: the app does.
  const rateLimitRedis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 })
    : undefined;
  if (rateLimitRedis)
    app.addHook('onClose', async () => {
      await rateLimitRedis.quit().catch(() => undefined);
    });
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis } : {}),
    errorResponseBuilder: () => Object.assign(new Error('rate limited'), { statusCode: 429 }),
  });
  await app.register(multipart, { limits: { fileSize: fileLimits.maxBytes, files: 1, fields: 20 } });
  await app.register(websocket, { options: { maxPayload: 64 * 1024, handleProtocols: chooseProtocol } });
  // The web app's files first (precompressed at build), then on-the-fly compression for the routes after it.
  await registerWebAssets(app, config.webDist);
  await registerCompression(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Parley API',
        version: '0.1.0',
        description: 'Every call of the Parley console. Envelope: { status, message, data }.',
      },
      components: { securitySchemes: { authtoken: { type: 'apiKey', in: 'header', name: 'authtoken' } } },
      security: [{ authtoken: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  addRoute(app, healthRoutes.health, { permission: 'public', tag: 'Platform' }, async () => ({
    uptimeSeconds: process.uptime(),
  }));
  addRoute(app, healthRoutes.ready, { permission: 'public', tag: 'Platform' }, async ({ reply }) => {
    try {
      await database.ping();
    } catch {
      reply.status(503);
      throw new AppError('SHUTTING_DOWN', { message: 'The database is not reachable' });
    }
    return { database: database.kind };
  });

  const captcha = createCaptchaService({ db: database.db, testAnswer: config.captchaTestAnswer });
  const files = createFileStore({ db: database.db, dataDir: config.dataDir });
  // The conversations feature decides who may watch which chat queue; it is built further down.
  const topics: { authorize?: TopicAuthorizer } = {};
  registerRealtimeSocket(app, {
    bus,
    sessions,
    authorizeTopics: async (auth, asked) => (topics.authorize ? topics.authorize(auth, asked) : []),
  });
  const account = accountFeature(app, {
    db: database.db,
    sessions,
    captcha,
    mailer,
    secrets,
    config,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    appConfig: () => ({
      title: config.title,
      hideSignup: config.hideSignup,
      enableAds: config.adBannerUrl !== undefined,
      adBannerUrl: config.adBannerUrl ?? null,
    }),
  });
  mailOutboxFeature(app, { db: database.db });
  auditTrailFeature(app, { db: database.db });
  filesFeature(app, { files });
  apiKeysFeature(app, { apiKeys });
  const outbound = createOutboundHttp({ allow: config.outboundAllow });
  const integrations = integrationsFeature(app, { db: database.db, secrets, outbound });
  usersFeature(app, { db: database.db, sessions, config });
  departmentsFeature(app, { db: database.db });
  invitationsFeature(app, {
    db: database.db,
    mailer,
    sessions,
    config,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
    sessionUser: (userId) => account.me(userId),
  });
  enterpriseProfileFeature(app, { db: database.db, sessions, config });
  const nlu = nluFeature(app, {
    db: database.db,
    jobs: deps.jobs,
    bus,
    outbound,
    genAi: integrations,
    region: config.defaultPhoneRegion,
    trainOnReady: deps.trainOnReady,
    files,
  });
  const designer = agentsFeature(app, {
    db: database.db,
    files,
    config,
    genAiConfigs: integrations,
    trainer: nlu.trainer,
  });
  const customerMaster = customersFeature(app, { db: database.db, config });
  customerUploadsFeature(app, { database, files, jobs: deps.jobs, bus, config });

  // The Sandbox vendor delivers its callbacks through the channels' webhook pipeline, and the
  // channels send through the Sandbox's adapter: the messaging service is handed over once built.
  const late: { messaging?: ChannelMessaging } = {};
  const sandbox = sandboxFeature(app, {
    db: database.db,
    jobs: deps.jobs,
    bus,
    config,
    messaging: () => {
      if (!late.messaging) throw new Error('The channels feature is not ready');
      return late.messaging;
    },
  });
  const adapters = createVendorAdapters({ http: outbound, baseUrls: config.vendorBaseUrls, sandbox: sandbox.phone });
  const channels = channelsFeature(app, { db: database.db, secrets, adapters, bus, config, files });
  late.messaging = channels.messaging;
  templatesFeature(app, {
    db: database.db,
    jobs: deps.jobs,
    bus,
    config,
    files,
    adapters,
    messaging: channels.messaging,
  });
  const { blocklist } = blacklistFeature(app, { db: database.db, config, messaging: channels.messaging });
  const { rates } = rateCardFeature(app, { db: database.db });
  deliveryReportFeature(app, { db: database.db });
  const { pipeline } = broadcastsFeature(app, {
    db: database.db,
    jobs: deps.jobs,
    bus,
    config,
    files,
    messaging: channels.messaging,
    blocklist,
    rates,
    // Campaign rules (quiet hours, frequency caps, click tracking) asked before each batch is sent.
    guard: campaignSendGuard({ db: database.db, config }),
    locks:
      database.kind === 'postgres' && config.databaseUrl
        ? createPostgresLocks(config.databaseUrl, app.log)
        : createLocalLocks(),
  });
  campaignsFeature(app, { db: database.db, config, rates, pipeline, bus });

  // The channel's NLP agent answers on the channel exactly as in Try it (the conversation is its session).
  const bot: BotResponder = {
    async respond(input) {
      try {
        const result = await nlu.predict(
          input.enterpriseId,
          predictBody.parse({
            agentId: input.agentId,
            sessionId: input.sessionId,
            message: { type: 'text', text: input.text.slice(0, 1000) },
            metadata: { timeZone: input.timeZone },
          }),
        );
        // A handoff intent hands over once answered, not while it still asks for a parameter.
        const complete = result.intentIdentified && result.intent !== null && result.awaitingParameter === null;
        // A knowledge answer from a web page tells the customer where to read more; a PDF's link is
        // the console's own, which a customer cannot open.
        const page = result.source.find((source) => /^https?:\/\//i.test(source));
        return {
          text: page ? `${result.output.text}\n\nSource: ${page}` : result.output.text,
          understood: result.intentIdentified,
          handoff: complete && (await designer.isHandoffIntent(input.enterpriseId, input.agentId, result.intent!)),
          intent: result.intent,
          confidence: result.confidence,
          emotion: result.emotion,
          slots: result.parameters.map((parameter) => ({ parameter: parameter.parameter, value: parameter.value })),
        };
      } catch (error) {
        // An agent that cannot answer (untrained, a prompt agent for now, deleted) hands over to people.
        if (error instanceof AppError && error.httpStatus < 500) return null;
        throw error;
      }
    },
  };
  const conversations = conversationsFeature(app, {
    db: database.db,
    jobs: deps.jobs,
    outbound,
    secrets,
    bus,
    files,
    messaging: channels.messaging,
    bot,
    // Collect data after conversation: the prompt agent's variables into the customer's attributes.
    collector: nlu.collector,
    attributes: customerMaster.attributes,
    autoStart: deps.conversationSweeps !== false,
  });
  topics.authorize = conversations.authorizeTopics;

  registerNotFound(app, { webDist: config.webDist });
  return app;
}
