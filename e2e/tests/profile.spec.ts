import zlib from 'node:zlib';
import {
  chooseProfileMenuItem,
  demoAgentLogin,
  expect,
  saveScreen,
  signInToConsole,
  test,
  toast,
} from '../support/fixtures';

/**
 * Issue 3 item 5: the signed-in user changes their name and picture, and their notification sounds.
 * The seeded demo agent is used and its name and picture are put back at the end (other stories
 * find it by name).
 */

/** A real 8×8 PNG (one colour): signature, IHDR, IDAT, IEND with CRCs. */
function tinyPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(24, 0).fill(Buffer.from([230, 90, 40]))]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(Array.from({ length: 8 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const agent = demoAgentLogin();

test('an agent changes name, picture and notification sounds on My Profile', async ({ page }) => {
  await signInToConsole(page, agent);
  await chooseProfileMenuItem(page, 'Demo Agent', 'My Profile');
  const details = page.getByRole('region', { name: 'Details' });
  const topBarMenu = page.getByRole('button', { name: /^Profile menu/ });

  await test.step('a file that is not jpeg or png is refused', async () => {
    await details.locator('input[type="file"]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('hello'),
    });
    await expect(details.getByRole('alert')).toContainText('Choose a jpeg or png picture');
  });

  await test.step('upload a png: the card and the top bar show it', async () => {
    await details.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: tinyPng(),
    });
    await expect(toast(page, 'Your profile has been updated.')).toBeVisible();
    await expect(details.getByTestId('profile-picture').locator('img')).toBeVisible();
    await expect(topBarMenu.locator('img')).toBeVisible();
    await expect(details.getByRole('button', { name: 'Replace Picture' })).toBeVisible();
  });

  await test.step('edit the name in place: the top bar follows', async () => {
    await details.getByRole('button', { name: 'Edit name' }).click();
    await details.getByRole('textbox', { name: 'Name' }).fill('');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(details.getByText('This field is mandatory.')).toBeVisible();
    await details.getByRole('textbox', { name: 'Name' }).fill('Demo Agent Ray');
    await details.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('button', { name: 'Profile menu: Demo Agent Ray' })).toBeVisible();
    await saveScreen(page, 'my-profile-picture-and-name');
  });

  await test.step('notification sounds are saved and kept', async () => {
    const card = page.getByRole('region', { name: 'Notifications and Sounds' });
    await card.getByRole('switch', { name: 'Push Notifications' }).click({ force: true });
    await card.getByLabel('New Chat Sound', { exact: true }).click();
    await page.getByRole('option', { name: 'Bell' }).click();
    await card.getByLabel('New Message Repeat').fill('3');
    await card.getByRole('button', { name: 'Play new chat sound' }).click();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Your notification settings have been saved.')).toBeVisible();
    await saveScreen(page, 'my-profile-notifications');
    await page.reload();
    const reloaded = page.getByRole('region', { name: 'Notifications and Sounds' });
    await expect(reloaded.getByRole('switch', { name: 'Push Notifications' })).not.toBeChecked();
    await expect(reloaded.getByLabel('New Chat Sound', { exact: true })).toHaveValue('Bell');
    await expect(reloaded.getByLabel('New Message Repeat')).toHaveValue('3');
  });

  await test.step('put the name back and remove the picture', async () => {
    const card = page.getByRole('region', { name: 'Details' });
    await card.getByRole('button', { name: 'Edit name' }).click();
    await card.getByRole('textbox', { name: 'Name' }).fill('Demo Agent');
    await card.getByRole('button', { name: 'Save' }).click();
    // With a picture the menu shows no initials, so its name is the name alone.
    await expect(page.getByRole('button', { name: 'Profile menu: Demo Agent', exact: true })).toBeVisible();
    await card.getByRole('button', { name: 'Remove Picture' }).click();
    await expect(card.getByRole('button', { name: 'Upload Picture' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Profile menu: DA Demo Agent' }).locator('img')).toHaveCount(0);
  });
});
