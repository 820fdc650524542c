/**
 * Why a valid phone number is refused as a customer's number (docs/decisions/015-phone-numbers.md).
 * A customer's number is their messaging identity: a landline or a service number (toll-free,
 * premium-rate, shared-cost, access or pager numbers) cannot receive WhatsApp or SMS messages.
 * One text each, for the customer form, the CSV import, broadcasts and the blacklist.
 */
export const phoneMessages = {
  landline: 'This is a landline number; it cannot receive WhatsApp or SMS messages.',
  serviceNumber:
    'This is a toll-free, premium-rate or other service number; it cannot receive WhatsApp or SMS messages.',
} as const;

export type PhoneRefusal = keyof typeof phoneMessages;
