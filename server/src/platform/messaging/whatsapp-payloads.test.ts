import type { TemplateComponent, TemplateMedia } from '@parley/contracts/templates';
import { describe, expect, it } from 'vitest';
import type { TemplateMessage } from './vendor-adapter';
import { cloudSessionPayload, cloudSubmissionComponents, resolveTemplate, submissionMedia } from './whatsapp-payloads';

const message = (
  components: TemplateComponent[],
  values: TemplateMessage['values'],
  named = false,
): TemplateMessage => ({
  to: '+919845012345',
  template: {
    name: 't',
    language: 'en',
    category: 'MARKETING',
    parameterFormat: named ? 'NAMED' : 'POSITIONAL',
    vendorTemplateId: null,
    components,
  },
  values,
});

describe('WhatsApp payloads', () => {
  it('orders positional variables by number and named ones by appearance, once each', () => {
    expect(
      resolveTemplate(
        message([{ type: 'BODY', text: 'a {{2}} b {{1}} c {{2}} d' }], { body: { '1': 'one', '2': 'two' } }),
      ).body,
    ).toEqual([
      { name: '1', value: 'one' },
      { name: '2', value: 'two' },
    ]);
    expect(
      resolveTemplate(
        message(
          [{ type: 'BODY', text: 'hi {{name}}, {{city}} and {{name}} again' }],
          { body: { name: 'Asha', city: 'Pune' } },
          true,
        ),
      ).body,
    ).toEqual([
      { name: 'name', value: 'Asha' },
      { name: 'city', value: 'Pune' },
    ]);
  });

  it('names what is missing: a header variable, a URL suffix, a card media', () => {
    expect(() =>
      resolveTemplate(
        message(
          [
            { type: 'HEADER', format: 'TEXT', text: 'Hi {{1}}' },
            { type: 'BODY', text: 'x' },
          ],
          {},
        ),
      ),
    ).toThrow('Header variable {{1}} has no value');
    expect(() =>
      resolveTemplate(
        message([{ type: 'BUTTONS', buttons: [{ type: 'URL', text: 'Go', url: 'https://a.example/{{1}}' }] }], {
          buttons: {},
        }),
      ),
    ).toThrow('Button 1 (URL) has no value for its variable');
    expect(() =>
      resolveTemplate(
        message([{ type: 'CAROUSEL', cards: [{ components: [{ type: 'HEADER', format: 'IMAGE' }] }] }], {
          cards: [{}],
        }),
      ),
    ).toThrow('Card 1: the image is missing');
  });

  it('takes the offer code example when no code is given, and a broadcast attachment over the sample', () => {
    const resolved = resolveTemplate(
      message(
        [
          {
            type: 'HEADER',
            format: 'VIDEO',
            media: { url: 'https://a.example/sample.mp4', fileName: 's.mp4', contentType: 'video/mp4' },
          },
          { type: 'BUTTONS', buttons: [{ type: 'COPY_CODE', example: 'SAVE5' }] },
        ],
        { headerMedia: { url: 'https://a.example/real.mp4', fileName: 'real.mp4', contentType: 'video/mp4' } },
      ),
    );
    expect(resolved.header).toEqual({
      kind: 'media',
      format: 'VIDEO',
      url: 'https://a.example/real.mp4',
      fileName: 'real.mp4',
    });
    expect(resolved.buttons).toEqual([{ index: 0, type: 'COPY_CODE', value: 'SAVE5' }]);
  });

  it('builds session payloads and refuses an empty text or a relative media address', () => {
    expect(
      cloudSessionPayload({
        kind: 'media',
        to: '+1 555 000 1111',
        mediaType: 'audio',
        url: 'https://a.example/v.ogg',
        fileName: 'v.ogg',
        caption: 'ignored',
      }),
    ).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '15550001111',
      type: 'audio',
      audio: { link: 'https://a.example/v.ogg' },
    });
    expect(() => cloudSessionPayload({ kind: 'text', to: '+15550001111', text: '  ' })).toThrow(
      'The message text is empty',
    );
    expect(() =>
      cloudSessionPayload({
        kind: 'media',
        to: '+15550001111',
        mediaType: 'image',
        url: '/api/files/x',
        fileName: '',
        caption: '',
      }),
    ).toThrow('give an absolute https URL');
  });

  it("replaces every card's media sample by its upload handle in a submission", () => {
    const cardMedia = (name: string): TemplateMedia => ({
      url: `/api/files/${name}`,
      fileName: `${name}.png`,
      contentType: 'image/png',
    });
    const components: TemplateComponent[] = [
      { type: 'BODY', text: 'Deals' },
      {
        type: 'CAROUSEL',
        cards: [cardMedia('a'), cardMedia('b')].map((media) => ({
          components: [
            { type: 'HEADER' as const, format: 'IMAGE' as const, media },
            { type: 'BUTTONS' as const, buttons: [{ type: 'QUICK_REPLY' as const, text: 'More' }] },
          ],
        })),
      },
    ];
    const media = submissionMedia(components);
    expect(media.map((item) => item.url)).toEqual(['/api/files/a', '/api/files/b']);
    const handles = new Map(media.map((item, index) => [item, `h${index}`]));
    expect(cloudSubmissionComponents(components, handles)[1]).toEqual({
      type: 'CAROUSEL',
      cards: [
        {
          components: [
            { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h0'] } },
            { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }] },
          ],
        },
        {
          components: [
            { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['h1'] } },
            { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'More' }] },
          ],
        },
      ],
    });
  });
});
