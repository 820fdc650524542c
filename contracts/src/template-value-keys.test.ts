import { describe, expect, it } from 'vitest';
import { templateValueKeys, valuesFromKeys, type TemplateComponent } from './templates';

const components: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1001'] } },
  { type: 'BODY', text: 'Hi {{1}}, it ships {{2}}.', example: { body_text: [['Asha', 'Monday']] } },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Talk to us' },
      { type: 'URL', text: 'Track', url: 'https://x.example/t/{{1}}', example: ['https://x.example/t/77'] },
      { type: 'COPY_CODE', example: 'SAVE10' },
    ],
  },
];

const carousel: TemplateComponent[] = [
  { type: 'BODY', text: 'Hi {{1}}!', example: { body_text: [['Asha']] } },
  {
    type: 'CAROUSEL',
    cards: [1, 2].map((number) => ({
      components: [
        {
          type: 'HEADER' as const,
          format: 'IMAGE' as const,
          media: { url: '/api/files/x', fileName: '', contentType: '' },
        },
        { type: 'BODY' as const, text: `Card ${number}: {{1}}`, example: { body_text: [['₹1']] } },
        {
          type: 'BUTTONS' as const,
          buttons: [
            {
              type: 'URL' as const,
              text: 'Shop',
              url: 'https://x.example/i/{{1}}',
              example: ['https://x.example/i/a'],
            },
          ],
        },
      ],
    })),
  },
];

describe('template value keys', () => {
  it('lists the variables under the test send’s keys, with examples; quick replies are not variables', () => {
    expect(templateValueKeys({ components }).map(({ key, part, example }) => [key, part, example])).toEqual([
      ['header.1', 'header', '#1001'],
      ['body.1', 'body', 'Asha'],
      ['body.2', 'body', 'Monday'],
      ['button1', 'button', '77'],
      ['button2', 'button', 'SAVE10'],
    ]);
    expect(templateValueKeys({ components: carousel }).map(({ key, card }) => [key, card ?? null])).toEqual([
      ['body.1', null],
      ['card1.body.1', 1],
      ['card1.button0', 1],
      ['card2.body.1', 2],
      ['card2.button0', 2],
    ]);
  });

  it('builds TemplateValues from values by key, leaving out unknown keys and blanks', () => {
    expect(
      valuesFromKeys({ components }, { 'header.1': '#9', 'body.1': 'Ravi', 'body.2': '', button1: '9', nope: 'x' }),
    ).toEqual({ header: { '1': '#9' }, body: { '1': 'Ravi' }, buttons: { '1': '9' } });
    expect(valuesFromKeys({ components: carousel }, { 'card2.body.1': '₹5', 'card2.button0': 'b' })).toEqual({
      body: {},
      cards: [
        { body: {}, buttons: {} },
        { body: { '1': '₹5' }, buttons: { '0': 'b' } },
      ],
    });
  });
});
