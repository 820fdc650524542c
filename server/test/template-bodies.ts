import type { TemplateBody } from '@parley/contracts/templates';

/**
 * A marketing carousel of image cards (each card's media an uploaded file id), each with a body
 * variable, a quick reply and a URL button; `urlVariable` gives the URL a {{1}} suffix to map.
 */
export function carouselTemplate(
  channelId: string,
  name: string,
  fileIds: string[],
  options: { urlVariable?: boolean } = {},
): TemplateBody {
  const shop = options.urlVariable
    ? { url: 'https://shop.example.com/items/{{1}}', example: ['https://shop.example.com/items/coat'] }
    : { url: 'https://shop.example.com/items' };
  return {
    channelId,
    name,
    language: 'en_US',
    category: 'MARKETING',
    components: [
      { type: 'BODY', text: 'Hi {{1}}, new arrivals!', example: { body_text: [['Asha']] } },
      {
        type: 'CAROUSEL',
        cards: fileIds.map((fileId, index) => ({
          components: [
            { type: 'HEADER', format: 'IMAGE', media: { fileId, url: '' } },
            { type: 'BODY', text: `Card ${index + 1} costs {{1}}.`, example: { body_text: [['₹499']] } },
            {
              type: 'BUTTONS',
              buttons: [
                { type: 'QUICK_REPLY', text: 'Tell me more' },
                { type: 'URL', text: 'Shop', ...shop },
              ],
            },
          ],
        })),
      },
    ],
  };
}
