import { z } from 'zod';
import { messages } from './messages';
import { defineRoute } from './envelope';
import { campaignFeatureFlags } from './permissions';

/** Where an uploaded logo is served from: the files route of the enterprise. */
export const logoUrlForFile = (fileId: string) => `/api/files/${fileId}`;

export const enterpriseProfile = z.object({
  name: z.string(),
  /** The console title shown in the top bar and on the welcome page. */
  title: z.string(),
  /** `/api/files/<id>` of the uploaded logo, or null. */
  logoUrl: z.string().nullable(),
  timezone: z.string(),
  twoFactorRequired: z.boolean(),
  recordExternalCampaigns: z.boolean(),
  /** The enterprise's feature flags as effective (defaults, own settings, environment switches-off). */
  flags: z.record(z.string(), z.boolean()),
  /** Active users who have not enrolled in two-factor yet. */
  notEnrolled: z.number().int(),
});
export type EnterpriseProfile = z.infer<typeof enterpriseProfile>;

export const updateEnterpriseProfileBody = z.object({
  name: z.string().trim().min(1, messages.required('Name')).max(100, 'At most 100 characters'),
  title: z.string().trim().min(1, messages.required('Title')).max(60, 'At most 60 characters'),
  /** The id of an image uploaded through POST /api/files, or null to remove the logo. */
  logo: z.uuid('Please upload an image').nullable(),
  timezone: z.string().trim().min(1, 'Please choose a timezone').max(64),
  recordExternalCampaigns: z.boolean(),
  /** The campaign switches (agents.md §1), when the page sends them. */
  campaignFeatures: z.partialRecord(z.enum(campaignFeatureFlags), z.boolean()).optional(),
});
export type UpdateEnterpriseProfileBody = z.infer<typeof updateEnterpriseProfileBody>;

export const enterpriseTwoFactorBody = z.object({ isEnabled: z.boolean() });
export type EnterpriseTwoFactorBody = z.infer<typeof enterpriseTwoFactorBody>;

export const timezone = z.object({
  /** IANA name, e.g. Europe/Berlin. */
  name: z.string(),
  /** Current offset from UTC in minutes. */
  offsetMinutes: z.number().int(),
  /** e.g. "UTC+05:30". */
  offset: z.string(),
});
export type Timezone = z.infer<typeof timezone>;

/** The logo types the page accepts. */
export const logoContentTypes = ['image/jpeg', 'image/png'] as const;

export const enterpriseProfileRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/enterprise/profile',
    summary: "The enterprise's name, title, logo, timezone and settings",
    data: enterpriseProfile,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/enterprise/profile',
    summary: "Changes the enterprise's name, title, logo, timezone and settings",
    body: updateEnterpriseProfileBody,
    data: enterpriseProfile,
  }),
  twoFactor: defineRoute({
    method: 'PUT',
    path: '/api/enterprise/two-factor',
    summary: 'Requires two-factor authentication for every user of the enterprise, or stops requiring it',
    body: enterpriseTwoFactorBody,
    data: z.object({
      twoFactorRequired: z.boolean(),
      /** Active users without two-factor; they enrol at their next sign-in. */
      notEnrolled: z.number().int(),
    }),
  }),
  timezones: defineRoute({
    method: 'GET',
    path: '/api/timezones',
    summary: 'The IANA timezones with their current UTC offsets',
    data: z.object({ timezones: z.array(timezone) }),
  }),
} as const;
