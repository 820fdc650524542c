import { paymentStatuses, type PaymentStatus } from '@parley/contracts/payment';

/** What the payment provider put in the return address (Razorpay names, or Parley's short ones). */
export interface PaymentParams {
  status: string | null;
  paymentId: string | null;
  linkId: string | null;
  referenceId: string | null;
  signature: string | null;
  mobile: string | null;
}

export const UNKNOWN_STATUS_MESSAGE = 'We could not determine the status of your payment.';

function first(params: URLSearchParams, ...names: string[]): string | null {
  for (const name of names) {
    const value = params.get(name);
    if (value !== null && value.trim() !== '') return value.trim();
  }
  return null;
}

export function readPaymentParams(search: string): PaymentParams {
  const params = new URLSearchParams(search);
  return {
    status: first(params, 'razorpay_payment_link_status', 'status'),
    paymentId: first(params, 'razorpay_payment_id', 'paymentId'),
    linkId: first(params, 'razorpay_payment_link_id', 'linkId'),
    referenceId: first(params, 'razorpay_payment_link_reference_id', 'referenceId'),
    signature: first(params, 'razorpay_signature', 'signature'),
    mobile: first(params, 'mobile'),
  };
}

export function isPaymentStatus(value: string | null): value is PaymentStatus {
  return value !== null && Object.hasOwn(paymentStatuses, value);
}

export interface PaymentOutcome {
  status: PaymentStatus | 'unknown';
  message: string;
}

/** The spec's message for a status (platform §4.6), or the unknown-status message. */
export function describePayment(status: string | null): PaymentOutcome {
  const normalised = status?.toLowerCase() ?? null;
  if (isPaymentStatus(normalised)) return { status: normalised, message: paymentStatuses[normalised] };
  return { status: 'unknown', message: UNKNOWN_STATUS_MESSAGE };
}
