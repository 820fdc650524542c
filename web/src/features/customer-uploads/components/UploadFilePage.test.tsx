import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { customerMessages, standardFields, type UploadDraft } from '@parley/contracts/customer-master';
import { fail, installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { UploadFilePage } from './UploadFilePage';

const SEGMENT = '5e5e0000-0000-4000-8000-000000000001';
const UPLOAD = '0a0a0000-0000-4000-8000-000000000001';

const cityField = {
  ...standardFields[0]!,
  id: '1f1f0000-0000-4000-8000-000000000001',
  fieldName: 'city',
  fieldLabel: 'City',
  mandatory: false,
  standard: false,
  index: 0,
};

const draft: UploadDraft = {
  uploadId: UPLOAD,
  fileName: 'customers.csv',
  parsedHeaders: { systemHeaders: ['name', 'phoneNumber', 'city'], userHeaders: ['Name', 'Mobile', 'Town'] },
  headerMapping: [
    { src: 'name', des: 'Name' },
    { src: 'phoneNumber', des: '' },
    { src: 'city', des: '' },
  ],
};

/** The XHR the file goes up with: reports progress in two steps, then answers `answer`. */
class FakeXhr {
  static sent: { url: string; headers: Record<string, string>; body: FormData }[] = [];
  static answer: { status: number; body: unknown } = {
    status: 200,
    body: { status: true, message: 'OK', data: draft },
  };
  static release: (() => void) | null = null;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  onloadend: (() => void) | null = null;
  status = 0;
  responseText = '';
  private url = '';
  private headers: Record<string, string> = {};
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    FakeXhr.sent.push({ url: this.url, headers: this.headers, body });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    FakeXhr.release = () => {
      this.status = FakeXhr.answer.status;
      this.responseText = JSON.stringify(FakeXhr.answer.body);
      this.onload?.();
      this.onloadend?.();
    };
  }
}

function csv(name: string, type = 'text/csv') {
  return new File(['Name,Mobile,Town\nAsha,+919876543210,Pune\n'], name, { type });
}

const baseApi = {
  'GET /api/customer-segments': ok({ segments: [{ id: SEGMENT, name: 'Newsletter', count: 0 }] }),
  'GET /api/customer-fields': ok({ fields: [...standardFields, cityField] }),
};

