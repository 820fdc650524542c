import { z } from 'zod';
import { defineRoute, emptyData, idParam, pageQuery } from './envelope';
import { messages } from './messages';
import { emailField, loginResult, newPasswordField } from './account';
import { isRoleId } from './permissions';

/** Invitations by email with roles (platform §7.3); the link lands on /invitation-accept?token=. */
export const INVITATION_DAYS = 7;

export const invitationStatus = z.enum(['pending', 'accepted', 'revoked', 'expired']);
export type InvitationStatus = z.infer<typeof invitationStatus>;

export const invitation = z.object({
  id: z.uuid(),
  emailId: z.string(),
  roles: z.array(z.number().int()),
  status: invitationStatus,
  invitedBy: z.string().nullable(),
  expiresAt: z.string(),
  acceptedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Invitation = z.infer<typeof invitation>;

export const rolesField = z
  .array(z.number().int().refine(isRoleId, 'Unknown role'), { error: 'Choose at least one role' })
  .min(1, 'Choose at least one role')
  .max(6)
  .transform((roles) => [...new Set(roles)]);

export const inviteBody = z.object({ emailId: emailField, roles: rolesField });
export type InviteBody = z.input<typeof inviteBody>;

export const invitationPreview = z.object({ emailId: z.string(), enterpriseName: z.string(), invitedBy: z.string() });

export const acceptInvitationBody = z
  .object({
    token: z.string().min(1).max(200),
    name: z.string({ error: messages.fieldMandatory }).trim().min(1, messages.fieldMandatory).max(120),
    password: newPasswordField,
    confirmPassword: z.string({ error: messages.fieldMandatory }).min(1, messages.fieldMandatory),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: messages.passwordMismatch,
    path: ['confirmPassword'],
  });
export type AcceptInvitationBody = z.input<typeof acceptInvitationBody>;

export const invitationRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/invitations',
    summary: 'Invite a person by email with roles',
    body: inviteBody,
    data: invitation,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/invitations',
    summary: "The enterprise's invitations, newest first",
    query: pageQuery,
    data: z.object({ invitations: z.array(invitation), more: z.boolean() }),
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/api/invitations/:id/resend',
    summary: 'Send the invitation again with a new link and expiry',
    params: idParam,
    data: invitation,
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/invitations/:id',
    summary: 'Revoke an invitation',
    params: idParam,
    data: emptyData,
  }),
  preview: defineRoute({
    method: 'GET',
    path: '/api/invitations/accept/:token',
    summary: 'Who invited whom to which enterprise (public, by the link token)',
    params: z.object({ token: z.string().min(1).max(200) }),
    data: invitationPreview,
  }),
  accept: defineRoute({
    method: 'POST',
    path: '/api/invitations/accept',
    summary: 'Accept an invitation: create the account and sign in',
    body: acceptInvitationBody,
    data: loginResult,
  }),
} as const;
