import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import type { TemplateCard, TemplateComponent } from '@parley/contracts/templates';
import { TemplatePreview } from './TemplatePreview';
import { CAROUSEL_ROTATE_MS, TemplateMessageBubble } from './TemplateMessageBubble';

function renderPreview(ui: ReactElement) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MantineProvider>{ui}</MantineProvider>
    </QueryClientProvider>,
  );
}

const standard: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1042'] } },
  {
    type: 'BODY',
    text: 'Hi {{1}}, your order of *{{2}}* ships _today_.',
    example: { body_text: [['Jessica', '3 mugs']] },
  },
  { type: 'FOOTER', text: 'Reply STOP to opt out' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Track order' },
      {
        type: 'URL',
        text: 'Open shop',
        url: 'https://shop.example.com/o/{{1}}',
        example: ['https://shop.example.com/o/1042'],
      },
      { type: 'PHONE_NUMBER', text: 'Call us', phone_number: '+919812345678' },
    ],
  },
];

const card = (body: string, example: string): TemplateCard => ({
  components: [
    {
      type: 'HEADER',
      format: 'IMAGE',
      media: { url: 'https://cdn.example.com/a.png', fileName: 'a.png', contentType: 'image/png' },
    },
    { type: 'BODY', text: body, example: { body_text: [[example]] } },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Buy' }] },
  ],
});

const carousel: TemplateComponent[] = [
  { type: 'BODY', text: 'New arrivals for you' },
  {
    type: 'CAROUSEL',
    cards: [card('Mug {{1}}', 'blue'), card('Plate {{1}}', 'red'), card('Bowl {{1}}', 'green')],
  },
];

