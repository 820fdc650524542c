import type { APIRequestContext } from '@playwright/test';
import { apiToken, demoLogin, expect, saveScreen, sideNav, signInToConsole, test, toast } from '../support/fixtures';

/**
 * Issue 21 (platform §2.2, §4.3; engagement §2.13, §5): a checker rejects a maker's campaign — first
 * with no reason ('Please enter reject reason'), then with one — finds it under Rejected; the maker
 * submits it again; the checker approves it, starts it with the cost estimate in the start dialog,
 * and opens its report from the Approved list. The maker's part is arranged through the API.
 */

const MAKER = 'maker@demo.parley.local';
const CHECKER = 'checker@demo.parley.local';

async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, token: string, data?: unknown) {
  const response = await request.fetch(url, { method, headers: { authtoken: token }, data });
  const body = (await response.json()) as { status: boolean; data: T };
  if (!body.status) throw new Error(`${method} ${url}: ${JSON.stringify(body)}`);
  return body.data;
}

/** The maker's campaign on the Sandbox channel's festive template, to every customer with a number. */
async function makeCampaign(request: APIRequestContext, token: string, name: string) {
  const { channelConfig } = await call<{ channelConfig: { id: string; name: string }[] }>(
    request,
    'GET',
    '/api/channels?from=0&perPage=50',
    await apiToken(request, demoLogin().email, demoLogin().password),
  );
  const sandbox = channelConfig.find((channel) => /sandbox/i.test(channel.name))!;
  const { templates } = await call<{ templates: { id: string; name: string }[] }>(
    request,
    'GET',
    `/api/templates?from=0&perPage=50&status=APPROVED&channelId=${sandbox.id}`,
    token,
  );
  const festive = templates.find((template) => template.name === 'festive_offer')!;
  const { campaign } = await call<{ campaign: { id: string } }>(request, 'POST', '/api/campaigns', token, {
    name,
    channelId: sandbox.id,
    variants: [
      {
        label: 'A',
        templateId: festive.id,
        columnMapping: [
          { variable: 'body.1', type: 'column', value: 'name' },
          { variable: 'body.2', type: 'static', value: '20%' },
          { variable: 'button1', type: 'static', value: 'https://example.com/sale' },
        ],
        share: 100,
      },
    ],
    audience: { filters: [{ field: 'phoneNumber', op: 'notEmpty' }] },
    schedule: { kind: 'now' },
  });
  return campaign.id;
}

test('a checker rejects with a reason, then approves and starts the resubmitted campaign with its estimate', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const password = demoLogin().password;
  const maker = await apiToken(request, MAKER, password);
  const name = `Checker story ${Date.now().toString(36)}`;
  const campaignId = await makeCampaign(request, maker, name);
  await call(request, 'POST', `/api/campaigns/${campaignId}/submit`, maker);

  await signInToConsole(page, { email: CHECKER, password });

  await test.step('the checker rejects: first with no reason, then with one', async () => {
    await sideNav(page).getByRole('link', { name: 'Activities' }).click();
    await expect(page).toHaveURL('/campaigns/activity-list');
    await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Demo Maker');
    await expect(row).toContainText('Pending');
    await row.getByRole('button', { name: `Reject ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Reject Activity' });
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(dialog.getByText('Please enter reject reason')).toBeVisible();
    await saveScreen(page, 'campaign-reject-reason');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('The discount must be 25%');
    await dialog.getByRole('button', { name: 'Reject' }).click();
    await expect(toast(page, 'Activity rejected')).toBeVisible();
    await expect(row).toHaveCount(0);

    await sideNav(page).getByRole('link', { name: 'Rejected' }).click();
    const rejected = page.getByRole('row').filter({ hasText: name });
    await expect(rejected).toContainText('The discount must be 25%');
    await expect(rejected).toContainText('Demo Checker');
  });

  await test.step('the maker submits again; the checker approves and starts it with the estimate', async () => {
    await call(request, 'POST', `/api/campaigns/${campaignId}/submit`, maker);
    await sideNav(page).getByRole('link', { name: 'Activities' }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByRole('button', { name: `Approve ${name}` }).click();
    await page.getByRole('dialog', { name: 'Approve Activity' }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(page, 'Activity approved')).toBeVisible();
    await expect(row).toHaveCount(0);

    await sideNav(page).getByRole('link', { name: 'Approved' }).click();
    await expect(page).toHaveURL('/campaigns/approved');
    const approved = page.getByRole('row').filter({ hasText: name });
    await approved.getByRole('button', { name: `Start ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Start Campaign' });
    const estimate = dialog.getByRole('group', { name: 'Cost estimate' });
    await expect(estimate).toContainText('Estimated cost');
    await expect(estimate).toContainText('Recipients');
    await saveScreen(page, 'campaign-start-estimate');
    await dialog.getByRole('button', { name: 'Start' }).click();
    await expect(toast(page, 'Campaign started')).toBeVisible();
  });

  await test.step("the campaign's report shows its funnel and recipients", async () => {
    await sideNav(page).getByRole('link', { name: 'Campaign Report' }).click();
    await page.getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
    const funnel = page.getByRole('list', { name: 'Funnel' });
    await expect(funnel.getByRole('listitem', { name: 'Targeted' })).toContainText('25');
    await expect(page.getByRole('table', { name: 'Recipients' }).getByRole('row')).not.toHaveCount(1);
    await expect(page.getByRole('figure', { name: 'Outcomes' })).toBeVisible();
    await saveScreen(page, 'campaign-report');
  });
});
