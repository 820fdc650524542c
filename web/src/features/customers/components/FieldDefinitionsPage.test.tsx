import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { customerMessages, standardFields, type CustomerField } from '@parley/contracts/customer-master';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { toastStore } from '../../../lib/toast';
import { FieldDefinitionsPage } from './FieldDefinitionsPage';

const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

function userField(index: number, extra: Partial<CustomerField> = {}): CustomerField {
  return {
    id: `7e7e0000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    fieldName: `field${index}`,
    fieldLabel: `Field ${index}`,
    fieldHelptext: 'Help',
    mandatory: false,
    fieldType: 'text',
    inputType: 'alphanumeric',
    minLength: 2,
    maxLength: 20,
    allowSpecialChars: true,
    allowedChars: ['-'],
    commaIncluded: true,
    defaultValues: [],
    index,
    standard: false,
    ...extra,
  };
}

function renderPage(path = '/customer-master/definition', canEdit = true) {
  return renderWithRouter(
    <Routes>
      <Route path="/customer-master/definition" element={<FieldDefinitionsPage canEdit={canEdit} />} />
      <Route path="/customer-master/definition/add" element={<FieldDefinitionsPage canEdit={canEdit} />} />
    </Routes>,
    { initialPath: path },
  );
}

const rowLabels = () =>
  within(screen.getByRole('table', { name: 'Customer attributes' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0]!.textContent);

describe('FieldDefinitionsPage', () => {
  beforeAll(() => {
    // jsdom has no FontFaceSet; Mantine's autosize textarea listens to it.
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  it('lists the standard rows first, then the user fields with the spec columns', async () => {
    installFakeApi({
      'GET /api/customer-fields': ok({
        fields: [
          ...standardFields,
          userField(0),
          userField(1, { fieldType: 'selectbox-singlevalue', inputType: null }),
        ],
      }),
    });
    renderPage();
    const table = await screen.findByRole('table', { name: 'Customer attributes' });
    await within(table).findByText('Field 0');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Field Label',
      'Field Type',
      'Input Type',
      'Mandatory',
      'Min.Char',
      'Max.Char',
      'Allow Spl Char',
      'Allowed Spl Chars',
      'Action',
    ]);
    expect(rowLabels()).toEqual(['Namename', 'Phone NumberphoneNumber', 'Field 0field0', 'Field 1field1']);
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveAttribute('aria-disabled', 'true');
    expect(within(rows[1]!).queryByRole('button', { name: /Edit/ })).not.toBeInTheDocument();
    expect(
      within(rows[3]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Field 0field0', 'Textbox', 'Alphanumeric', 'No', '2', '20', 'Yes', '- ,', '']);
    expect(within(rows[3]!).getByRole('button', { name: 'Edit Field 0' })).toBeInTheDocument();
    expect(within(rows[3]!).getByRole('button', { name: 'Delete Field 0' })).toBeInTheDocument();
  });

  it('says when there are no fields of your own', async () => {
    installFakeApi({ 'GET /api/customer-fields': ok({ fields: [...standardFields] }) });
    renderPage();
    expect(await screen.findByText('No attributes of your own yet')).toBeInTheDocument();
  });

  it('add panel: required messages after submit, then a server refusal is listed with Save Failed', async () => {
    const api = installFakeApi({
      'GET /api/customer-fields': ok({ fields: [...standardFields] }),
      'POST /api/customer-fields': fail(409, 5101, customerMessages.fieldNameTaken, {
        fieldErrors: { fieldName: customerMessages.fieldNameTaken },
      }),
    });
    const user = userEvent.setup();
    const view = renderPage('/customer-master/definition/add');
    const panel = await screen.findByRole('form', { name: 'Add New Field' });
    expect(within(panel).queryByText(customerMessages.required)).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(within(panel).getAllByText(customerMessages.required)).toHaveLength(5);
    expect(api.calls('POST /api/customer-fields')).toHaveLength(0);

    await user.type(within(panel).getByRole('textbox', { name: 'Field Name' }), 'tier');
    await user.type(within(panel).getByRole('textbox', { name: 'Field Label' }), 'Loyalty Tier');
    await user.type(within(panel).getByRole('textbox', { name: 'Field Name Help Text' }), 'Their tier');
    await user.click(within(panel).getByRole('radio', { name: 'Yes' }));
    await user.click(within(panel).getByRole('combobox', { name: 'Field Type' }));
    await user.click(await screen.findByRole('option', { name: 'Dropdown' }));
    expect(within(panel).queryByRole('combobox', { name: 'Input Type' })).not.toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Create' }));
    expect(within(panel).getByText(customerMessages.defaultValuesRequired)).toBeInTheDocument();
    await user.type(within(panel).getByRole('textbox', { name: 'Default Values' }), 'Gold, Silver,  Bronze');
    await user.click(within(panel).getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(toastMessages()).toContain(customerMessages.saveFailed));
    expect(api.calls('POST /api/customer-fields')[0]!.body).toMatchObject({
      fieldName: 'tier',
      fieldLabel: 'Loyalty Tier',
      mandatory: true,
      fieldType: 'selectbox-singlevalue',
      inputType: null,
      defaultValues: ['Gold', 'Silver', 'Bronze'],
    });
    const alert = within(panel).getByRole('alert');
    expect(alert).toHaveTextContent(customerMessages.saveFailed);
    expect(alert).toHaveTextContent(`Field Name: ${customerMessages.fieldNameTaken}`);
    expect(view.pathname()).toBe('/customer-master/definition/add');
  }, 20_000);

  it('saves and goes back to the list with the server message', async () => {
    const saved = userField(0);
    installFakeApi({
      'GET /api/customer-fields': ok({ fields: [...standardFields] }),
      'GET /api/customer-fields/7e7e0000-0000-4000-8000-000000000000': ok(saved),
      'PUT /api/customer-fields/7e7e0000-0000-4000-8000-000000000000': (request) =>
        ok({ ...saved, ...(request.body as object) }, customerMessages.fieldUpdated),
    });
    const user = userEvent.setup();
    const view = renderPage(`/customer-master/definition?edit=${saved.id}`);
    const panel = await screen.findByRole('form', { name: 'Edit Field' });
    expect(within(panel).getByRole('textbox', { name: 'Field Label' })).toHaveValue('Field 0');
    expect(within(panel).getByRole('textbox', { name: 'Allowed Special Characters' })).toHaveValue('-');
    expect(within(panel).getByRole('checkbox', { name: 'Include Comma' })).toBeChecked();
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(view.currentPath()).toBe('/customer-master/definition'));
    expect(toastMessages()).toContain(customerMessages.fieldUpdated);
  });

  it('delete says how many customers hold a value before deleting', async () => {
    const field = userField(0, { fieldLabel: 'Loyalty Tier' });
    const api = installFakeApi({
      'GET /api/customer-fields': ok({ fields: [...standardFields, field] }),
      [`GET /api/customer-fields/${field.id}/usage`]: ok({ customers: 3 }),
      [`DELETE /api/customer-fields/${field.id}`]: ok({}),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Delete Loyalty Tier' }));
    const dialog = await screen.findByRole('dialog', { name: "Delete the field 'Loyalty Tier'?" });
    expect(await within(dialog).findByText(/3 customers hold a value for 'Loyalty Tier'/)).toBeInTheDocument();
    expect(api.calls(`DELETE /api/customer-fields/${field.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls(`DELETE /api/customer-fields/${field.id}`)).toHaveLength(1));
    await waitFor(() => expect(toastMessages()).toContain(customerMessages.fieldDeleted));
  });

  it('moves a field with Alt+Arrow at once, and puts it back when the server refuses', async () => {
    const fields = [...standardFields, userField(0), userField(1), userField(2)];
    let release: () => void = () => {};
    const api = installFakeApi({
      'GET /api/customer-fields': ok({ fields }),
      'PUT /api/customer-fields/move': () =>
        new Promise((resolve) => {
          release = () => resolve(fail(500, 1500, 'Something Went Wrong !!'));
        }),
    });
    const user = userEvent.setup();
    renderPage();
    const grip = await screen.findByRole('button', { name: 'Reorder Field 0' });
    grip.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    await waitFor(() => expect(rowLabels().slice(2)).toEqual(['Field 1field1', 'Field 0field0', 'Field 2field2']));
    expect(api.calls('PUT /api/customer-fields/move')[0]!.body).toEqual({ from: 0, to: 1 });
    expect(screen.getByRole('button', { name: 'Reorder Field 0' })).toHaveFocus();
    release();
    await waitFor(() => expect(rowLabels().slice(2)).toEqual(['Field 0field0', 'Field 1field1', 'Field 2field2']));
  });

  it('a viewer sees the fields but no way to change them', async () => {
    installFakeApi({ 'GET /api/customer-fields': ok({ fields: [...standardFields, userField(0)] }) });
    renderPage('/customer-master/definition/add', false);
    await screen.findByText('Field 0');
    expect(screen.queryByRole('button', { name: 'Add New Field' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit Field 0' })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Add New Field' })).not.toBeInTheDocument();
  });
});
