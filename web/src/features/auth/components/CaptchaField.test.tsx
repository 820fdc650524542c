import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, ok } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { LoginPage } from './LoginPage';

const IMAGE_ID = '0b1f7c4e-8e55-4b8e-9d2a-3c1f000000a1';
const QUESTION_IDS = ['0b1f7c4e-8e55-4b8e-9d2a-3c1f000000b1', '0b1f7c4e-8e55-4b8e-9d2a-3c1f000000b2'];
const QUESTIONS = ['What is seven plus two?', 'Take three away from eight. What is left?'];

function fakeApi() {
  let questions = 0;
  return installFakeApi({
    'GET /api/app-config': ok({ title: 'Parley', hideSignup: false, enableAds: false, adBannerUrl: null }),
    'GET /api/account/captcha': ({ query }) => {
      if (query.get('kind') !== 'text')
        return ok({ captchaId: IMAGE_ID, captcha: 'data:image/svg+xml;base64,PHN2Zy8+' });
      const index = Math.min(questions, QUESTIONS.length - 1);
      questions += 1;
      return ok({ captchaId: QUESTION_IDS[index], captcha: '', question: QUESTIONS[index] });
    },
    'POST /api/account/login': ok({ state: 'twoFactor', challengeId: 'c-1' }),
  });
}

describe('CaptchaField', () => {
  it('names the image and its refresh button', async () => {
    fakeApi();
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    expect(await screen.findByRole('img', { name: 'Verification image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New image' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a Text Question Instead' })).toBeInTheDocument();
  });

  it('swaps the image for a text question that describes the input, and sends its answer', async () => {
    const api = fakeApi();
    const actor = userEvent.setup();
    renderWithRouter(<LoginPage onSignedIn={vi.fn()} />);
    await screen.findByRole('img', { name: 'Verification image' });
    await actor.type(screen.getByLabelText('Captcha'), 'abc');

    await actor.click(screen.getByRole('button', { name: 'Use a Text Question Instead' }));

    const input = screen.getByLabelText('Captcha');
    await waitFor(() => expect(input).toHaveAccessibleDescription('What is seven plus two?'));
    expect(screen.queryByRole('img', { name: 'Verification image' })).not.toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(api.calls('GET /api/account/captcha').at(-1)?.query.get('kind')).toBe('text');

    await actor.click(screen.getByRole('button', { name: 'New question' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('Take three away from eight. What is left?'));

    await actor.type(screen.getByLabelText('Email'), 'ada@example.com');
    await actor.type(screen.getByLabelText('Password'), 'correct horse');
    await actor.type(input, '5{Enter}');
    await waitFor(() => expect(api.calls('POST /api/account/login')).toHaveLength(1));
    expect(api.calls('POST /api/account/login')[0]?.body).toMatchObject({ captcha: '5', captchaId: QUESTION_IDS[1] });
  }, 20_000);
});
