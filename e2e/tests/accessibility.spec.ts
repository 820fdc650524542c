import { accessibilityChecked } from '../support/accessibility';
import { demoLogin, expect, sideNav, signInToConsole, test } from '../support/fixtures';

/**
 * Issue 17 item 21: every page of the side menu passes axe-core's WCAG 2.1 A/AA rules without a
 * critical or serious finding (the fixture checks each screen a story shows; this story shows them all).
 */
test('the administrator opens every page of the side menu and each passes axe', async ({ page }) => {
  test.setTimeout(180_000);
  await signInToConsole(page, demoLogin());
  await accessibilityChecked(page);

  const links = sideNav(page).getByRole('link');
  const entries = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => ({ name: anchor.textContent?.trim() ?? '', href: anchor.getAttribute('href') ?? '' })),
  );
  expect(entries.length).toBeGreaterThan(20);

  for (const entry of entries) {
    await test.step(`${entry.name} (${entry.href})`, async () => {
      await sideNav(page).locator(`a[href="${entry.href}"]`).click();
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await accessibilityChecked(page);
    });
  }

  await test.step('My Profile, from the profile menu', async () => {
    await page.getByRole('button', { name: /Profile menu/ }).click();
    await page.getByRole('menuitem', { name: 'My Profile' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await accessibilityChecked(page);
  });
});