beforeEach(() => {
  FakeXhr.sent = [];
  FakeXhr.answer = { status: 200, body: { status: true, message: 'OK', data: draft } };
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

async function chooseFile(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]')!;
  await user.upload(input, file);
  return user;
}

describe('UploadFilePage', () => {
  it("refuses a file that is not CSV with 'Invalid File Format !' without sending it", async () => {
    installFakeApi(baseApi);
    renderWithRouter(<UploadFilePage segmentId={SEGMENT} />);
    expect(await screen.findByText('Newsletter')).toBeInTheDocument();
    await chooseFile(new File(['%PDF-1.4'], 'customers.pdf', { type: 'application/pdf' }));
    expect(await screen.findByText(customerMessages.csvOnly)).toBeInTheDocument();
    await chooseFile(new File(['x'], 'customers.csv', { type: 'image/png' }));
    expect(await screen.findByText(customerMessages.csvOnly)).toBeInTheDocument();
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('goes back to the customers list when the form was opened directly', async () => {
    installFakeApi(baseApi);
    const view = renderWithRouter(<UploadFilePage segmentId={SEGMENT} />, {
      initialPath: `/customer-master/uploadfile/${SEGMENT}`,
    });
    await screen.findByText('Newsletter');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(view.pathname()).toBe('/customer-master/customers');
  });

  it('sends the file with a progress bar, then shows the server’s refusal', async () => {
    installFakeApi(baseApi);
    FakeXhr.answer = { status: 400, body: { status: false, code: 5112, message: customerMessages.csvUnreadable } };
    renderWithRouter(<UploadFilePage segmentId={SEGMENT} />);
    await screen.findByText('Newsletter');
    await chooseFile(csv('customers.csv'));
    expect(await screen.findByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuenow', '40');
    expect(FakeXhr.sent[0]!.url).toBe('/api/customer-uploads/file');
    expect((FakeXhr.sent[0]!.body.get('file') as File).name).toBe('customers.csv');
    act(() => FakeXhr.release!());
    expect(await screen.findByText(customerMessages.csvUnreadable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose CSV File' })).toBeInTheDocument();
  });

  it('maps the headers (auto-matched, editable), previews, uploads and shows the success card', async () => {
    const api = installFakeApi({
      ...baseApi,
      [`POST /api/customer-uploads/${UPLOAD}/preview`]: ok({
        rows: [
          { line: 2, values: { name: 'Asha', phoneNumber: '+919876543210', city: 'Pune' }, errors: [] },
          { line: 3, values: { name: 'Ravi', phoneNumber: '12', city: '' }, errors: [customerMessages.phoneInvalid] },
        ],
        checkedRows: 5000,
        failingRows: 3,
        partial: true,
        reasons: [{ message: customerMessages.phoneInvalid, count: 3 }],
      }),
      [`POST /api/customer-uploads/${UPLOAD}/submit`]: ok({
        id: UPLOAD,
        fileName: 'customers.csv',
        segmentId: SEGMENT,
        segmentName: 'Newsletter',
        replace: true,
        state: 'WAITING',
        totalLines: 0,
        acceptedLines: 0,
        errorLines: 0,
        progress: 0,
        errorMessage: null,
        createdAt: '2026-11-21T09:00:00.000Z',
        completedAt: null,
      }),
    });
    renderWithRouter(<UploadFilePage segmentId={SEGMENT} />);
    await screen.findByText('Newsletter');
    const user = await chooseFile(csv('customers.csv'));
    act(() => FakeXhr.release!());

    const mapping = await screen.findByRole('table', { name: 'Header mapping' });
    const select = (label: string) => within(mapping).getByRole('combobox', { name: `Uploaded header for ${label}` });
    expect(select('Name')).toHaveValue('Name');
    expect(select('Phone Number')).toHaveValue('');
    expect(select('City')).toHaveValue('');

    // The mandatory phone number is not mapped yet: nothing is sent.
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(customerMessages.mappingRequired)).toBeInTheDocument();
    expect(screen.getByText('Phone Number is required')).toBeInTheDocument();
    expect(api.calls(`POST /api/customer-uploads/${UPLOAD}/submit`)).toHaveLength(0);

    await user.selectOptions(select('Phone Number'), 'Mobile');
    await user.selectOptions(select('City'), 'Town');
    await user.click(screen.getByRole('checkbox', { name: /Replace Existing Records/ }));
    await user.click(screen.getByRole('button', { name: 'Preview' }));
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(preview).toHaveTextContent('3 of 5,000 checked rows will fail');
    expect(preview).toHaveTextContent('Only the first 5,000 rows of the file were checked');
    expect(preview).toHaveTextContent(`3 × ${customerMessages.phoneInvalid}`);
    expect(within(preview).getByRole('table', { name: 'Preview rows' })).toHaveTextContent('+919876543210');
    const body = {
      segmentId: SEGMENT,
      replace: true,
      headerMapping: [
        { src: 'name', des: 'Name' },
        { src: 'phoneNumber', des: 'Mobile' },
        { src: 'city', des: 'Town' },
      ],
    };
    expect(api.calls(`POST /api/customer-uploads/${UPLOAD}/preview`)[0]!.body).toEqual(body);

    // Changing the mapping makes the preview out of date: it goes away.
    await user.selectOptions(select('City'), '');
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
    await user.selectOptions(select('City'), 'Town');

    await user.click(screen.getByRole('button', { name: 'Upload' }));
    const card = await screen.findByRole('region', { name: 'Upload submitted' });
    expect(card).toHaveTextContent('customers.csv');
    expect(card).toHaveTextContent(customerMessages.uploaded);
    expect(card).toHaveTextContent(customerMessages.uploadInProgress);
    expect(within(card).getByRole('link', { name: 'Uploads' })).toHaveAttribute(
      'href',
      `/customer-master/uploads/${SEGMENT}`,
    );
    expect(api.calls(`POST /api/customer-uploads/${UPLOAD}/submit`)[0]!.body).toEqual(body);
  });

  it('shows the server’s refusal of the mapping above the buttons', async () => {
    installFakeApi({
      ...baseApi,
      [`POST /api/customer-uploads/${UPLOAD}/submit`]: fail(409, 5115, customerMessages.uploadNotDraft),
    });
    renderWithRouter(<UploadFilePage segmentId={SEGMENT} />);
    await screen.findByText('Newsletter');
    const user = await chooseFile(csv('customers.csv'));
    act(() => FakeXhr.release!());
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Uploaded header for Phone Number' }),
      'Mobile',
    );
    await user.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(customerMessages.uploadNotDraft));
    expect(screen.queryByRole('region', { name: 'Upload submitted' })).not.toBeInTheDocument();
  });
});
