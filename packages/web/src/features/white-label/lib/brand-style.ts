import { THEME_DEFAULTS, type WhiteLabelSettings } from '@citable/contract';
import type { CSSProperties } from 'react';

const HEX = /^#[0-9a-f]{6}$/i;

// The theme's scales (index.css) are derived from one brand colour each: lighter steps mix it with
// white, darker ones with black, so any agency colour gets the full set of shades the UI uses.
const STEPS: Record<string, [number, 'white' | 'black'] | null> = {
  '50': [8, 'white'],
  '100': [16, 'white'],
  '200': [32, 'white'],
  '300': [50, 'white'],
  '400': [75, 'white'],
  '500': null,
  '600': [85, 'black'],
  '700': [70, 'black'],
  '800': [55, 'black'],
  '900': [45, 'black'],
  '950': [30, 'black'],
};

function scale(name: 'primary' | 'secondary' | 'accent', hex: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(STEPS).map(([step, mix]) => [`--color-${name}-${step}`, mix ? `color-mix(in oklab, ${hex} ${mix[0]}%, ${mix[1]})` : hex]),
  );
}

/** CSS variables for the dashboard root; empty when the user has no custom colours. */
export function brandStyle(settings: WhiteLabelSettings | undefined): CSSProperties {
  if (!settings) return {};
  const pick = (value: string | null) => (value && HEX.test(value) ? value : null);
  const primary = pick(settings.primary_color_hex);
  const secondary = pick(settings.secondary_color_hex);
  const accent = pick(settings.accent_color_hex);
  return {
    ...(primary && primary !== THEME_DEFAULTS.primary ? scale('primary', primary) : {}),
    ...(secondary && secondary !== THEME_DEFAULTS.secondary ? scale('secondary', secondary) : {}),
    ...(accent && accent !== THEME_DEFAULTS.accent ? scale('accent', accent) : {}),
  } as CSSProperties;
}

/**
 * All three scales from the given colours, the defaults included: for a preview inside a dashboard
 * that may already carry other brand colours, which it must not inherit.
 */
export function themeStyle(colors: Record<'primary' | 'secondary' | 'accent', string>): CSSProperties {
  return { ...scale('primary', colors.primary), ...scale('secondary', colors.secondary), ...scale('accent', colors.accent) } as CSSProperties;
}
