import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { Composer } from './Composer';
import { ME, message, uuid } from './conversations-test-data';

const FILE_ID = uuid(990);
let finishUpload: (() => void) | null = null;

vi.mock('../../../lib/upload-file', () => ({
  uploadFileWithProgress: (file: File, onProgress: (fraction: number) => void) =>
    new Promise((resolve) => {
      onProgress(0.4);
      finishUpload = () => {
        onProgress(1);
        resolve({ id: FILE_ID, name: file.name, url: `/api/files/${FILE_ID}` });
      };
    }),
  fetchFileAsDataUrl: () => Promise.resolve(''),
}));

const CONVERSATION = uuid(101);

describe('Composer', () => {
  beforeAll(() => {
    if (!('fonts' in document))
      Object.defineProperty(document, 'fonts', {
        configurable: true,
        value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
      });
  });

  it('uploads an attachment with its progress, then sends it with the text as its caption', async () => {
    const server = installFakeApi({
      [`POST /api/conversations/${CONVERSATION}/messages`]: ok({
        message: message(1, CONVERSATION, {
          direction: 'out',
          sender: { kind: 'agent', userId: ME, name: 'Ada' },
          kind: 'media',
          text: 'Your invoice',
          status: 'queued',
        }),
      }),
    });
    const user = userEvent.setup();
    const { container } = renderWithRouter(
      <Composer conversationId={CONVERSATION} onOutsideWindow={() => undefined} />,
    );
    const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
    await user.upload(input, new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    const progress = await screen.findByRole('progressbar', { name: 'Uploading invoice.pdf' });
    expect(progress).toHaveAttribute('aria-valuenow', '40');
    // Nothing goes out while the file is still uploading.
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    finishUpload!();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled());
    await user.type(screen.getByRole('textbox', { name: 'Reply' }), 'Your invoice{Enter}');
    await waitFor(() => expect(server.calls(`POST /api/conversations/${CONVERSATION}/messages`)).toHaveLength(1));
    expect(server.calls(`POST /api/conversations/${CONVERSATION}/messages`)[0]!.body).toEqual({
      text: 'Your invoice',
      fileId: FILE_ID,
    });
    await waitFor(() => expect(screen.queryByText('invoice.pdf')).not.toBeInTheDocument());
  });

  it('refuses an empty reply with the spec text', async () => {
    installFakeApi({});
    const user = userEvent.setup();
    renderWithRouter(<Composer conversationId={CONVERSATION} onOutsideWindow={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter a message')).toBeInTheDocument();
  });
});
