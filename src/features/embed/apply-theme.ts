import type { EmbedTheme } from './embed-messages.ts';

/** Theme option → the app's own custom properties (src/app/styles.css), so every screen follows. */
const COLOR_PROPERTIES = {
  primary: '--color-primary',
  primaryText: '--color-primary-text',
  background: '--color-bg',
  surface: '--color-surface',
  text: '--color-text',
  muted: '--color-muted',
  border: '--color-border',
  error: '--color-error',
  focus: '--color-focus',
} as const;

const ALL_PROPERTIES = [...Object.values(COLOR_PROPERTIES), '--radius', '--space', '--font'];

/**
 * Sets the merchant's look through the CSS object model (allowed by a CSP without 'unsafe-inline'),
 * after the values passed the theme schema. A new theme replaces the previous one entirely.
 */
export function applyTheme(theme: EmbedTheme, root: HTMLElement = document.documentElement): void {
  for (const name of ALL_PROPERTIES) root.style.removeProperty(name);
  root.dataset.theme = theme.mode ?? 'light';
  for (const [key, property] of Object.entries(COLOR_PROPERTIES)) {
    const value = theme.colors?.[key as keyof typeof COLOR_PROPERTIES];
    if (value) root.style.setProperty(property, value);
  }
  if (theme.radius) root.style.setProperty('--radius', theme.radius);
  if (theme.spacing) root.style.setProperty('--space', theme.spacing);
  if (theme.font) root.style.setProperty('--font', theme.font);
}
