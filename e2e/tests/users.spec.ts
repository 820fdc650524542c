import {
  demoLogin,
  expect,
  saveScreen,
  sideNav,
  signInToConsole,
  storedSessionToken,
  test,
  toast,
} from '../support/fixtures';

/**
 * Platform §7.3 Users, §6: the demo administrator adds a user with a role, the user signs in and
 * sees the menu that role grants; the administrator deactivates them and the user's open console
 * logs out at once with 'Session Expired! Please login'.
 */

const admin = demoLogin();

test('an admin adds a user who signs in with the granted menu, then deactivates them', async ({ page, browser }) => {
  const stamp = Date.now();
  const newUser = {
    name: `Nadia Agent ${stamp}`,
    email: `nadia.${stamp}@example.com`,
    password: 'nadia-long-password',
  };

  await signInToConsole(page, admin);
  await sideNav(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL('/admin/users');
  const table = page.getByRole('table', { name: 'Users' });
  await expect(table.getByRole('row').filter({ hasText: admin.email })).toHaveCount(1);

  await page.getByRole('button', { name: 'Add User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add User' });
  await dialog.getByLabel('Name').fill(newUser.name);
  await dialog.getByLabel('Email').fill(newUser.email);
  await dialog.getByLabel('Password').fill('short');
  await dialog.getByLabel('Handle Chats').check();
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog.getByText('Your Password must be atleast 8 characters long')).toBeVisible();
  await dialog.getByLabel('Password').fill(newUser.password);
  await saveScreen(page, 'users-add-user');
  await dialog.getByRole('button', { name: 'Add User' }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, `${newUser.name} has been added`)).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: newUser.email });
  await expect(row.getByText('Handle Chats')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();

  await page.getByRole('textbox', { name: 'Search users' }).fill('nadia');
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.mouse.move(0, 0);
  await saveScreen(page, 'users-list');

  // The new user signs in elsewhere and sees what Handle Chats grants, and no MANAGE group.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  await signInToConsole(userPage, { email: newUser.email, password: newUser.password });
  const nav = sideNav(userPage);
  await expect(nav.getByRole('heading')).toHaveText(['MODULE']);
  await expect(nav.getByRole('link', { name: 'Conversations' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Conversations' }).click();
  await expect(userPage).toHaveURL('/chat/conversation');

  // The admin deactivates them.
  await row.getByRole('button', { name: `Actions for ${newUser.name}` }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  const confirm = page.getByRole('dialog', { name: 'Deactivate user?' });
  await expect(confirm).toContainText('will be signed out at once');
  await confirm.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toast(page, `${newUser.name} has been deactivated`)).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: newUser.email })).toHaveCount(0);
  await page.getByRole('radiogroup', { name: 'State' }).getByText('Deactivated', { exact: true }).click();
  await expect(table.getByRole('row').filter({ hasText: newUser.email }).getByText('Deactivated')).toBeVisible();

  // The user's open console is logged out: by its websocket at once, at the latest on the next navigation.
  await nav
    .getByRole('link', { name: 'History' })
    .click({ timeout: 2_000 })
    .catch(() => undefined);
  await expect(userPage).toHaveURL('/login', { timeout: 15_000 });
  await expect(toast(userPage, 'Session Expired! Please login')).toBeVisible();
  expect(await storedSessionToken(userPage)).toBeNull();
  await userContext.close();
});

test('the Role & Permission page shows each role and assigns roles to a user', async ({ page }) => {
  await signInToConsole(page, admin);
  await sideNav(page).getByRole('link', { name: 'Role & Permission' }).click();
  await expect(page).toHaveURL('/admin/permission');
  await expect(page.getByRole('heading', { name: 'Role & Permission', level: 1 })).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Role permissions' });
  await expect(matrix.getByRole('columnheader', { name: 'Campaign Checker' })).toBeVisible();
  // MARKET_PLACE_MODULE is off by default: its permission is greyed with a note.
  await expect(matrix.getByText('Switched off (MARKET_PLACE_MODULE flag)')).toBeVisible();
  await page.getByRole('combobox', { name: 'User' }).fill('agent');
  await page.getByRole('option', { name: /agent@demo\.parley\.local/ }).click();
  await page.getByRole('button', { name: 'Assign Roles' }).click();
  const dialog = page.getByRole('dialog', { name: /Edit Roles/ });
  await expect(dialog.getByRole('checkbox', { name: 'Handle Chats' })).toBeChecked();
  await expect(dialog.getByRole('switch', { name: 'Accept and Reply to Chats' })).toBeVisible();
  await saveScreen(page, 'role-permission-assign');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await page.mouse.move(0, 0);
  await saveScreen(page, 'role-permission');
});
