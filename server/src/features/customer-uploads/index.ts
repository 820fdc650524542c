import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Config } from '../../config';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform/realtime/bus';

export interface CustomerUploadsDeps {
  database: Database;
  files: FileStore;
  jobs: Jobs;
  bus: EventBus;
  config: Config;
}

/**
 * CSV imports of customers (issue 6; engagement.md §2.6–§2.8, §4): headers at once, mapping, dry
 * run, a resumable streamed import job, My Uploads with live progress, the Error List and its CSV.
 */
export function customerUploadsFeature(_app: FastifyInstance, _deps: CustomerUploadsDeps) {
  // Filled in by the CSV import work.
}
