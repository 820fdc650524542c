/** Payment result page (platform §2.7, §4.6). */
export const paymentStatuses = {
  paid: 'Payment Successful',
  expired: 'Sorry , Your link has been expired',
  pending: 'Payment is not made and waiting for approval.',
  cancelled: 'Sorry , Your Payment is cancelled.',
} as const;
export type PaymentStatus = keyof typeof paymentStatuses;
