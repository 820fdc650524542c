import {
  createTheme,
  darken,
  luminance,
  type CloseButtonProps,
  type CSSProperties,
  type DrawerProps,
  type InputProps,
  type ModalProps,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineTheme,
} from '@mantine/core';

/**
 * Colours meet WCAG 2.1 AA (4.5:1 for text): filled buttons and badges use shade 8 (white on
 * blue.8 is 5.0:1, on the default blue.6 it was 3.6:1), and a filled colour too light for white text
 * (green, teal, orange, yellow…) gets black text instead (autoContrast).
 */
const A11Y_COLOURS = {
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // White text needs a background luminance ≤ 0.183 for 4.5:1; above it black text has ≥ 4.5:1.
  // Exactly 0.183, not lower: red.8 (0.1827, the danger buttons) keeps white text, which also
  // holds on its darker hover shade (5.5:1), where black text would drop to 3.9:1.
  luminanceThreshold: 0.183,
} as const;

/** The secondary ('dimmed') text: 5.5:1 on white and on the gray page backgrounds (Mantine's gray.6 is 3.3:1). */
export const DIMMED_TEXT = '#5c636a';

/** Placeholder text: 4.7:1 on white, lighter than the dimmed text so it never reads as a value. */
export const PLACEHOLDER_TEXT = '#6c757d';

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** `color` darkened just enough for 4.5:1 text on every background given. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount < 1; amount += 0.04) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (backgrounds.every((background) => contrast(candidate, background) >= 4.6)) return candidate;
  }
  return '#000000';
}

/**
 * Coloured text ('green' text, outline buttons, light badges) in the light scheme: Mantine's
 * shades are too pale for 4.5:1 in green, teal, orange, yellow, lime and cyan, so each colour's
 * text is darkened as far as needed (the others stay as they are).
 */
function readableColourVariables(theme: MantineTheme): Record<string, string> {
  const white = theme.white;
  const page = theme.colors.gray[0];
  const variables: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors) as [string, MantineColorsTuple][]) {
    const filled = shades[8];
    const text = readableOn(filled, [white, page]);
    if (text !== filled) {
      variables[`--mantine-color-${name}-text`] = text;
      variables[`--mantine-color-${name}-outline`] = text;
    }
    const lightText = readableOn(shades[9], [shades[1], shades[2]]);
    if (lightText !== shades[9]) variables[`--mantine-color-${name}-light-color`] = lightText;
  }
  return variables;
}

/** Theme CSS variables beyond Mantine's defaults (passed to MantineProvider). */
export const cssVariablesResolver: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': DIMMED_TEXT,
    // Placeholders (also the pickers' 'Select …' text): 4.7:1 on white; Mantine's gray.5 is 2.1:1.
    '--mantine-color-placeholder': PLACEHOLDER_TEXT,
    // Field errors: Mantine's red.6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-text)',
    ...readableColourVariables(theme),
  },
  dark: {},
});

/**
 * Every close '×' has an accessible name: 'Close dialog' in dialogs and drawers (beside a
 * dialog's own 'Close' button, if it has one), 'Close' elsewhere (banners, toasts).
 */
const CLOSE_LABEL = 'Close';
const CLOSE_DIALOG_LABEL = 'Close dialog';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  // Dialogs, drawers and menus appear without sliding or fading for people who ask their system
  // for less motion (WCAG 2.3.3); the browser stories ask for it too, so axe never reads a dialog
  // half faded in or out.
  respectReducedMotion: true,
  ...A11Y_COLOURS,
  // Plain objects, not `Modal.extend(...)`: importing the components here would put the dialog
  // code into the entry chunk of every page, the login page included (decision 003).
  components: {
    // CloseButtonProps does not list aria attributes, but they reach the button like any other prop.
    CloseButton: { defaultProps: { 'aria-label': CLOSE_LABEL } as Partial<CloseButtonProps> },
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_DIALOG_LABEL } } satisfies Partial<ModalProps> },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': CLOSE_DIALOG_LABEL } } satisfies Partial<DrawerProps> },
    // A field with an error keeps its placeholder grey: Mantine paints it red, which reads as a
    // second error message (the border and the message below already say it).
    Input: {
      styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } as CSSProperties },
    } satisfies { styles: InputProps['styles'] },
  },
});
