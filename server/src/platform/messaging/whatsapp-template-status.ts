import type { TemplateStatus } from './vendor-adapter';

/**
 * Meta's template statuses (the template API's `status`) and status events (the
 * message_template_status_update webhook's `event`), mapped to the five Parley keeps. One table
 * for both paths, so that a template polled and a template told by webhook end the same:
 * - FLAGGED (quality dropped, still sendable), REINSTATED (no longer flagged or paused) and
 *   UNARCHIVED (back from the archive, no new review) are sendable again: APPROVED;
 * - IN_APPEAL is a review again: PENDING; LIMIT_EXCEEDED (the account's template limit) refuses it;
 * - LOCKED keeps it from being sent or edited: PAUSED;
 * - ARCHIVED, DELETED and PENDING_DELETION can no longer be sent: DISABLED.
 */
const metaTemplateStatuses: Record<string, TemplateStatus> = {
  APPROVED: 'APPROVED',
  FLAGGED: 'APPROVED',
  REINSTATED: 'APPROVED',
  UNARCHIVED: 'APPROVED',
  PENDING: 'PENDING',
  IN_APPEAL: 'PENDING',
  REJECTED: 'REJECTED',
  LIMIT_EXCEEDED: 'REJECTED',
  PAUSED: 'PAUSED',
  LOCKED: 'PAUSED',
  DISABLED: 'DISABLED',
  ARCHIVED: 'DISABLED',
  DELETED: 'DISABLED',
  PENDING_DELETION: 'DISABLED',
};

/** Parley's status for a Meta status or status event; undefined for one Meta has not documented. */
export function metaTemplateStatus(value: unknown): TemplateStatus | undefined {
  return metaTemplateStatuses[String(value ?? '').toUpperCase()];
}

/** Meta's template categories. */
export const metaTemplateCategories = new Set(['MARKETING', 'UTILITY', 'AUTHENTICATION']);
