import { paymentStatuses } from '@parley/contracts/payment';
import { CLOSE_FALLBACK_TEXT, countdownText, renderPaymentPage } from './payment-page';
import { UNKNOWN_STATUS_MESSAGE, readPaymentParams } from './payment-result';

function render(search: string, options: Parameters<typeof renderPaymentPage>[2] = {}) {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const stop = renderPaymentPage(root, readPaymentParams(search), { closeWindow: vi.fn(), ...options });
  return { root, stop };
}

describe('payment result page', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each(Object.entries(paymentStatuses))('shows the %s message', (status, message) => {
    const { root, stop } = render(
      `?razorpay_payment_link_status=${status}&razorpay_payment_id=pay_123&razorpay_payment_link_reference_id=ref_9`,
    );
    expect(root.querySelector('h1')?.textContent).toBe(message);
    expect(root.dataset.status).toBe(status);
    expect(root.querySelector('[role="img"] svg')).not.toBeNull();
    expect(root.textContent).toContain('pay_123');
    expect(root.textContent).toContain('ref_9');
    stop();
  });

  it('reads the short parameter names too', () => {
    const { root, stop } = render('?status=paid&paymentId=pay_7&referenceId=ref_7&mobile=919876543210');
    expect(root.querySelector('h1')?.textContent).toBe('Payment Successful');
    expect(root.textContent).toContain('pay_7');
    expect(root.textContent).toContain('ref_7');
    stop();
  });

  it('says so when the status is unknown or missing', () => {
    const { root, stop } = render('?status=refunded');
    expect(root.querySelector('h1')?.textContent).toBe(UNKNOWN_STATUS_MESSAGE);
    stop();
    expect(render('').root.querySelector('h1')?.textContent).toBe(UNKNOWN_STATUS_MESSAGE);
  });

  it('counts down 30 seconds, closes the window, and explains when the browser refuses', () => {
    const closeWindow = vi.fn();
    const { root } = render('?status=paid', { closeWindow, isWindowClosed: () => false });
    const countdown = () => root.querySelector('[role="timer"]')?.textContent;

    expect(countdown()).toBe(countdownText(30));
    vi.advanceTimersByTime(1000);
    expect(countdown()).toBe('This window will close in 29 seconds.');
    vi.advanceTimersByTime(28_000);
    expect(countdown()).toBe('This window will close in 1 second.');
    expect(closeWindow).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(closeWindow).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(500);
    expect(countdown()).toBe(CLOSE_FALLBACK_TEXT);
  });
});
