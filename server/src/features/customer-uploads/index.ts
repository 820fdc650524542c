import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import type { Config } from '../../config';
import type { FileStore } from '../../platform/files';
import type { Jobs } from '../../platform/jobs';
import type { EventBus } from '../../platform/realtime/bus';
import { createCustomerFieldsReader } from '../../platform/customer-fields';
import { customerPhone } from '../../platform/phone';
import { createImportJob, IMPORT_JOB, type ImportJobData } from './customer-uploads.jobs';
import { createCustomerUploadsRepository } from './customer-uploads.repository';
import { registerCustomerUploadsRoutes } from './customer-uploads.routes';
import { createCustomerUploadsService } from './customer-uploads.service';

export { IMPORT_JOB } from './customer-uploads.jobs';

export interface CustomerUploadsDeps {
  database: Database;
  files: FileStore;
  jobs: Jobs;
  bus: EventBus;
  config: Config;
  /** Rows per committed batch (tests make it small). */
  batchSize?: number;
}

/**
 * CSV imports of customers (issue 6; engagement.md §2.6–§2.8, §4): headers at once, mapping, dry
 * run, a resumable streamed import job, My Uploads with live progress, the Error List and its CSV.
 */
export function customerUploadsFeature(app: FastifyInstance, deps: CustomerUploadsDeps) {
  const repository = createCustomerUploadsRepository(deps.database);
  const fields = createCustomerFieldsReader(deps.database.db);
  const uploads = createCustomerUploadsService({
    repository,
    database: deps.database,
    files: deps.files,
    jobs: deps.jobs,
    fields,
    normalizePhone: customerPhone,
    defaultPhoneRegion: deps.config.defaultPhoneRegion,
    dataDir: deps.config.dataDir,
  });
  let stopping = false;
  const handle = createImportJob({
    repository,
    files: deps.files,
    bus: deps.bus,
    fields,
    normalizePhone: customerPhone,
    defaultPhoneRegion: deps.config.defaultPhoneRegion,
    batchSize: deps.batchSize,
    log: app.log,
    stopping: () => stopping,
  });
  registerCustomerUploadsRoutes(app, { uploads });
  app.addHook('onReady', async () => {
    await deps.jobs.work<ImportJobData>(IMPORT_JOB, handle);
    // Imports a stopped or killed server left running carry on from their checkpoint.
    for (const upload of await repository.waiting())
      await deps.jobs
        .send<ImportJobData>(IMPORT_JOB, { enterpriseId: upload.enterpriseId, uploadId: upload.id })
        .catch((error: unknown) => app.log.error({ err: error, uploadId: upload.id }, 'resuming a customer import'));
  });
  app.addHook('onClose', async () => {
    stopping = true;
  });
  return uploads;
}
