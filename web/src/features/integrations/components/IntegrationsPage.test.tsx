import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { IntegrationsPage } from './IntegrationsPage';

const ID = '7e7e0000-0000-4000-8000-0000000000a1';
const saved = {
  id: ID,
  name: 'Assistant',
  authType: 5,
  settings: { llm: 1, baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o-mini' },
  secrets: { apikey: 'sk-…abcd' },
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

describe('IntegrationsPage', () => {
  it('shows the key masked, keeps it on save, and sends a new one after Replace', async () => {
    const api = installFakeApi({
      'GET /api/integrations': ok({ integrations: [saved], more: false }),
      [`PUT /api/integrations/${ID}`]: (request) => ok({ ...saved, ...(request.body as object) }),
    });
    const user = userEvent.setup();
    renderWithRouter(<IntegrationsPage />);
    expect(await screen.findByText('sk-…abcd')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Assistant' }));
    let drawer = await screen.findByRole('dialog', { name: 'Edit Assistant' });
    expect(within(drawer).getByLabelText('API Key', { exact: true })).toHaveValue('sk-…abcd');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PUT /api/integrations/${ID}`)).toHaveLength(1));
    expect(api.calls(`PUT /api/integrations/${ID}`)[0]!.body).toMatchObject({
      authType: 5,
      settings: { llm: 1, baseUrl: 'https://llm.example.com/v1', model: 'gpt-4o-mini' },
      secrets: { apikey: 'sk-…abcd' },
    });

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit Assistant' })).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Edit Assistant' }));
    drawer = await screen.findByRole('dialog', { name: 'Edit Assistant' });
    await user.click(within(drawer).getByRole('button', { name: 'Replace API Key' }));
    await user.type(within(drawer).getByLabelText('API Key', { exact: true }), 'sk-brand-new-key-9999');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls(`PUT /api/integrations/${ID}`)).toHaveLength(2));
    expect(api.calls(`PUT /api/integrations/${ID}`)[1]!.body).toMatchObject({
      secrets: { apikey: 'sk-brand-new-key-9999' },
    });
  });

  it('reports the result of Test connection beside the integration', async () => {
    installFakeApi({
      'GET /api/integrations': ok({ integrations: [saved], more: false }),
      [`POST /api/integrations/${ID}/test`]: ok({ ok: false, message: 'The endpoint refused the API key (HTTP 401)' }),
    });
    const user = userEvent.setup();
    renderWithRouter(<IntegrationsPage />);
    await user.click(await screen.findByRole('button', { name: 'Test connection of Assistant' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The endpoint refused the API key (HTTP 401)');
  });
});
