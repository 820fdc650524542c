import { PAYMENT_AUTO_CLOSE_SECONDS } from '@parley/contracts/constants';
import { paymentImages } from './payment-images';
import { describePayment, type PaymentParams } from './payment-result';

export const CLOSE_FALLBACK_TEXT = 'You can close this window now.';

export function countdownText(seconds: number): string {
  return `This window will close in ${seconds} second${seconds === 1 ? '' : 's'}.`;
}

interface PaymentPageOptions {
  seconds?: number;
  closeWindow?: () => void;
  isWindowClosed?: () => boolean;
}

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function detailRow(label: string, value: string | null): HTMLElement {
  const row = element('div', 'payment__row');
  row.append(element('dt', 'payment__label', label), element('dd', 'payment__value', value ?? '—'));
  return row;
}

/**
 * Renders the payment result (platform §2.7): image and message by status, payment and
 * reference ids, and a visible countdown after which the window closes itself. Returns a
 * function that stops the countdown.
 */
export function renderPaymentPage(root: HTMLElement, params: PaymentParams, options: PaymentPageOptions = {}) {
  const closeWindow = options.closeWindow ?? (() => window.close());
  const isWindowClosed = options.isWindowClosed ?? (() => window.closed);
  const outcome = describePayment(params.status);

  root.replaceChildren();
  root.dataset.status = outcome.status;

  const card = element('section', 'payment__card');
  card.setAttribute('aria-labelledby', 'payment-message');
  const image = element('div', 'payment__image');
  image.innerHTML = paymentImages[outcome.status];
  image.setAttribute('role', 'img');
  image.setAttribute(
    'aria-label',
    outcome.status === 'unknown' ? 'Unknown payment status' : `Payment ${outcome.status}`,
  );

  const heading = element('h1', 'payment__message', outcome.message);
  heading.id = 'payment-message';

  const details = element('dl', 'payment__details');
  details.append(detailRow('Payment ID', params.paymentId), detailRow('Reference ID', params.referenceId));

  const countdown = element('p', 'payment__countdown');
  countdown.setAttribute('role', 'timer');
  countdown.setAttribute('aria-live', 'off');

  card.append(image, heading, details, countdown);
  root.append(card);

  let remaining = options.seconds ?? PAYMENT_AUTO_CLOSE_SECONDS;
  countdown.textContent = countdownText(remaining);
  const timer = setInterval(() => {
    remaining -= 1;
    if (remaining > 0) {
      countdown.textContent = countdownText(remaining);
      return;
    }
    clearInterval(timer);
    countdown.textContent = countdownText(0);
    closeWindow();
    // Browsers only let scripts close windows they opened; say so when the window stays.
    setTimeout(() => {
      if (!isWindowClosed()) {
        countdown.textContent = CLOSE_FALLBACK_TEXT;
        countdown.setAttribute('aria-live', 'polite');
      }
    }, 300);
  }, 1000);

  return () => clearInterval(timer);
}
