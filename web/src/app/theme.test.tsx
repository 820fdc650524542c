import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME, Modal } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { cssVariablesResolver, readableOn, theme } from './theme';

/** WCAG contrast ratio of two hex colours. */
function ratio(a: string, b: string): number {
  const channel = (value: number) => (value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4);
  const luminance = (hex: string) => {
    const rgb = hex.startsWith('rgba')
      ? hex.match(/\d+/g)!.slice(0, 3).map(Number)
      : [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
    const [r, g, b] = rgb.map((value) => channel(value / 255)) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Issue 17 item 21: the theme's colours reach WCAG AA contrast and every dialog's '×' has a name. */
describe('theme accessibility', () => {
  const merged = { ...DEFAULT_THEME, ...theme, colors: DEFAULT_THEME.colors } as typeof DEFAULT_THEME;

  it('gives secondary text and white text on the primary colour at least 4.5:1', () => {
    const light = cssVariablesResolver(merged).light as Record<string, string>;
    expect(ratio(light['--mantine-color-dimmed']!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(light['--mantine-color-dimmed']!, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(4.5);
    const shade = (theme.primaryShade as { light: number }).light;
    expect(ratio(DEFAULT_THEME.colors.blue[shade]!, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });

  it('darkens coloured text that is too pale to read', () => {
    const green = readableOn(DEFAULT_THEME.colors.green[8], ['#ffffff']);
    expect(ratio(green, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(readableOn(DEFAULT_THEME.colors.blue[8], ['#ffffff'])).toBe(DEFAULT_THEME.colors.blue[8]);
  });

  it("names a dialog's close button", () => {
    render(
      <AppProviders queryClient={createQueryClient()} env="test">
        <Modal opened onClose={() => {}} title="Edit">
          body
        </Modal>
      </AppProviders>,
    );
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });
});
