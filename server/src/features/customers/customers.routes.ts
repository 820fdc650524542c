import type { FastifyInstance } from 'fastify';
import { customerMasterRoutes as routes, customerMessages } from '@parley/contracts/customer-master';
import type { Permission } from '@parley/contracts/permissions';
import { addRoute } from '../../platform/http';
import type { CustomersService } from './customers.service';
import type { FieldsService } from './fields.service';
import type { SegmentsService } from './segments.service';

/** The definitions are read by the customer screens and by the definition screen. */
const readDefinitions: readonly Permission[] = ['CUSTOMER.VIEW', 'CUSTOMER_MASTER.VIEW'];

export function registerCustomersRoutes(
  app: FastifyInstance,
  deps: { fields: FieldsService; segments: SegmentsService; customers: CustomersService },
) {
  const { fields, segments, customers } = deps;
  const tag = 'Customer master';
  const view = 'CUSTOMER.VIEW';
  const edit = 'CUSTOMER.EDIT';
  const editDefinitions = 'CUSTOMER_MASTER.EDIT';

  // Definitions
  addRoute(app, routes.listFields, { permission: readDefinitions, tag }, async (context) =>
    fields.list(context.session().enterpriseId),
  );
  addRoute(app, routes.getField, { permission: readDefinitions, tag }, async (context) =>
    fields.get(context.session().enterpriseId, context.params.id),
  );
  addRoute(app, routes.fieldUsage, { permission: readDefinitions, tag }, async (context) =>
    fields.usage(context.session().enterpriseId, context.params.id),
  );
  addRoute(
    app,
    routes.createField,
    { permission: editDefinitions, tag, audit: 'customerFields.create', message: customerMessages.fieldCreated },
    async ({ session, body }) => fields.create(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.moveField,
    { permission: editDefinitions, tag, audit: 'customerFields.move', message: customerMessages.fieldMoved },
    async ({ session, body }) => fields.move(session().enterpriseId, body.from, body.to),
  );
  addRoute(
    app,
    routes.updateField,
    { permission: editDefinitions, tag, audit: 'customerFields.update', message: customerMessages.fieldUpdated },
    async ({ session, params, body }) => fields.update(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    routes.removeField,
    { permission: editDefinitions, tag, audit: 'customerFields.delete', message: customerMessages.fieldDeleted },
    async ({ session, params }) => fields.remove(session().enterpriseId, params.id),
  );

  // Segments and groups
  addRoute(app, routes.listSegments, { permission: view, tag }, async ({ session, query }) =>
    segments.listSegments(session().enterpriseId, query.search),
  );
  addRoute(
    app,
    routes.createSegment,
    { permission: edit, tag, audit: 'customerSegments.create', message: customerMessages.segmentCreated },
    async ({ session, body }) => segments.createSegment(session().enterpriseId, body.name),
  );
  addRoute(app, routes.listGroups, { permission: view, tag }, async ({ session, query }) =>
    segments.listGroups(session().enterpriseId, query.search),
  );
  addRoute(
    app,
    routes.createGroup,
    { permission: edit, tag, audit: 'customerGroups.create', message: customerMessages.groupCreated },
    async ({ session, body }) => segments.createGroup(session().enterpriseId, body.name),
  );
  addRoute(
    app,
    routes.mapToGroups,
    { permission: edit, tag, audit: 'customers.mapGroups', message: customerMessages.movedToGroups },
    async ({ session, body }) => segments.map(session().enterpriseId, 'groups', body.ids, body.customerIds),
  );
  addRoute(
    app,
    routes.mapToSegments,
    { permission: edit, tag, audit: 'customers.mapSegments', message: customerMessages.labelsAttached },
    async ({ session, body }) => segments.map(session().enterpriseId, 'segments', body.ids, body.customerIds),
  );

  // Customers
  addRoute(app, routes.listCustomers, { permission: view, tag }, async ({ session, query }) =>
    customers.list(session().enterpriseId, query),
  );
  addRoute(app, routes.getCustomer, { permission: view, tag }, async ({ session, params }) =>
    customers.get(session().enterpriseId, params.id),
  );
  addRoute(
    app,
    routes.createCustomer,
    { permission: edit, tag, audit: 'customers.create', message: customerMessages.customerCreated },
    async ({ session, body }) => customers.create(session().enterpriseId, body),
  );
  addRoute(
    app,
    routes.updateCustomer,
    { permission: edit, tag, audit: 'customers.update', message: customerMessages.customerUpdated },
    async ({ session, params, body }) => customers.update(session().enterpriseId, params.id, body),
  );
  addRoute(
    app,
    routes.removeCustomer,
    { permission: edit, tag, audit: 'customers.delete', message: customerMessages.customerDeleted },
    async ({ session, params }) => customers.remove(session().enterpriseId, params.id),
  );
}
