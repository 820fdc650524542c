import { abbreviateNumber, formatMoney, formatPercent } from './format-number';

describe('abbreviateNumber', () => {
  it.each([
    [0, '0'],
    [950, '950'],
    [12.5, '12.5'],
    [1000, '1.00K'],
    [1234, '1.23K'],
    [2_500_000, '2.50M'],
    [7_891_000_000, '7.89B'],
    [-4321, '-4.32K'],
  ])('%d → %s', (value, text) => {
    expect(abbreviateNumber(value)).toBe(text);
  });
});

describe('formatPercent', () => {
  it('gives one decimal, and 0% of nothing', () => {
    expect(formatPercent(1, 3)).toBe('33.3%');
    expect(formatPercent(5, 10)).toBe('50%');
    expect(formatPercent(3, 0)).toBe('0%');
  });
});

describe('formatMoney', () => {
  it('gives two decimals with thousands separators, after the symbol', () => {
    expect(formatMoney(1234.5, '₹')).toBe('₹1,234.50');
    expect(formatMoney(1234567.891)).toBe('1,234,567.89');
    expect(formatMoney(12)).toBe('12.00');
  });
});
