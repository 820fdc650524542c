import { z } from 'zod';
import { defineRoute } from './envelope';

export const healthRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness: the process answers',
    data: z.object({ uptimeSeconds: z.number() }),
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/api/ready',
    summary: 'Readiness: the database answers',
    data: z.object({ database: z.enum(['pglite', 'postgres']) }),
  }),
} as const;
