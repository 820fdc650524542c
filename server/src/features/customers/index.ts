import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Config } from '../../config';

export interface CustomersDeps {
  db: Db;
  config: Config;
}

/**
 * Customer master (issue 6): attribute definitions, customers, segments and groups
 * (engagement.md §2.2–§2.5, §7.1). CSV imports are the customer-uploads feature.
 */
export function customersFeature(_app: FastifyInstance, _deps: CustomersDeps) {
  // Filled in by the customer-master server work.
}
