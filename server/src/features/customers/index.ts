import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import type { Config } from '../../config';
import { createCustomersRepository } from './customers.repository';
import { createCustomersService } from './customers.service';
import { createCustomerAttributesService } from './customer-attributes.service';
import { createFieldsRepository } from './fields.repository';
import { createFieldsService } from './fields.service';
import { createSegmentsRepository } from './segments.repository';
import { createSegmentsService } from './segments.service';
import { registerCustomersRoutes } from './customers.routes';

export type { AttributeFill, AttributeValue } from './customer-attributes.service';

export interface CustomersDeps {
  db: Db;
  config: Config;
}

/**
 * Customer master (issue 6): attribute definitions, customers, segments and groups
 * (engagement.md §2.2–§2.5, §7.1). CSV imports are the customer-uploads feature.
 */
export function customersFeature(app: FastifyInstance, deps: CustomersDeps) {
  const fieldsRepository = createFieldsRepository(deps.db);
  const segmentsRepository = createSegmentsRepository(deps.db);
  const fields = createFieldsService({ repository: fieldsRepository });
  const segments = createSegmentsService({ repository: segmentsRepository });
  const customers = createCustomersService({
    repository: createCustomersRepository(deps.db),
    fields: fieldsRepository,
    segments: segmentsRepository,
    defaultPhoneRegion: deps.config.defaultPhoneRegion,
  });
  registerCustomersRoutes(app, { fields, segments, customers });
  /** Values found outside the form (collected after a conversation) written by the fields' own rules. */
  const attributes = createCustomerAttributesService();
  return { fields, segments, customers, attributes };
}