describe('TemplatePreview', () => {
  it('is a figure named Template preview with the header, body with examples filled and formatted, footer and buttons', () => {
    renderPreview(<TemplatePreview components={standard} businessName="Acme Store" />);
    const figure = screen.getByRole('figure', { name: 'Template preview' });
    expect(within(figure).getByText('Acme Store')).toBeInTheDocument();
    expect(within(figure).getByText('Order #1042')).toBeInTheDocument();
    const bold = within(figure).getByText('3 mugs');
    expect(bold.tagName).toBe('STRONG');
    expect(bold.parentElement).toHaveTextContent('Hi Jessica, your order of 3 mugs ships today.');
    expect(within(figure).getByText('today').tagName).toBe('EM');
    expect(within(figure).getByText('Reply STOP to opt out')).toBeInTheDocument();
    const buttons = within(figure).getByRole('list', { name: 'Buttons' });
    expect(
      within(buttons)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Track order', 'Open shop', 'Call us']);
    // Without onButton the buttons are not interactive.
    expect(within(figure).queryByRole('button', { name: 'Track order' })).not.toBeInTheDocument();
    expect(within(buttons).getByText('Open shop').parentElement).toHaveAttribute(
      'title',
      'https://shop.example.com/o/1042',
    );
  });

  it('shows mapped values instead of the examples, and keeps an unmapped variable visible', () => {
    renderPreview(
      <TemplatePreview
        components={[{ type: 'BODY', text: 'Dear {{1}}, {{2}} is ready.', example: { body_text: [['Ann', 'X']] } }]}
        values={{ body: { '1': 'Ravi' } }}
      />,
    );
    expect(screen.getByText('Dear Ravi, X is ready.')).toBeInTheDocument();
    renderPreview(<TemplatePreview components={[{ type: 'BODY', text: 'Dear {{name}}!' }]} parameterFormat="NAMED" />);
    expect(screen.getByText('Dear {{name}}!')).toBeInTheDocument();
  });

  it('shows the sent time and the tick for each status', () => {
    const sentAt = new Date(2026, 10, 21, 14, 5);
    const { rerender } = renderPreview(<TemplateMessageBubble components={standard} sentAt={sentAt} status="sent" />);
    expect(screen.getByText('02:05 PM')).toBeInTheDocument();
    const expected = { sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed', accepted: 'Pending' };
    for (const [status, label] of Object.entries(expected)) {
      rerender(
        <QueryClientProvider client={new QueryClient()}>
          <MantineProvider>
            <TemplateMessageBubble components={standard} sentAt={sentAt} status={status as 'sent'} />
          </MantineProvider>
        </QueryClientProvider>,
      );
      const tick = screen.getByRole('img', { name: label });
      expect(tick).toHaveAttribute('data-status', status);
      // Blue for read, red for failed, grey otherwise.
      expect(/tickRead/.test(tick.className)).toBe(status === 'read');
      expect(/tickFailed/.test(tick.className)).toBe(status === 'failed');
    }
  });

  it('calls onButton for a pressed button when given', () => {
    const onButton = vi.fn();
    renderPreview(<TemplateMessageBubble components={standard} onButton={onButton} />);
    fireEvent.click(screen.getByRole('button', { name: 'Track order' }));
    expect(onButton).toHaveBeenCalledWith({ type: 'QUICK_REPLY', text: 'Track order' }, { index: 0 });
  });

  it('lays out a limited-time offer: offer text, sample expiry, code and the copy-code button', () => {
    const sentAt = new Date(2026, 10, 21, 10, 0);
    renderPreview(
      <TemplatePreview
        sentAt={sentAt}
        components={[
          {
            type: 'HEADER',
            format: 'IMAGE',
            media: { url: 'https://cdn.example.com/sale.png', fileName: 'sale.png', contentType: 'image/png' },
          },
          { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text: 'Diwali sale', has_expiration: true } },
          { type: 'BODY', text: 'Use the code for 20% off.' },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'COPY_CODE', example: 'DIWALI20' },
              { type: 'URL', text: 'Shop now', url: 'https://shop.example.com' },
            ],
          },
        ]}
        values={{ offerExpiresAt: sentAt.getTime() + 5 * 60 * 60_000 }}
      />,
    );
    const offer = screen.getByTestId('limited-time-offer');
    expect(offer).toHaveTextContent('Diwali sale');
    expect(offer).toHaveTextContent('Offer ends in 5 hours');
    expect(offer).toHaveTextContent('Code DIWALI20');
    expect(screen.getByRole('list', { name: 'Buttons' })).toHaveTextContent('Copy offer code');
    expect(screen.getByRole('img', { name: 'sale.png' })).toHaveAttribute('src', 'https://cdn.example.com/sale.png');
  });

  it('shows a document header as a file row with its (shortened) name', () => {
    renderPreview(
      <TemplatePreview
        components={[
          {
            type: 'HEADER',
            format: 'DOCUMENT',
            media: {
              url: 'https://cdn.example.com/x.pdf',
              fileName: 'quarterly-statement-for-november-2026.pdf',
              contentType: 'application/pdf',
            },
          },
          { type: 'BODY', text: 'Your statement' },
        ]}
      />,
    );
    expect(screen.getByText('quarterly-statement-for-novem…')).toBeInTheDocument();
    expect(screen.getByText('PDF document')).toBeInTheDocument();
  });

  describe('carousel', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    const activeDot = () =>
      screen
        .getAllByRole('button', { name: /Show card/ })
        .findIndex((dot) => dot.getAttribute('aria-pressed') === 'true');

    it('shows the body bubble and the cards, rotating every 4 s, pausing on hover, and a dot picks a card', () => {
      renderPreview(<TemplatePreview components={carousel} />);
      expect(screen.getByText('New arrivals for you')).toBeInTheDocument();
      const cards = screen.getByRole('region', { name: 'Cards' });
      expect(
        within(cards)
          .getAllByRole('group')
          .map((group) => group.getAttribute('aria-label')),
      ).toEqual(['Card 1 of 3', 'Card 2 of 3', 'Card 3 of 3']);
      expect(within(cards).getByText('Plate red')).toBeInTheDocument();
      expect(activeDot()).toBe(0);

      act(() => vi.advanceTimersByTime(CAROUSEL_ROTATE_MS - 1));
      expect(activeDot()).toBe(0);
      act(() => vi.advanceTimersByTime(1));
      expect(activeDot()).toBe(1);
      act(() => vi.advanceTimersByTime(CAROUSEL_ROTATE_MS));
      expect(activeDot()).toBe(2);
      act(() => vi.advanceTimersByTime(CAROUSEL_ROTATE_MS));
      expect(activeDot()).toBe(0);

      fireEvent.mouseEnter(cards);
      act(() => vi.advanceTimersByTime(CAROUSEL_ROTATE_MS * 3));
      expect(activeDot()).toBe(0);
      fireEvent.mouseLeave(cards);
      act(() => vi.advanceTimersByTime(CAROUSEL_ROTATE_MS));
      expect(activeDot()).toBe(1);

      fireEvent.click(screen.getByRole('button', { name: 'Show card 3' }));
      expect(activeDot()).toBe(2);
      expect(within(cards).getByRole('group', { name: 'Card 3 of 3' })).toHaveAttribute('data-active', 'true');
    });
  });
});
