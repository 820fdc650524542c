import { describe, expect, it } from 'vitest';
import { markdownToWhatsApp } from './channel-text';

describe('markdownToWhatsApp', () => {
  it("writes a bot's markdown the way WhatsApp shows it", () => {
    expect(markdownToWhatsApp('Hello! I am the **Demo Airways** assistant.')).toBe(
      'Hello! I am the *Demo Airways* assistant.',
    );
    expect(markdownToWhatsApp('This is *really* important and ~~old~~ news')).toBe(
      'This is _really_ important and ~old~ news',
    );
    expect(markdownToWhatsApp('Your code is `AB12`')).toBe('Your code is ```AB12```');
    expect(markdownToWhatsApp('## Your booking\nSee [the rules](https://example.com/rules).')).toBe(
      '*Your booking*\nSee the rules (https://example.com/rules).',
    );
  });

  it('leaves plain text, prices and lone stars alone', () => {
    expect(markdownToWhatsApp('2 * 3 = 6, costs ₹1,200')).toBe('2 * 3 = 6, costs ₹1,200');
    expect(markdownToWhatsApp('Booking a flight to Mumbai.')).toBe('Booking a flight to Mumbai.');
  });
});
