import type { PaymentOutcome } from './payment-result';

/** One inline illustration per status (static markup, no user data). */
export const paymentImages: Record<PaymentOutcome['status'], string> = {
  paid: `<svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
    <circle cx="48" cy="48" r="44" fill="#e6fcf5"/><circle cx="48" cy="48" r="32" fill="#12b886"/>
    <path d="M34 49.5l9.5 9.5L63 39.5" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`,
  expired: `<svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
    <circle cx="48" cy="48" r="44" fill="#fff4e6"/><circle cx="48" cy="48" r="32" fill="#fd7e14"/>
    <path d="M48 30v19l11 7" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/>
  </svg>`,
  pending: `<svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
    <circle cx="48" cy="48" r="44" fill="#e7f5ff"/><circle cx="48" cy="48" r="32" fill="#228be6"/>
    <circle cx="36" cy="48" r="4.5" fill="#fff"/><circle cx="48" cy="48" r="4.5" fill="#fff"/><circle cx="60" cy="48" r="4.5" fill="#fff"/>
  </svg>`,
  cancelled: `<svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
    <circle cx="48" cy="48" r="44" fill="#fff5f5"/><circle cx="48" cy="48" r="32" fill="#fa5252"/>
    <path d="M37 37l22 22M59 37L37 59" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
  </svg>`,
  unknown: `<svg viewBox="0 0 96 96" width="96" height="96" aria-hidden="true" focusable="false">
    <circle cx="48" cy="48" r="44" fill="#f1f3f5"/><circle cx="48" cy="48" r="32" fill="#868e96"/>
    <path d="M40 40a8 8 0 1 1 11.5 7.2c-2.3 1.1-3.5 2.8-3.5 5.3V54" fill="none" stroke="#fff" stroke-width="5.5" stroke-linecap="round"/>
    <circle cx="48" cy="63" r="3.5" fill="#fff"/>
  </svg>`,
};
