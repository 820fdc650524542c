import { demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Platform §2.2 (MANAGE), §7.3 (invitations): the demo administrator invites a person with the
 * Handle Chats role, finds the invitation mail in the Mail Outbox (no SMTP server is configured),
 * and the invitee opens the link in another browser, sets name and password and lands signed in
 * with only the Chat menu.
 */

const invitee = {
  email: `invitee.${Date.now()}@example.test`,
  name: 'Ines Invited',
  password: 'a-fresh-password-42',
};

test('an administrator invites a Handle Chats agent who accepts and signs in', async ({ browser }) => {
  const adminContext = await browser.newContext();
  const inviteeContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  const inviteePage = await inviteeContext.newPage();

  await test.step('the administrator invites the person from MANAGE → Invitations', async () => {
    await signInToConsole(adminPage, demoLogin());
    await sideNav(adminPage).getByRole('link', { name: 'Invitations' }).click();
    await expect(adminPage).toHaveURL('/admin/invitations');
    await expect(adminPage.getByRole('heading', { name: 'Invitations', level: 1 })).toBeVisible();

    await adminPage.getByRole('button', { name: 'Invite User' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('This field is mandatory.')).toBeVisible();
    await expect(dialog.getByText('Choose at least one role')).toBeVisible();

    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Handle Chats').check();
    await saveScreen(adminPage, 'invitations-invite-dialog');
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(toast(adminPage, `Invitation sent to ${invitee.email}`)).toBeVisible();
    await expect(dialog).toBeHidden();

    const row = adminPage
      .getByRole('table', { name: 'Invitations' })
      .getByRole('row')
      .filter({ hasText: invitee.email });
    await expect(row.getByRole('cell').nth(1)).toHaveText('Handle Chats');
    await expect(row.getByText('Pending')).toBeVisible();
    await adminPage.mouse.move(0, 0);
    await saveScreen(adminPage, 'invitations-list');
  });

  await test.step('inviting the same email again is refused beside the field', async () => {
    await adminPage.getByRole('button', { name: 'Invite User' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Invite User' });
    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Report Viewer').check();
    await dialog.getByRole('button', { name: 'Send Invitation' }).click();
    await expect(dialog.getByText('This email already has a pending invitation')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });

  let acceptLink = '';
  await test.step('the administrator reads the invitation mail in MANAGE → Mail Outbox', async () => {
    await sideNav(adminPage).getByRole('link', { name: 'Mail Outbox' }).click();
    await expect(adminPage).toHaveURL('/admin/outbox');
    const mail = adminPage
      .getByRole('table', { name: 'Mails' })
      .getByRole('row')
      .filter({ hasText: invitee.email })
      .filter({ hasText: 'You are invited to join' })
      .first();
    await mail.getByRole('cell').first().click();
    await expect(adminPage).toHaveURL(/\/admin\/outbox\/[0-9a-f-]{36}$/);
    const link = adminPage.getByRole('link', { name: /\/invitation-accept\?token=/ });
    acceptLink = (await link.getAttribute('href')) ?? '';
    expect(acceptLink).toContain('/invitation-accept?token=');
    await saveScreen(adminPage, 'invitations-mail');
  });

  await test.step('the invitee opens the link and is told what a valid form is', async () => {
    await inviteePage.goto(acceptLink);
    await expect(inviteePage.getByRole('heading', { name: /^Join /, level: 1 })).toBeVisible();
    await expect(inviteePage.getByLabel('Email')).toHaveValue(invitee.email);
    await saveScreen(inviteePage, 'invitation-accept');

    await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(inviteePage.getByText('This field is mandatory.')).toHaveCount(3);

    await inviteePage.getByLabel('Name').fill(invitee.name);
    await inviteePage.getByLabel('Password', { exact: true }).fill('short');
    await inviteePage.getByLabel('Confirm Password').fill('short');
    await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(inviteePage.getByText('Your Password must be atleast 8 characters long')).toBeVisible();

    await inviteePage.getByLabel('Password', { exact: true }).fill(invitee.password);
    await inviteePage.getByLabel('Confirm Password').fill(`${invitee.password}!`);
    await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(inviteePage.getByText('Your passwords do not match. Please try again.')).toBeVisible();
    await saveScreen(inviteePage, 'invitation-accept-field-errors');
  });

  await test.step('the invitee sets a password, lands signed in and sees only the Chat menu', async () => {
    await inviteePage.getByLabel('Confirm Password').fill(invitee.password);
    await inviteePage.getByRole('button', { name: 'Accept Invitation' }).click();
    await expect(inviteePage).toHaveURL('/dashboard');
    await expect(inviteePage.getByRole('heading', { name: 'Welcome To Parley!', level: 1 })).toBeVisible();
    const nav = sideNav(inviteePage);
    await expect(nav.getByRole('heading')).toHaveText(['MODULE']);
    await expect(nav.getByRole('button', { name: 'Chat' })).toBeVisible();
    await expect(nav.getByRole('link')).toHaveText(['Conversations', 'History', 'Just In Time', 'Meetings', 'Dialer']);
    await saveScreen(inviteePage, 'invitation-accepted-shell');
  });

  await test.step('the link works only once and says so, with a way to sign in', async () => {
    const other = await browser.newContext();
    const page = await other.newPage();
    await page.goto(acceptLink);
    await expect(page.getByRole('alert')).toHaveText('This invitation has already been used. Please sign in.');
    await expect(page.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    await saveScreen(page, 'invitation-accept-used');
    await other.close();
  });

  await test.step('the administrator sees the invitation accepted', async () => {
    await sideNav(adminPage).getByRole('link', { name: 'Invitations' }).click();
    const row = adminPage
      .getByRole('table', { name: 'Invitations' })
      .getByRole('row')
      .filter({ hasText: invitee.email });
    await expect(row.getByText('Accepted', { exact: true })).toBeVisible();
  });

  await adminContext.close();
  await inviteeContext.close();
});

test('a revoked invitation link gives a clear message', async ({ browser, page }) => {
  const email = `revoked.${Date.now()}@example.test`;
  await signInToConsole(page, demoLogin());
  await page.goto('/admin/invitations');
  await page.getByRole('button', { name: 'Invite User' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite User' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Campaign Maker').check();
  await dialog.getByRole('button', { name: 'Send Invitation' }).click();
  await expect(toast(page, `Invitation sent to ${email}`)).toBeVisible();

  await page.goto('/admin/outbox');
  await page
    .getByRole('table', { name: 'Mails' })
    .getByRole('row')
    .filter({ hasText: email })
    .first()
    .getByRole('cell')
    .first()
    .click();
  const link = (await page.getByRole('link', { name: /\/invitation-accept\?token=/ }).getAttribute('href')) ?? '';

  await page.goto('/admin/invitations');
  await page.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
  await page.getByRole('dialog', { name: 'Revoke Invitation' }).getByRole('button', { name: 'Revoke' }).click();
  await expect(toast(page, 'Invitation revoked')).toBeVisible();
  const row = page.getByRole('table', { name: 'Invitations' }).getByRole('row').filter({ hasText: email });
  await expect(row.getByText('Revoked', { exact: true })).toBeVisible();

  const other = await browser.newContext();
  const invitee = await other.newPage();
  await invitee.goto(link);
  await expect(invitee.getByRole('alert')).toHaveText('This invitation has been revoked');
  await expect(invitee.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await saveScreen(invitee, 'invitation-accept-revoked');
  await other.close();
});
