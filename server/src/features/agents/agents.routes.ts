import type { FastifyInstance } from 'fastify';
import type { AgentsDeps } from './index';

// Placeholder until this slice lands.
export function registerAgentRoutes(_app: FastifyInstance, _deps: AgentsDeps) {}
