import { validateTemplate, type Template } from '@parley/contracts/templates';
import {
  copyOfFirstCard,
  draftFromTemplate,
  emptyDraft,
  nextVariable,
  partOf,
  previewValues,
  sendVariables,
  toComponents,
  toTemplateBody,
  withKind,
  type TemplateDraft,
} from './template-draft';

const CHANNEL = '0c0c0000-0000-4000-8000-000000000001';

function stored(draft: TemplateDraft, extra: Partial<Template> = {}): Template {
  const body = toTemplateBody(draft);
  return {
    id: '0b0b0000-0000-4000-8000-000000000001',
    templateId: body.name,
    name: body.name,
    channelId: CHANNEL,
    channelName: 'Sandbox',
    language: body.language ?? 'en_US',
    category: body.category,
    parameter_format: body.parameter_format ?? 'POSITIONAL',
    type: draft.kind,
    components: toComponents(draft),
    status: 'APPROVED',
    reason: null,
    vendorTemplateId: null,
    vendorManaged: true,
    submittedAt: null,
    statusAt: '2026-11-21T09:00:00.000Z',
    createdAt: '2026-11-21T09:00:00.000Z',
    updatedAt: '2026-11-21T09:00:00.000Z',
    ...extra,
  };
}

const standard = (): TemplateDraft => ({
  ...emptyDraft(CHANNEL),
  name: 'order_update',
  category: 'UTILITY',
  header: { format: 'TEXT', text: 'Order {{1}}', examples: { '1': '#1042' } },
  body: { text: 'Hi {{1}}, {{2}} ships today.', examples: { '1': 'Ann', '2': 'the mug' } },
  footer: 'Reply STOP to opt out',
  buttons: [
    { type: 'QUICK_REPLY', text: 'Track' },
    {
      type: 'URL',
      text: 'Open',
      url: 'https://shop.example.com/o/{{1}}',
      example: ['https://shop.example.com/o/1042'],
    },
  ],
});

describe('template draft', () => {
  it("builds Meta's components with positional examples, and reads them back", () => {
    const draft = standard();
    const components = toComponents(draft);
    expect(components).toEqual([
      { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}', example: { header_text: ['#1042'] } },
      { type: 'BODY', text: 'Hi {{1}}, {{2}} ships today.', example: { body_text: [['Ann', 'the mug']] } },
      { type: 'FOOTER', text: 'Reply STOP to opt out' },
      { type: 'BUTTONS', buttons: draft.buttons },
    ]);
    expect(validateTemplate({ name: draft.name, category: 'UTILITY', components: toComponents(draft) })).toEqual([]);
    expect(draftFromTemplate(stored(draft))).toEqual(draft);
  });

  it('builds named examples', () => {
    const draft: TemplateDraft = {
      ...emptyDraft(CHANNEL),
      parameterFormat: 'NAMED',
      body: { text: 'Hi {{first_name}}, see {{city}}.', examples: { first_name: 'Ann', city: 'Pune' } },
    };
    expect(toComponents(draft)).toEqual([
      {
        type: 'BODY',
        text: 'Hi {{first_name}}, see {{city}}.',
        example: {
          body_text_named_params: [
            { param_name: 'first_name', example: 'Ann' },
            { param_name: 'city', example: 'Pune' },
          ],
        },
      },
    ]);
    expect(draftFromTemplate(stored({ ...draft, name: 'x', category: 'MARKETING' })).body).toEqual(draft.body);
  });

  it('switching to a limited-time offer forces Marketing, one copy-code and one URL button, and no text header', () => {
    const next = withKind(standard(), 'LIMITED_TIME_OFFER');
    expect(next.category).toBe('MARKETING');
    expect(next.buttons.map((button) => button.type)).toEqual(['COPY_CODE', 'URL']);
    expect(next.header.format).toBe('NONE');
    const components = toComponents({ ...next, offer: { text: 'Sale', hasExpiration: true } });
    expect(components.map((component) => component.type)).toEqual(['LIMITED_TIME_OFFER', 'BODY', 'BUTTONS']);
  });

  it('a carousel is a body and cards; a new card copies the first card buttons', () => {
    const draft = withKind(
      { ...emptyDraft(CHANNEL), name: 'new_in', body: { text: 'New in', examples: {} } },
      'CAROUSEL',
    );
    expect(draft.category).toBe('MARKETING');
    expect(draft.cards).toHaveLength(2);
    draft.cards = draft.cards.map((card, index) => ({
      ...card,
      media: { url: `/api/files/${index}`, fileName: `${index}.png`, contentType: 'image/png' },
      body: `Card {{1}} in stock`,
      examples: { '1': String(index) },
      buttons: [{ type: 'QUICK_REPLY', text: 'Buy' }],
    }));
    const components = toComponents(draft);
    expect(components.map((component) => component.type)).toEqual(['BODY', 'CAROUSEL']);
    expect(validateTemplate({ name: draft.name, category: 'MARKETING', components: toComponents(draft) })).toEqual([]);
    expect(copyOfFirstCard(draft.cards)).toEqual({
      body: '',
      examples: {},
      buttons: [{ type: 'QUICK_REPLY', text: 'Buy' }],
    });
    expect(draftFromTemplate(stored(draft)).cards).toEqual(draft.cards);
  });

  it('inserts the next variable', () => {
    expect(nextVariable('Hi', 'POSITIONAL')).toBe('{{1}}');
    expect(nextVariable('Hi {{1}} and {{2}}', 'POSITIONAL')).toBe('{{3}}');
    expect(nextVariable('Hi {{variable_1}}', 'NAMED')).toBe('{{variable_2}}');
  });

  it('groups issue paths by the part of the form that shows them', () => {
    expect(partOf('buttons.1.examples')).toBe('buttons');
    expect(partOf('cards.2.body')).toBe('cards.2');
    expect(partOf('cards')).toBe('cards');
    expect(partOf('body.examples')).toBe('body');
  });

  it('lists the variables of a test send with their examples, keyed as the server reads them', () => {
    const list = sendVariables(stored(standard()));
    expect(list.map(({ key, example }) => [key, example])).toEqual([
      ['header.1', '#1042'],
      ['body.1', 'Ann'],
      ['body.2', 'the mug'],
      ['button1', '1042'],
    ]);
    expect(
      previewValues({ 'header.1': 'H', 'body.2': 'B', button1: '7', 'card2.body.1': 'C', 'card2.button0': 'x' }),
    ).toEqual({
      header: { '1': 'H' },
      body: { '2': 'B' },
      buttons: { '1': '7' },
      cards: [{}, { body: { '1': 'C' }, buttons: { '0': 'x' } }],
    });
  });
});
