import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { customerMessages, standardFields, type Customer, type CustomerField } from '@parley/contracts/customer-master';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { toastStore } from '../../../lib/toast';
import { customersKeys } from '../api/customers-keys';
import { CustomerFormPage } from './CustomerFormPage';

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));
const ID = '7e7e0000-0000-4000-8000-000000000001';
const GOLD_SEGMENT = '7e7e0000-0000-4000-a000-000000000001';

const city: CustomerField = {
  id: 'f-city',
  fieldName: 'city',
  fieldLabel: 'City',
  fieldHelptext: 'Where they live',
  mandatory: true,
  fieldType: 'text',
  inputType: 'alphabets',
  minLength: 3,
  maxLength: 12,
  allowSpecialChars: false,
  allowedChars: [],
  commaIncluded: false,
  defaultValues: [],
  index: 0,
  standard: false,
};
const tier: CustomerField = {
  ...city,
  id: 'f-tier',
  fieldName: 'tier',
  fieldLabel: 'Loyalty Tier',
  fieldHelptext: 'Their tier',
  mandatory: false,
  fieldType: 'selectbox-singlevalue',
  inputType: null,
  minLength: null,
  maxLength: null,
  defaultValues: ['Gold', 'Silver'],
  index: 1,
};

const stored: Customer = {
  id: ID,
  name: 'Asha Rao',
  phoneNumber: '+919876543210',
  whatsAppNumber: null,
  facebookId: null,
  instaId: 'asha.r',
  twitterId: null,
  tags: [{ id: GOLD_SEGMENT, name: 'VIP' }],
  groups: [],
  data: { 'f-city': 'Pune', 'f-tier': 'Gold' },
  createdAt: '2026-11-21T09:00:00.000Z',
  updatedAt: '2026-11-21T09:00:00.000Z',
};

function renderForm(path: string) {
  return renderWithRouter(
    <Routes>
      <Route
        path="/customer-master/customers"
        element={
          <>
            <p>The customers list</p>
            <Link to={`/customer-master/customers/view/${ID}`}>Open Asha</Link>
          </>
        }
      />
      <Route path="/customer-master/customers/create" element={<CustomerFormPage canEdit />} />
      <Route path="/customer-master/customers/view/:id" element={<CustomerFormPage canEdit />} />
    </Routes>,
    { initialPath: path },
  );
}

const common = {
  'GET /api/customer-fields': ok({ fields: [...standardFields, city, tier] }),
  'GET /api/customer-groups': ok({ groups: [] }),
  'GET /api/customer-segments': ok({ segments: [{ id: GOLD_SEGMENT, name: 'VIP', count: 1 }] }),
};

describe('CustomerFormPage', () => {
  it('a new customer: the spec messages, then the server refusal listed above the form', async () => {
    const api = installFakeApi({
      ...common,
      'POST /api/customers': fail(400, 5106, customerMessages.saveFailed, {
        fieldErrors: { phoneNumber: customerMessages.phoneInvalid },
      }),
    });
    const user = userEvent.setup();
    const view = renderForm('/customer-master/customers/create');
    expect(await screen.findByRole('heading', { name: 'Create Customer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(customerMessages.required)).toHaveLength(2);
    expect(screen.getByText('City is required')).toBeInTheDocument();
    expect(api.calls('POST /api/customers')).toHaveLength(0);

    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Asha Rao');
    await user.type(screen.getByRole('textbox', { name: 'Phone Number' }), '+91 12345 67890');
    const cityInput = screen.getByRole('textbox', { name: 'City' });
    await user.type(cityInput, '   ');
    expect(screen.getByText('Whitespace only present in the field - City')).toBeInTheDocument();
    await user.clear(cityInput);
    await user.type(cityInput, 'Po');
    expect(screen.getByText('Minimum length must be 3 characters.')).toBeInTheDocument();
    await user.type(cityInput, 'rbandar Town');
    expect(screen.getByText('Maximum length must be 12 characters.')).toBeInTheDocument();
    await user.clear(cityInput);
    await user.type(cityInput, 'Pune');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const alert = (await screen.findByText('The customer was not saved')).closest('[role="alert"]');
    expect(alert).toHaveTextContent(`Phone Number: ${customerMessages.phoneInvalid}`);
    expect(api.calls('POST /api/customers')[0]!.body).toMatchObject({
      name: 'Asha Rao',
      phoneNumber: '+91 12345 67890',
      data: { 'f-city': 'Pune', 'f-tier': '' },
    });
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      expect.stringContaining(customerMessages.phoneInvalid),
    );
    expect(toastMessages()).toContain(customerMessages.saveFailed);
    expect(view.pathname()).toBe('/customer-master/customers/create');
  }, 30_000);

  it('an existing customer opens read-only; edit locks the phone; save goes to the list', async () => {
    const api = installFakeApi({
      ...common,
      [`GET /api/customers/${ID}`]: ok(stored),
      [`PUT /api/customers/${ID}`]: (request) => ok({ ...stored, ...(request.body as object) }),
    });
    const user = userEvent.setup();
    const view = renderForm(`/customer-master/customers/view/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Update Customer' })).toBeInTheDocument();
    const name = screen.getByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Asha Rao');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveValue('Pune');
    expect(screen.getByRole('textbox', { name: 'Instagram ID' })).toHaveValue('asha.r');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Customer' }));
    expect(name).not.toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Asha R. Rao');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.pathname()).toBe('/customer-master/customers'));
    expect(api.calls(`PUT /api/customers/${ID}`)[0]!.body).toMatchObject({
      name: 'Asha R. Rao',
      phoneNumber: '+919876543210',
      tags: [GOLD_SEGMENT],
      data: { 'f-city': 'Pune', 'f-tier': 'Gold' },
    });
    expect(toastMessages()).toContain(customerMessages.customerUpdated);
  }, 30_000);

  it('cancel leaves for the list without saving', async () => {
    const api = installFakeApi({ ...common, [`GET /api/customers/${ID}`]: ok(stored) });
    const user = userEvent.setup();
    const view = renderForm(`/customer-master/customers/view/${ID}`);
    await user.click(await screen.findByRole('button', { name: 'Edit Customer' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(view.pathname()).toBe('/customer-master/customers'));
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
    expect(within(document.body).getByText('The customers list')).toBeInTheDocument();
  });

  it('opens on the customer as stored now, not on a copy cached before the list changed it', async () => {
    installFakeApi({
      ...common,
      [`GET /api/customers/${ID}`]: async () => {
        await new Promise((resolve) => setTimeout(resolve, 150));
        return ok({ ...stored, instaId: 'asha.now' });
      },
    });
    const user = userEvent.setup();
    const view = renderForm('/customer-master/customers');
    view.queryClient.setQueryData(customersKeys.fields(), { fields: [...standardFields, city, tier] });
    view.queryClient.setQueryData(customersKeys.customer(ID), { ...stored, instaId: 'asha.before' });
    await user.click(screen.getByRole('link', { name: 'Open Asha' }));
    expect(await screen.findByRole('textbox', { name: 'Instagram ID' })).toHaveValue('asha.now');
  });
});
