import { yDomain } from './Charts';

describe('chart y-axis (engagement.md §9)', () => {
  const series = [
    { name: 'sent', label: 'Sent', color: 'blue.6' },
    { name: 'read', label: 'Read', color: 'cyan.6' },
  ];

  it('spans 0–900 on a line chart and 0–20 on a bar chart when every value is zero', () => {
    const zeros = [{ date: '2026-11-20', sent: 0, read: 0 }];
    expect(yDomain('line', zeros, series)).toEqual([0, 900]);
    expect(yDomain('bar', zeros, series)).toEqual([0, 20]);
  });

  it('fits the data otherwise', () => {
    expect(yDomain('line', [{ date: '2026-11-20', sent: 12, read: 3 }], series)).toEqual([0, 'auto']);
  });
});
