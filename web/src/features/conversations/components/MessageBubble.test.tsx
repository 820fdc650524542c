import { screen } from '@testing-library/react';
import { installFakeApi } from '../../../test/fake-api';
import { renderWithRouter } from '../../../test/render-app';
import { customerNumberBesideLabel } from './conversation-format';
import { conversation, message, uuid } from './conversations-test-data';
import { MessageBubble } from './MessageBubble';

describe('MessageBubble', () => {
  it("shows the bot's WhatsApp formatting as the customer's phone does, links kept", () => {
    installFakeApi({});
    renderWithRouter(
      <MessageBubble
        message={message(1, uuid(100), {
          direction: 'out',
          sender: { kind: 'bot', userId: null, name: 'Bot' },
          text: 'Hello! I am the *Demo Airways* assistant, _happy_ to help: https://demo.example/my_trip_now',
          status: 'read',
        })}
      />,
    );
    expect(screen.getByText('Demo Airways').tagName).toBe('STRONG');
    // The Bot badge, not 'Bot' said twice.
    expect(screen.getAllByText('Bot')).toHaveLength(1);
    expect(screen.getByText('happy').tagName).toBe('EM');
    expect(screen.queryByText(/\*Demo Airways\*/)).not.toBeInTheDocument();
    // The underscores inside an address are not italics.
    expect(screen.getByRole('link', { name: 'https://demo.example/my_trip_now' })).toHaveAttribute(
      'href',
      'https://demo.example/my_trip_now',
    );
  });

  it('shows the reply buttons the bot offered under its answer', () => {
    installFakeApi({});
    renderWithRouter(
      <MessageBubble
        message={message(1, uuid(101), {
          direction: 'out',
          sender: { kind: 'bot', userId: null, name: 'Bot' },
          text: 'Sorry, I can only help with flights.',
          content: { quickReplies: [{ id: 'talk_to_agent', title: 'Talk to an agent' }] },
          status: 'delivered',
        })}
      />,
    );
    expect(screen.getByText('Sorry, I can only help with flights.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Reply buttons' })).toHaveTextContent('Talk to an agent');
  });

  it("shows an automatic message the customer received on the right with its ticks; agents' notes centred", () => {
    installFakeApi({});
    renderWithRouter(
      <>
        <MessageBubble
          message={message(1, uuid(102), {
            direction: 'out',
            sender: { kind: 'system', userId: null, name: 'System' },
            text: 'We are closed now. We answer from 9 am.',
            status: 'delivered',
          })}
        />
        <MessageBubble
          message={message(2, uuid(103), {
            direction: 'system',
            sender: { kind: 'system', userId: null, name: 'System' },
            text: 'Missed: The customer wrote outside working hours',
            status: 'sent',
          })}
        />
      </>,
    );
    const told = screen.getByText('We are closed now. We answer from 9 am.').closest('[data-side]');
    expect(told).toHaveAttribute('data-side', 'right');
    expect(told).toHaveTextContent('Automatic');
    expect(told).not.toHaveTextContent('System');
    expect(
      screen.getByText(/^Missed: The customer wrote outside working hours/).closest('[data-side]'),
    ).toHaveAttribute('data-side', 'center');
  });

  it('shows a picture the console sent (mediaType image) as a picture, not as a file link', async () => {
    installFakeApi({});
    renderWithRouter(
      <MessageBubble
        message={message(2, uuid(100), {
          direction: 'out',
          sender: { kind: 'agent', userId: null, name: 'Ada' },
          kind: 'media',
          text: 'Your boarding pass',
          content: { media: { mediaType: 'image', url: 'https://cdn.example/pass.png', fileName: 'pass.png' } },
          status: 'sent',
        })}
      />,
    );
    expect(await screen.findByRole('img', { name: 'pass.png' })).toHaveAttribute('src', 'https://cdn.example/pass.png');
    expect(screen.queryByRole('link', { name: 'pass.png' })).not.toBeInTheDocument();
    expect(screen.getByText('Your boarding pass')).toBeInTheDocument();
  });

  it('offers a stored document as a download (its URL needs the session token, a plain link would answer 401)', () => {
    installFakeApi({});
    renderWithRouter(
      <MessageBubble
        message={message(3, uuid(100), {
          direction: 'out',
          sender: { kind: 'agent', userId: null, name: 'Ada' },
          kind: 'media',
          text: '',
          content: { media: { mediaType: 'document', url: '/api/files/f1', fileName: 'itinerary.pdf' } },
          status: 'sent',
        })}
      />,
    );
    expect(screen.getByRole('button', { name: 'itinerary.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'itinerary.pdf' })).not.toBeInTheDocument();
  });
});

describe('customerNumberBesideLabel', () => {
  it('gives the number only when the name is not the number itself', () => {
    const named = conversation(1, { customer: { id: null, name: 'Asha', number: '+919000000301' } });
    const byNumber = conversation(1, { customer: { id: null, name: '919000000301', number: '+919000000301' } });
    const nameless = conversation(1, { customer: { id: null, name: ' ', number: '+919000000301' } });
    expect(customerNumberBesideLabel(named)).toBe('+919000000301');
    expect(customerNumberBesideLabel(byNumber)).toBeNull();
    expect(customerNumberBesideLabel(nameless)).toBeNull();
  });
});
