import { standardFields, type CustomerField } from '@parley/contracts/customer-master';
import {
  audienceOf,
  buildCampaignBody,
  emptyCampaignDraft,
  filterAttributes,
  newFilterKey,
  placeCampaignErrors,
  validateCampaignDraft,
  withVariantB,
  type CampaignDraft,
} from './campaign-form';

const CHANNEL = '0c0c0000-0000-4000-8000-000000000001';
const TEMPLATE = '0b0b0000-0000-4000-8000-000000000001';
const SEGMENT = '05e90000-0000-4000-8000-000000000001';

const field = (overrides: Partial<CustomerField>): CustomerField => ({
  ...standardFields[0]!,
  standard: false,
  mandatory: false,
  ...overrides,
});

function draft(overrides: Partial<CampaignDraft> = {}): CampaignDraft {
  const base = emptyCampaignDraft();
  return {
    ...base,
    name: ' Diwali ',
    channelId: CHANNEL,
    variants: [{ ...base.variants[0]!, templateId: TEMPLATE }],
    segmentIds: [SEGMENT],
    ...overrides,
  };
}

describe('campaign form', () => {
  it('types each attribute for its filters: dropdowns, numbers, decimals, dates and text', () => {
    const attributes = filterAttributes([
      ...standardFields,
      field({ id: 'city', fieldLabel: 'City', fieldType: 'selectbox-singlevalue', defaultValues: ['Pune'] }),
      field({ id: 'age', fieldLabel: 'Age', inputType: 'number' }),
      field({ id: 'spend', fieldLabel: 'Spend', inputType: 'decimal' }),
      field({ id: 'note', fieldLabel: 'Note', inputType: 'alphanumeric' }),
    ]);
    expect(attributes.map((attribute) => [attribute.label, attribute.kind, attribute.decimal ?? null])).toEqual([
      ['Name', 'text', null],
      ['Phone Number', 'text', null],
      ['Date added', 'date', null],
      ['City', 'dropdown', null],
      ['Age', 'number', false],
      ['Spend', 'number', true],
      ['Note', 'text', null],
    ]);
    expect(attributes[3]!.options).toEqual(['Pune']);
  });

  it('counts only complete filters and sends the value fields the operator uses', () => {
    const complete = {
      key: newFilterKey(),
      field: 'age',
      op: 'between' as const,
      value: '18',
      valueTo: '30',
      values: ['x'],
    };
    const unfinished = { key: newFilterKey(), field: 'city', op: 'in' as const, value: '', valueTo: '', values: [] };
    expect(audienceOf(draft({ filters: [complete, unfinished] })).filters).toEqual([
      { field: 'age', op: 'between', value: '18', valueTo: '30', values: [] },
    ]);
    expect(validateCampaignDraft(draft({ filters: [complete, unfinished] }))).toEqual({
      'filters.1': 'This Field is Mandatory',
    });
  });

  it('asks for the shares of two variants to make 100 and a schedule to be complete', () => {
    const split = withVariantB(draft().variants, true);
    expect(split.map((variant) => [variant.label, variant.share])).toEqual([
      ['A', 50],
      ['B', 50],
    ]);
    const errors = validateCampaignDraft(
      draft({
        name: '  ',
        variants: [split[0]!, { ...split[1]!, share: 60 }],
        schedule: { kind: 'weekly', at: '2026-12-01T10:00', weekdays: [], until: '2026-11-30', spreadMinutes: 0 },
      }),
    );
    expect(errors).toEqual({
      name: 'This Field is Mandatory',
      'variants.1.template': 'This Field is Mandatory',
      shares: 'The shares of the variants must add up to 100',
      'schedule.until': 'The end must be after the first send',
      'schedule.weekdays': 'This Field is Mandatory',
    });
  });

  it('builds the body: trimmed name, mapped variables only, the schedule fields its kind uses', () => {
    const body = buildCampaignBody(
      draft({
        variants: [
          {
            label: 'A',
            templateId: TEMPLATE,
            share: 100,
            columnMapping: [
              { variable: 'body.1', type: 'column', value: 'name' },
              { variable: 'body.2', type: 'static', value: '  ' },
            ],
          },
        ],
        schedule: { kind: 'once', at: '2026-12-01T10:00', weekdays: [3], until: '2026-12-31', spreadMinutes: 30 },
      }),
    );
    expect(body.name).toBe('Diwali');
    expect(body.variants[0]!.columnMapping).toEqual([{ variable: 'body.1', type: 'column', value: 'name' }]);
    expect(body.schedule).toEqual({ kind: 'once', at: '2026-12-01T10:00', weekdays: [], until: '', spreadMinutes: 30 });
  });

  it("places the server's field errors beside the fields, and keeps the rest", () => {
    const body = buildCampaignBody(
      draft({
        variants: [
          {
            label: 'A',
            templateId: TEMPLATE,
            share: 100,
            columnMapping: [{ variable: 'body.1', type: 'column', value: 'town' }],
          },
        ],
      }),
    );
    expect(
      placeCampaignErrors(
        {
          name: 'duplication of name',
          'variants.0.columnMapping.body.1': 'No customer column named town',
          'variants.0.columnMapping.0.value': 'Too long',
          'variants.0.templateId': 'Choose an APPROVED template of this channel',
          'variants.0.cards.1.media': 'Media missing in card 2',
          'variants.1.share': 'The shares of the variants must add up to 100',
          'audience.filters.0.values': 'This Field is Mandatory',
          'audience.segmentIds': 'Choose segments of your enterprise',
          'schedule.at': 'Choose a time in the future',
          'variants.0.label': 'Give each variant its own label',
        },
        body,
      ),
    ).toEqual({
      fields: {
        name: 'duplication of name',
        'variants.0.mapping.body.1': 'No customer column named town',
        'variants.0.template': 'Choose an APPROVED template of this channel',
        'variants.0.card.2': 'Media missing in card 2',
        shares: 'The shares of the variants must add up to 100',
        'filters.0': 'This Field is Mandatory',
        audience: 'Choose segments of your enterprise',
        'schedule.at': 'Choose a time in the future',
      },
      others: ['Too long', 'Give each variant its own label'],
    });
  });
});
