import { describe, expect, it } from 'vitest';
import {
  exampleValues,
  fillVariables,
  templateKind,
  templateVariables,
  validateTemplate,
  type TemplateCard,
  type TemplateComponent,
} from './templates';

const body = (text: string, examples: string[] = []): TemplateComponent => ({
  type: 'BODY',
  text,
  ...(examples.length ? { example: { body_text: [examples] } } : {}),
});
const image = { url: '/api/files/0b7f3c1e-8a4e-4d5e-9a51-1c2d3e4f5a6b', fileName: 'a.png', contentType: 'image/png' };
const card = (text = 'Card body'): TemplateCard => ({
  components: [
    { type: 'HEADER', format: 'IMAGE', media: image },
    { type: 'BODY', text },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Tell me more' }] },
  ] as TemplateCard['components'],
});
const messages = (
  components: TemplateComponent[],
  category: 'UTILITY' | 'MARKETING' = 'UTILITY',
  name = 'order_update',
) => validateTemplate({ name, category, components }).map((issue) => issue.message);

describe('validateTemplate', () => {
  it('accepts a standard template with header, body, footer and buttons', () => {
    expect(
      messages([
        { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#123'] } },
        body('Hi {{1}}, your order {{2}} ships today.', ['Asha', '#123']),
        { type: 'FOOTER', text: 'Reply STOP to opt out' },
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'QUICK_REPLY', text: 'Track' },
            { type: 'QUICK_REPLY', text: 'Help' },
            {
              type: 'URL',
              text: 'Open order',
              url: 'https://shop.example/o/{{1}}',
              example: ['https://shop.example/o/123'],
            },
          ],
        },
      ]),
    ).toEqual([]);
  });

  it('names the part and the limit of platform §9', () => {
    expect(messages([{ type: 'HEADER', format: 'TEXT', text: 'h'.repeat(61) }, body('ok')])).toContain(
      'Header must be at most 60 characters (it has 61)',
    );
    expect(messages([body('b'.repeat(1025))])).toContain('Body must be at most 1024 characters (it has 1025)');
    expect(messages([body('ok'), { type: 'FOOTER', text: 'f'.repeat(61) }])).toContain(
      'Footer must be at most 60 characters (it has 61)',
    );
    expect(
      messages([body('ok'), { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'q'.repeat(26) }] }]),
    ).toContain('Button 1 (Quick reply) text must be at most 25 characters (it has 26)');
    expect(messages([], 'MARKETING', 'promo').join('\n')).toContain('Body: This Field is Mandatory');
  });

  it('requires examples for variables, numbered in order, not at the edges and not adjacent', () => {
    expect(messages([body('Hi {{1}}, order {{2}} is ready.', ['Asha'])])).toContain(
      'Body: give an example for every variable',
    );
    expect(messages([body('Hi {{2}} there', ['x', 'y'])])).toContain(
      'Body: variables must be numbered in order from {{1}}',
    );
    expect(messages([body('{{1}} is here', ['x'])])).toContain('Body cannot start or end with a variable');
    expect(messages([body('Hi {{1}}{{2}} there', ['x', 'y'])])).toContain(
      'Body cannot have two variables next to each other',
    );
    expect(
      validateTemplate({
        name: 'named',
        category: 'UTILITY',
        parameter_format: 'NAMED',
        components: [
          {
            type: 'BODY',
            text: 'Hello {{first_name}}, welcome.',
            example: { body_text_named_params: [{ param_name: 'first_name', example: 'Asha' }] },
          },
        ],
      }),
    ).toEqual([]);
  });

  it('refuses a media header without a sample file', () => {
    expect(messages([{ type: 'HEADER', format: 'IMAGE' }, body('ok')])).toContain(
      'Header: upload a sample image for the IMAGE header',
    );
  });

  it('checks carousels: Marketing, 2 to 10 cards, media on every card, 160-character bodies, at most 2 buttons', () => {
    const ok: TemplateComponent[] = [body('Our picks for you'), { type: 'CAROUSEL', cards: [card(), card()] }];
    expect(messages(ok, 'MARKETING', 'picks')).toEqual([]);
    expect(templateKind(ok)).toBe('CAROUSEL');
    expect(messages(ok, 'UTILITY', 'picks')).toContain('A carousel template must be in the Marketing category');
    expect(messages([body('x y'), { type: 'CAROUSEL', cards: [card()] }], 'MARKETING')).toContain(
      'A carousel has 2 to 10 cards (it has 1)',
    );
    const noMedia = card();
    noMedia.components[0] = { type: 'HEADER', format: 'IMAGE' };
    expect(messages([body('x y'), { type: 'CAROUSEL', cards: [card(), noMedia] }], 'MARKETING')).toContain(
      'Media missing in card 2',
    );
    expect(
      messages([body('x y'), { type: 'CAROUSEL', cards: [card('c'.repeat(161)), card()] }], 'MARKETING'),
    ).toContain('Card 1 body must be at most 160 characters (it has 161)');
    const three = card();
    three.components[2] = {
      type: 'BUTTONS',
      buttons: [
        { type: 'QUICK_REPLY', text: 'a' },
        { type: 'QUICK_REPLY', text: 'b' },
        { type: 'QUICK_REPLY', text: 'c' },
      ],
    };
    expect(messages([body('x y'), { type: 'CAROUSEL', cards: [three, three] }], 'MARKETING')).toContain(
      'Card 1 can have at most 2 buttons',
    );
  });

  it('checks limited-time offers: offer text 15, one copy-code and one URL button, no footer', () => {
    const offer = (text: string, extra: TemplateComponent[] = []): TemplateComponent[] => [
      { type: 'LIMITED_TIME_OFFER', limited_time_offer: { text, has_expiration: true } },
      body('Get 20% off your next order'),
      {
        type: 'BUTTONS',
        buttons: [
          { type: 'COPY_CODE', example: 'SAVE20' },
          { type: 'URL', text: 'Shop now', url: 'https://shop.example' },
        ],
      },
      ...extra,
    ];
    expect(messages(offer('Ends soon'), 'MARKETING', 'lto')).toEqual([]);
    expect(messages(offer('o'.repeat(16)), 'MARKETING', 'lto')).toContain(
      'Offer text must be at most 15 characters (it has 16)',
    );
    expect(messages(offer('Ends soon', [{ type: 'FOOTER', text: 'x' }]), 'MARKETING', 'lto')).toContain(
      'A limited-time offer has no footer',
    );
  });

  it('checks the name: lowercase letters, digits and underscores', () => {
    expect(messages([body('ok')], 'UTILITY', 'Order Update')).toContain(
      'Template name: use lowercase letters, digits and underscores only',
    );
  });
});

describe('variables', () => {
  it('finds, fills and takes examples', () => {
    expect(templateVariables('Hi {{1}}, {{ 2 }} and {{first_name}}')).toEqual(['1', '2', 'first_name']);
    expect(fillVariables('Hi {{1}}, {{2}}', { '1': 'Asha' })).toBe('Hi Asha, {{2}}');
    const values = exampleValues({
      components: [
        body('Hi {{1}}, order {{2}}', ['Asha', '#7']),
        {
          type: 'BUTTONS',
          buttons: [
            { type: 'URL', text: 'Open', url: 'https://s.example/o/{{1}}', example: ['https://s.example/o/7'] },
          ],
        },
      ],
    });
    expect(values.body).toEqual({ '1': 'Asha', '2': '#7' });
    expect(values.buttons).toEqual({ '0': '7' });
  });
});
