import './jsdom-fonts.test-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { toastStore } from '../../../lib/toast';
import { TemplateEditorPage } from './TemplateEditorPage';
import { SANDBOX_CHANNEL, channel, template } from './template-fixtures.test-data';

const channels = {
  'GET /api/channels': (request: { query: URLSearchParams }) =>
    ok({
      channelConfig: request.query.get('type') === '4' ? [channel(SANDBOX_CHANNEL, 'Sandbox WhatsApp', 0)] : [],
      more: false,
    }),
};
const toastMessages = () => toastStore.getState().notifications.map((toast) => String(toast.message));

function renderEditor(path: string) {
  return renderWithRouter(
    <Routes>
      <Route path="/admin/messageTemplate/whatsapp" element={<p>Templates list</p>} />
      <Route path="/admin/messageTemplate/whatsapp/create" element={<TemplateEditorPage />} />
      <Route path="/admin/messageTemplate/whatsapp/:id" element={<TemplateEditorPage />} />
      <Route path="/elsewhere" element={<p>Elsewhere</p>} />
    </Routes>,
    { initialPath: path },
  );
}

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('TemplateEditorPage', () => {
  it('creates a standard template with a variable and its example, previewing it live', async () => {
    const api = installFakeApi({
      ...channels,
      'POST /api/templates': (request) => ok(template(9, request.body as object), 'Template submitted'),
    });
    const user = userEvent.setup();
    const view = renderEditor('/admin/messageTemplate/whatsapp/create');
    const form = await screen.findByRole('form', { name: 'Template' });
    // The only channel is chosen already.
    expect(within(form).getByRole('combobox', { name: 'Channel' })).toHaveValue('Sandbox WhatsApp (WhatsApp)');
    await user.click(within(form).getByRole('textbox', { name: 'Name' }));
    await user.paste('order_update');
    await choose(user, 'Category', 'Utility');
    const body = within(form).getByRole('textbox', { name: 'Body' });
    await user.type(body, 'Hi ');
    await user.click(within(form).getByRole('button', { name: 'Add Variable to Body' }));
    await user.paste(', your *order* ships today.');
    expect(body).toHaveValue('Hi {{1}}, your *order* ships today.');
    expect(within(form).getByText('35/1024')).toBeInTheDocument();
    await user.click(within(form).getByRole('textbox', { name: 'Body example for {{1}}' }));
    await user.paste('Jessica');

    const preview = screen.getByRole('figure', { name: 'Template preview' });
    expect(within(preview).getByText('Sandbox WhatsApp')).toBeInTheDocument();
    expect(within(preview).getByText('order').tagName).toBe('STRONG');
    expect(within(preview).getByText('order').parentElement).toHaveTextContent('Hi Jessica, your order ships today.');

    await user.click(within(form).getByRole('button', { name: 'Add Button' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quick reply' }));
    await user.click(within(form).getByRole('textbox', { name: 'Button 1 text' }));
    await user.paste('Track order');
    expect(within(preview).getByText('Track order')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/templates')).toHaveLength(1));
    expect(api.calls('POST /api/templates')[0]!.body).toEqual({
      channelId: SANDBOX_CHANNEL,
      name: 'order_update',
      language: 'en_US',
      category: 'UTILITY',
      parameter_format: 'POSITIONAL',
      components: [
        { type: 'BODY', text: 'Hi {{1}}, your *order* ships today.', example: { body_text: [['Jessica']] } },
        { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Track order' }] },
      ],
    });
    await waitFor(() => expect(view.pathname()).toBe('/admin/messageTemplate/whatsapp'));
    expect(toastMessages()).toContain('Template submitted');
  }, 30_000);

  it('names the part and the limit of a template over a limit once edited or submitted, and shows the server field errors', async () => {
    const api = installFakeApi({
      ...channels,
      'POST /api/templates': fail(409, 5301, 'A template with this name and language already exists on this channel', {
        fieldErrors: { name: 'A template with this name and language already exists on this channel' },
      }),
    });
    const user = userEvent.setup();
    renderEditor('/admin/messageTemplate/whatsapp/create');
    const form = await screen.findByRole('form', { name: 'Template' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'promo');
    await choose(user, 'Category', 'Marketing');
    const footer = within(form).getByRole('textbox', { name: 'Footer Text' });
    await user.click(footer);
    await user.paste('x'.repeat(61));
    expect(within(form).getByText('61/60')).toBeInTheDocument();
    // An edited part shows its issue at once; an untouched one waits for a submit attempt.
    expect(screen.getByText('Footer must be at most 60 characters (it has 61)')).toBeInTheDocument();
    expect(screen.queryByText('Body: This Field is Mandatory')).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Body: This Field is Mandatory')).toBeInTheDocument();
    expect(screen.getByText('Please check the template: some parts break a limit')).toBeInTheDocument();
    expect(api.calls('POST /api/templates')).toHaveLength(0);

    await user.clear(footer);
    await user.type(footer, 'Thanks');
    await user.type(within(form).getByRole('textbox', { name: 'Body' }), 'Big sale today');
    expect(screen.queryByText(/Footer must be at most/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls('POST /api/templates')).toHaveLength(1));
    const name = within(form).getByRole('textbox', { name: 'Name' });
    expect(
      await within(form).findAllByText('A template with this name and language already exists on this channel'),
    ).not.toHaveLength(0);
    expect(name).toHaveAttribute('aria-invalid', 'true');
  }, 30_000);

  it('builds a carousel: Marketing, cards with the same buttons, a card body limit of 160', async () => {
    installFakeApi({ ...channels });
    const user = userEvent.setup();
    renderEditor('/admin/messageTemplate/whatsapp/create');
    const form = await screen.findByRole('form', { name: 'Template' });
    await user.click(within(form).getByRole('radio', { name: 'Carousel' }));
    expect(within(form).getByRole('combobox', { name: 'Category' })).toHaveValue('Marketing');
    expect(within(form).queryByRole('textbox', { name: 'Footer Text' })).not.toBeInTheDocument();
    expect(within(form).getAllByRole('group', { name: /^Card \d$/ })).toHaveLength(2);

    const card1 = within(form).getByRole('group', { name: 'Card 1' });
    await user.click(within(card1).getByRole('button', { name: 'Add Card 1 Button' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Quick reply' }));
    // Every card gets the same button.
    const card2 = within(form).getByRole('group', { name: 'Card 2' });
    expect(within(card2).getByRole('group', { name: 'Card 2 Button 1: Quick reply' })).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Add Card' }));
    const card3 = within(form).getByRole('group', { name: 'Card 3' });
    expect(within(card3).getByRole('group', { name: 'Card 3 Button 1: Quick reply' })).toBeInTheDocument();

    await user.click(within(card1).getByRole('textbox', { name: 'Card 1 Body' }));
    await user.paste('y'.repeat(161));
    expect(within(card1).getByText('161/160')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(
      await within(card1).findByText('Card 1 body must be at most 160 characters (it has 161)'),
    ).toBeInTheDocument();
    expect(within(card2).getByText('Media missing in card 2')).toBeInTheDocument();
    const preview = screen.getByRole('figure', { name: 'Template preview' });
    expect(within(preview).getAllByRole('group', { name: /Card \d of 3/ })).toHaveLength(3);
  }, 30_000);

  it('a limited-time offer has an offer text (15) and exactly its copy-code and URL buttons', async () => {
    installFakeApi({ ...channels });
    const user = userEvent.setup();
    renderEditor('/admin/messageTemplate/whatsapp/create');
    const form = await screen.findByRole('form', { name: 'Template' });
    await user.click(within(form).getByRole('radio', { name: 'Limited-Time Offer' }));
    expect(within(form).getByRole('group', { name: 'Button 1: Copy offer code' })).toBeInTheDocument();
    expect(within(form).getByRole('group', { name: 'Button 2: Visit website' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Add Button' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('textbox', { name: 'Offer Text' }));
    await user.paste('Diwali mega sale!');
    expect(within(form).getByText('17/15')).toBeInTheDocument();
    expect(within(form).getByText('0/600')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Button 1 example offer code' }), 'DIWALI20');
    const preview = screen.getByRole('figure', { name: 'Template preview' });
    expect(within(preview).getByTestId('limited-time-offer')).toHaveTextContent('Diwali mega sale!');
    expect(within(preview).getByTestId('limited-time-offer')).toHaveTextContent('Code DIWALI20');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Offer text must be at most 15 characters (it has 17)')).toBeInTheDocument();
  }, 30_000);

  it('takes only the media types of the header and asks for the file before submitting', async () => {
    installFakeApi({ ...channels });
    const user = userEvent.setup({ applyAccept: false });
    renderEditor('/admin/messageTemplate/whatsapp/create');
    const form = await screen.findByRole('form', { name: 'Template' });
    await user.click(within(form).getByRole('radio', { name: 'Image' }));
    const input = form.querySelector<HTMLInputElement>('input[type="file"]')!;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(form).findByText('Choose a JPEG or PNG file for the image')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await within(form).findByText('Header: upload a sample image for the IMAGE header')).toBeInTheDocument();
  }, 30_000);

  it('opens an existing template with its data and status, and saves it with PUT', async () => {
    const rejected = template(4, {
      status: 'REJECTED',
      reason: 'Variables are not in order',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}', example: { header_text: ['Ann'] } },
        { type: 'BODY', text: 'Your code is {{1}} today.', example: { body_text: [['1234']] } },
        { type: 'FOOTER', text: 'Team Acme' },
      ],
    });
    const api = installFakeApi({
      ...channels,
      [`GET /api/templates/${rejected.id}`]: ok(rejected),
      [`PUT /api/templates/${rejected.id}`]: (request) =>
        ok({ ...rejected, ...(request.body as object), status: 'PENDING' }),
    });
    const user = userEvent.setup();
    renderEditor(`/admin/messageTemplate/whatsapp/${rejected.id}`);
    const form = await screen.findByRole('form', { name: 'Template' });
    expect(screen.getByText('Variables are not in order')).toBeInTheDocument();
    expect(screen.getAllByText('REJECTED').length).toBeGreaterThan(0);
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('order_update_4');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(within(form).getByRole('textbox', { name: 'Header Text' })).toHaveValue('Hello {{1}}');
    expect(within(form).getByRole('textbox', { name: 'Header Text example for {{1}}' })).toHaveValue('Ann');
    expect(within(form).getByRole('textbox', { name: 'Footer Text' })).toHaveValue('Team Acme');
    const body = within(form).getByRole('textbox', { name: 'Body' });
    await user.clear(body);
    await user.paste('Your code is {{1}} now.');
    await user.keyboard('{Escape}');
    expect(body).toHaveValue('Your code is {{1}} now.');
    await user.click(within(form).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(api.calls(`PUT /api/templates/${rejected.id}`)).toHaveLength(1));
    expect(api.calls(`PUT /api/templates/${rejected.id}`)[0]!.body).toMatchObject({
      name: 'order_update_4',
      components: [
        { type: 'HEADER', format: 'TEXT', text: 'Hello {{1}}', example: { header_text: ['Ann'] } },
        { type: 'BODY', text: 'Your code is {{1}} now.', example: { body_text: [['1234']] } },
        { type: 'FOOTER', text: 'Team Acme' },
      ],
    });
  }, 30_000);

  it('asks before leaving with unsaved changes', async () => {
    installFakeApi({ ...channels });
    const user = userEvent.setup();
    const view = renderWithRouter(
      <>
        <Link to="/elsewhere">Go elsewhere</Link>
        <Routes>
          <Route path="/admin/messageTemplate/whatsapp" element={<p>Templates list</p>} />
          <Route path="/admin/messageTemplate/whatsapp/create" element={<TemplateEditorPage />} />
          <Route path="/elsewhere" element={<p>Elsewhere</p>} />
        </Routes>
      </>,
      { initialPath: '/admin/messageTemplate/whatsapp/create' },
    );
    const form = await screen.findByRole('form', { name: 'Template' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'draft_one');
    await user.click(screen.getByRole('link', { name: 'Go elsewhere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsaved Changes' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(view.pathname()).toBe('/admin/messageTemplate/whatsapp/create');
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('draft_one');

    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Unsaved Changes' })).getByRole('button', {
        name: 'Discard',
      }),
    );
    await waitFor(() => expect(view.pathname()).toBe('/admin/messageTemplate/whatsapp'));
  }, 30_000);
});
