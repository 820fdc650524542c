import { expect, saveScreen, test } from '../support/fixtures';
import { installFakeTimers, runTimersFor } from '../support/fake-timers';

/**
 * Platform §2.7 and §4.6: the page the payment provider returns to. It shows the status message,
 * the payment and reference ids, and closes itself after a 30-second countdown.
 */

const statuses = [
  { status: 'paid', message: 'Payment Successful' },
  { status: 'expired', message: 'Sorry , Your link has been expired' },
  { status: 'pending', message: 'Payment is not made and waiting for approval.' },
  { status: 'cancelled', message: 'Sorry , Your Payment is cancelled.' },
] as const;

function resultUrl(status: string, paymentId = 'pay_Nq3x81KcA2', referenceId = 'INV-2026-0042') {
  const query = new URLSearchParams({
    razorpay_payment_link_status: status,
    razorpay_payment_id: paymentId,
    razorpay_payment_link_reference_id: referenceId,
  });
  return `/transaction.html?${query.toString()}`;
}

for (const { status, message } of statuses) {
  test(`status '${status}' shows '${message}' with the payment and reference ids`, async ({ page, context }) => {
    // The countdown waits for the test's clock: on a loaded machine the real one ran on while the
    // page loaded (it read 28 seconds, failing a run).
    await installFakeTimers(context);
    await page.goto(resultUrl(status, `pay_${status}_1`, `ref_${status}_1`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(message);
    await expect(page.getByRole('img', { name: `Payment ${status}` })).toBeVisible();
    await expect(page.getByRole('term')).toHaveText(['Payment ID', 'Reference ID']);
    await expect(page.getByRole('definition')).toHaveText([`pay_${status}_1`, `ref_${status}_1`]);
    await expect(page.getByRole('timer')).toHaveText('This window will close in 30 seconds.');
    if (status === 'paid' || status === 'expired') await saveScreen(page, `payment-${status}`);
  });
}

test('the countdown runs down and then the page tries to close its window', async ({ page, context }) => {
  // Count the page's calls to window.close() (and still let the browser decide).
  await page.addInitScript(() => {
    const close = window.close.bind(window);
    window.close = () => {
      window.sessionStorage.setItem(
        'closeRequests',
        String(Number(window.sessionStorage.getItem('closeRequests')) + 1),
      );
      close();
    };
  });
  const closeRequests = () => page.evaluate(() => Number(window.sessionStorage.getItem('closeRequests')));
  await installFakeTimers(context);
  await page.goto(resultUrl('paid'));
  const countdown = page.getByRole('timer');
  await expect(countdown).toHaveText('This window will close in 30 seconds.');

  await runTimersFor(page, 1_000);
  await expect(countdown).toHaveText('This window will close in 29 seconds.');
  await runTimersFor(page, 28_000);
  await expect(countdown).toHaveText('This window will close in 1 second.');
  expect(await closeRequests()).toBe(0);

  // A window the visitor opened directly cannot be closed by a script: the page says so instead.
  await runTimersFor(page, 1_500);
  await expect(countdown).toHaveText('You can close this window now.');
  expect(await closeRequests()).toBe(1);
  await saveScreen(page, 'payment-close-fallback');
});

test('opened by the payment flow in a new window, the page closes itself after 30 seconds', async ({
  page,
  context,
}) => {
  await installFakeTimers(context);
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.evaluate((url) => window.open(url, 'payment'), resultUrl('paid'));
  const popup = await popupOpened;
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText('Payment Successful');
  await expect(popup.getByRole('timer')).toHaveText('This window will close in 30 seconds.');

  const closed = popup.waitForEvent('close');
  await runTimersFor(popup, 30_000);
  await closed;
  expect(popup.isClosed()).toBe(true);
});
