import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { TemplateComponent } from '@parley/contracts/templates';
import type { Db, DbOrTx } from './db/client';
import { messageTemplates } from './db/schema/channels';
import { createFileStore } from './platform/files';
import { sandboxTemplateId } from './platform/messaging/sandbox-adapter';

type Rgb = readonly [number, number, number];

/** An RGB PNG drawn pixel by pixel: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC. */
export function renderPng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const start = y * (width * 3 + 1); // each row starts with filter byte 0
    for (let x = 0; x < width; x += 1) {
      const [r, g, b] = pixel(x, y);
      rows.set([r, g, b], start + 1 + x * 3);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (from: Rgb, to: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(from[i]! + (to[i]! - from[i]!) * t)) as unknown as Rgb;

/**
 * A 16:9 product card picture (platform §9: media aspect ratio 16/9): a diagonal gradient with a
 * soft disc, in the given colours.
 */
export function productCardPng(from: Rgb, to: Rgb, disc: Rgb, width = 480, height = 270): Buffer {
  const cx = width * 0.68;
  const cy = height * 0.5;
  const radius = height * 0.3;
  return renderPng(width, height, (x, y) => {
    const distance = Math.hypot(x - cx, y - cy);
    const gradient = mix(from, to, (x / width + y / height) / 2);
    // A soft glow around the disc, then the disc with an anti-aliased edge over it.
    const glow = Math.max(0, 1 - Math.max(0, distance - radius) / 12);
    const background = mix(gradient, [255, 255, 255], 0.2 * glow);
    return mix(disc, background, Math.min(1, Math.max(0, (distance - radius + 1) / 2)));
  });
}

const orderUpdate: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}} update', example: { header_text: ['#40213'] } },
  {
    type: 'BODY',
    text: 'Hi {{1}}, your order *{{2}}* has been shipped and will reach you by {{3}}. Track it any time from the link below.',
    example: { body_text: [['Asha', '#40213', '24 Nov']] },
  },
  { type: 'FOOTER', text: 'Reply STOP to stop order updates' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Talk to an agent' },
      { type: 'QUICK_REPLY', text: 'Change address' },
      {
        type: 'URL',
        text: 'Track order',
        url: 'https://shop.example.com/track/{{1}}',
        example: ['https://shop.example.com/track/40213'],
      },
    ],
  },
];

const cardImage = (fileId: string, fileName: string) => ({
  fileId,
  url: `/api/files/${fileId}`,
  fileName,
  contentType: 'image/png',
});

const seasonSale = (files: { fileId: string; fileName: string }[]): TemplateComponent[] => [
  {
    type: 'BODY',
    text: 'Hi {{1}}, the winter sale is on! Swipe through this week’s picks.',
    example: { body_text: [['Asha']] },
  },
  {
    type: 'CAROUSEL',
    cards: [
      {
        components: [
          { type: 'HEADER', format: 'IMAGE', media: cardImage(files[0]!.fileId, files[0]!.fileName) },
          { type: 'BODY', text: 'Wool blend coats, now {{1}} off.', example: { body_text: [['30%']] } },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'QUICK_REPLY', text: 'Send me sizes' },
              { type: 'URL', text: 'Shop coats', url: 'https://shop.example.com/coats' },
            ],
          },
        ],
      },
      {
        components: [
          { type: 'HEADER', format: 'IMAGE', media: cardImage(files[1]!.fileId, files[1]!.fileName) },
          { type: 'BODY', text: 'Knit scarves from {{1}}.', example: { body_text: [['₹499']] } },
          {
            type: 'BUTTONS',
            buttons: [
              { type: 'QUICK_REPLY', text: 'Send me colours' },
              { type: 'URL', text: 'Shop scarves', url: 'https://shop.example.com/scarves' },
            ],
          },
        ],
      },
    ],
  },
];

const appointmentReminder: TemplateComponent[] = [
  {
    type: 'BODY',
    text: 'Hello {{1}}, this is a reminder of your appointment on {{2}}. Reply to confirm or reschedule.',
    example: { body_text: [['Ravi', '25 Nov, 10:30']] },
  },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Confirm' },
      { type: 'QUICK_REPLY', text: 'Reschedule' },
    ],
  },
];

/**
 * Demo templates on the demo Sandbox channel: an APPROVED utility template (text header with a
 * variable, body, footer, two quick replies and a URL button with a variable), an APPROVED
 * marketing carousel whose two cards carry real PNG pictures stored through the files store, and
 * a PENDING one whose review is already done at the Sandbox (Sync shows its verdict). The Sandbox
 * reviews what is submitted later for real.
 */
export async function seedDemoTemplates(
  tx: DbOrTx,
  options: { enterpriseId: string; channelId: string; uploadedBy: string | null; dataDir: string },
) {
  const files = createFileStore({ db: tx as Db, dataDir: options.dataDir });
  const pictures = [
    { name: 'winter-coats.png', bytes: productCardPng([31, 64, 104], [88, 140, 190], [242, 196, 109]) },
    { name: 'knit-scarves.png', bytes: productCardPng([120, 40, 62], [214, 110, 92], [250, 236, 214]) },
  ];
  const stored = [];
  for (const picture of pictures) {
    const row = await files.save({
      enterpriseId: options.enterpriseId,
      uploadedBy: options.uploadedBy,
      name: picture.name,
      bytes: picture.bytes,
      allowedTypes: ['image/png'],
    });
    stored.push({ fileId: row.id, fileName: row.name });
  }
  const now = Date.now();
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
  // Sandbox template ids carry the time their review is done: Sync asks the Sandbox for the verdict.
  const sandboxId = (reviewDoneAt: Date) => sandboxTemplateId(reviewDoneAt, crypto.randomBytes(6).toString('hex'));
  const base = { enterpriseId: options.enterpriseId, channelId: options.channelId, language: 'en_US' };
  await tx.insert(messageTemplates).values([
    {
      ...base,
      name: 'appointment_reminder',
      category: 'UTILITY',
      components: appointmentReminder,
      status: 'PENDING',
      vendorTemplateId: sandboxId(at(4)),
      submittedAt: at(5),
      statusAt: at(5),
      createdAt: at(5),
      updatedAt: at(5),
    },
    {
      ...base,
      name: 'winter_sale_carousel',
      category: 'MARKETING',
      components: seasonSale(stored),
      status: 'APPROVED',
      vendorTemplateId: sandboxId(at(59)),
      submittedAt: at(60),
      statusAt: at(59),
      createdAt: at(60),
      updatedAt: at(59),
    },
    {
      ...base,
      name: 'order_update',
      category: 'UTILITY',
      components: orderUpdate,
      status: 'APPROVED',
      vendorTemplateId: sandboxId(at(119)),
      submittedAt: at(120),
      statusAt: at(119),
      createdAt: at(120),
      updatedAt: at(119),
    },
  ]);
}
