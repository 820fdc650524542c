import { render } from '@testing-library/react';
import { formatWhatsAppText } from './whatsapp-format';

const html = (text: string) => render(<p>{formatWhatsAppText(text)}</p>).container.querySelector('p')!.innerHTML;

describe('formatWhatsAppText', () => {
  it('renders bold, italic, strike and monospace', () => {
    expect(html('Hi *Ada*, _welcome_ ~back~ to ```code```')).toBe(
      'Hi <strong>Ada</strong>, <em>welcome</em> <s>back</s> to <code>code</code>',
    );
  });

  it('nests markers', () => {
    expect(html('*bold _and italic_ too*')).toBe('<strong>bold <em>and italic</em> too</strong>');
    expect(html('~_*all three*_~')).toBe('<s><em><strong>all three</strong></em></s>');
  });

  it('leaves unmatched and mid-word markers as typed', () => {
    expect(html('2 * 3 = 6 and *open')).toBe('2 * 3 = 6 and *open');
    expect(html('snake_case_name stays')).toBe('snake_case_name stays');
    expect(html('* spaced * is not bold')).toBe('* spaced * is not bold');
    expect(html('```unclosed *bold*')).toBe('```unclosed <strong>bold</strong>');
  });

  it('does not format inside monospace', () => {
    expect(html('```*not bold* _nor italic_```')).toBe('<code>*not bold* _nor italic_</code>');
  });

  it('does not carry formatting across lines and never renders markup from the text', () => {
    expect(html('*one\ntwo*')).toBe('*one\ntwo*');
    expect(html('<b>x</b> *y*')).toBe('&lt;b&gt;x&lt;/b&gt; <strong>y</strong>');
  });
});
