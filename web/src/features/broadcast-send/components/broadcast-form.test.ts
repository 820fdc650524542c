import type { TemplateVariable } from '@parley/contracts/broadcasts';
import type { TemplateComponent } from '@parley/contracts/templates';
import {
  appendNumbers,
  buildRequest,
  emptyDraft,
  mediaNeeds,
  mediaTypeLabel,
  placeServerErrors,
  previewValues,
  validateDraft,
  type BroadcastDraft,
} from './broadcast-form';

const CHANNEL = '0c0c0000-0000-4000-8000-000000000001';
const TEMPLATE = '0b0b0000-0000-4000-8000-000000000001';
const FILE = '0f0f0000-0000-4000-8000-000000000001';

const variable = (key: string, extra: Partial<TemplateVariable> = {}): TemplateVariable => ({
  variable: key,
  type: 'body',
  label: key,
  parameters: [{ name: '1', type: 'TEXT' }],
  isRequired: true,
  example: 'x',
  ...extra,
});

const carousel: TemplateComponent[] = [
  { type: 'BODY', text: 'Sale' },
  {
    type: 'CAROUSEL',
    cards: [
      { components: [{ type: 'HEADER', format: 'IMAGE' }] },
      { components: [{ type: 'HEADER', format: 'VIDEO' }] },
    ],
  },
];

describe('broadcast form', () => {
  it('adds picked numbers once, whatever their spacing or punctuation', () => {
    expect(appendNumbers('+91 98765 00100, ,', ['+919876500100', '+919876500137', '+919876500137'])).toEqual({
      text: '+91 98765 00100, +919876500137',
      added: 1,
    });
    expect(appendNumbers('', ['+14155550123'])).toEqual({ text: '+14155550123', added: 1 });
  });

  it('knows what a template needs attached; DOCUMENT reads DOC', () => {
    expect(
      mediaNeeds([
        { type: 'HEADER', format: 'DOCUMENT' },
        { type: 'BODY', text: 'x' },
      ]),
    ).toEqual({
      header: 'DOCUMENT',
      cards: null,
    });
    expect(mediaNeeds([{ type: 'HEADER', format: 'TEXT', text: 'Hi' }])).toEqual({ header: null, cards: null });
    expect(mediaNeeds(carousel)).toEqual({ header: null, cards: ['IMAGE', 'VIDEO'] });
    expect(mediaTypeLabel('DOCUMENT')).toBe('DOC');
    expect(mediaTypeLabel('IMAGE')).toBe('IMAGE');
  });

  it('applies the rules of §5: mandatory fields, number length, media per card, card mappings, URL expressions', () => {
    expect(validateDraft(emptyDraft, undefined, [])).toEqual({
      channelId: 'This Field is Mandatory',
      template: 'This Field is Mandatory',
      phoneNumber: 'This Field is Mandatory',
    });
    const draft: BroadcastDraft = {
      ...emptyDraft,
      channel: { id: CHANNEL, name: 'Sandbox', type: 4 },
      template: { id: TEMPLATE, name: 'sale' },
      numbersText: '+919876500100, 98765',
      cardMedia: [{ fileId: FILE, fileName: 'a.png', contentType: 'image/png', url: `/api/files/${FILE}` }],
      mappings: { button0: { type: 'expression', value: 'no-columns' } },
    };
    const errors = validateDraft(draft, carousel, [
      variable('card2.body.1', { card: 2, isRequired: false }),
      variable('button0', { type: 'url', isRequired: false }),
    ]);
    expect(errors).toEqual({
      phoneNumber: 'please enter valid number',
      'card.2': 'Media missing in card 2',
      'mapping.card2.body.1': 'This Field is Mandatory',
      cards: 'Variable mapping missing, check all cards',
      'mapping.button0': 'URL variable not found',
    });
  });

  it('builds the request of §3 with the attachments typed by the template and only the mapped variables', () => {
    const attachment = { fileId: FILE, fileName: 'a.png', contentType: 'image/png', url: `/api/files/${FILE}` };
    const draft: BroadcastDraft = {
      ...emptyDraft,
      channel: { id: CHANNEL, name: 'Sandbox', type: 4 },
      template: { id: TEMPLATE, name: 'sale' },
      numbersText: ' +919876500100 ,, +14155550123 ',
      cardMedia: [attachment, { ...attachment, fileName: 'b.mp4' }],
      mappings: { 'body.1': { type: 'column', value: 'City' }, 'body.2': { type: 'static', value: '  ' } },
    };
    expect(
      buildRequest(draft, { id: TEMPLATE, templateId: 'sale', components: carousel }, [
        variable('body.1'),
        variable('body.2', { isRequired: false }),
      ]),
    ).toEqual({
      channelId: CHANNEL,
      phoneNumber: ['+919876500100', '+14155550123'],
      message: {
        template: {
          templateId: 'sale',
          templateUId: TEMPLATE,
          cards: [
            { media: { fileId: FILE, fileName: 'a.png', type: 'IMAGE', url: `/api/files/${FILE}` } },
            { media: { fileId: FILE, fileName: 'b.mp4', type: 'VIDEO', url: `/api/files/${FILE}` } },
          ],
        },
      },
      columnMapping: [{ variable: 'body.1', type: 'column', value: 'City' }],
    });
  });

  it('previews constants as typed and columns by their label', () => {
    const draft: BroadcastDraft = {
      ...emptyDraft,
      mappings: {
        'header.1': { type: 'static', value: '#7' },
        'body.1': { type: 'column', value: 'name' },
        button0: { type: 'expression', value: '{{phoneNumber}}?src=bc' },
        'card2.body.1': { type: 'static', value: '40%' },
      },
    };
    const labels: Record<string, string> = { name: 'Name', phoneNumber: 'Phone Number' };
    const values = previewValues(
      draft,
      ['header.1', 'body.1', 'button0', 'card2.body.1'].map((key) => variable(key)),
      (column) => labels[column] ?? column,
    );
    expect(values.header).toEqual({ '1': '#7' });
    expect(values.body).toEqual({ '1': '[Name]' });
    expect(values.buttons).toEqual({ '0': '[Phone Number]?src=bc' });
    expect(values.cards?.[1]?.body).toEqual({ '1': '40%' });
  });

  it("places the server's field errors beside the fields and keeps the rest", () => {
    const placed = placeServerErrors(
      {
        channelId: 'Unknown channel',
        'message.template.templateUId': 'Only an APPROVED template can be sent',
        phoneNumber: 'None of these numbers can be messaged: see the check for why',
        'message.template.media': 'Attachment is missing !',
        'message.template.cards.1.media': 'Media missing in card 2',
        'columnMapping.body.1': 'This Field is Mandatory',
        somethingElse: 'Another problem',
      },
      undefined,
      [variable('body.1')],
    );
    expect(placed).toEqual({
      fields: {
        channelId: 'Unknown channel',
        template: 'Only an APPROVED template can be sent',
        phoneNumber: 'None of these numbers can be messaged: see the check for why',
        media: 'Attachment is missing !',
        'card.2': 'Media missing in card 2',
        'mapping.body.1': 'This Field is Mandatory',
      },
      others: ['Another problem'],
    });
  });
});
