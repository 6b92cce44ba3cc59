import { EMV_COLOR_DEPTHS, type Device } from '../../../contract/gateway/three-d-secure.ts';

/** The parts of `window` the device data comes from; tests pass fakes. */
export interface BrowserEnvironment {
  screen: { colorDepth: number; width: number; height: number };
  navigator: { language: string; userAgent: string; javaEnabled?: () => boolean };
  /** `Date.prototype.getTimezoneOffset()` of now: minutes *west* of UTC (Brasília: 180). */
  timezoneOffsetMinutes: number;
}

export interface BrowserData {
  device: Device;
  userAgent: string;
}

const DEFAULT_COLOR_DEPTH = '24';
const FALLBACK_LANGUAGE = 'pt-BR';

/** Down to the nearest EMV 3DS value (30 → "24"); below 1 → "1"; unknown → "24", the common depth. */
export function emvColorDepth(depth: number): Device['colorDepth'] {
  if (!Number.isFinite(depth)) return DEFAULT_COLOR_DEPTH;
  let chosen: Device['colorDepth'] = '1';
  for (const value of EMV_COLOR_DEPTHS) if (Number(value) <= depth) chosen = value;
  return chosen;
}

/**
 * Integer hours east of UTC (Brasília -3, Tokyo 9), as the gateway's sample sends them.
 * Rule for zones off the hour: nearest hour, a half hour rounds toward UTC — India +5:30 → 5,
 * Newfoundland -3:30 → -3, Nepal +5:45 → 6, Marquesas -9:30 → -9. Clamped to the real range -12..14.
 */
export function timeZoneOffsetHours(timezoneOffsetMinutes: number): number {
  if (!Number.isFinite(timezoneOffsetMinutes)) return 0;
  const hoursEast = -timezoneOffsetMinutes / 60;
  const rounded = Math.sign(hoursEast) * Math.ceil(Math.abs(hoursEast) - 0.5);
  // `|| 0` turns -0 into 0, which JSON would otherwise still print as 0 but tests compare with Object.is.
  return Math.min(14, Math.max(-12, rounded)) || 0;
}

function positiveInteger(value: number): number {
  return Number.isFinite(value) && value >= 1 ? Math.round(value) : 1;
}

function javaEnabled(navigator: BrowserEnvironment['navigator']): boolean {
  try {
    return navigator.javaEnabled?.() ?? false;
  } catch {
    return false;
  }
}

/** The shopper's browser as `threeDSecure.device` and `userAgent` (docs/gateway-api.md §2.3). */
export function collectBrowserData(env: BrowserEnvironment): BrowserData {
  const { screen, navigator } = env;
  return {
    userAgent: navigator.userAgent || 'unknown',
    device: {
      colorDepth: emvColorDepth(screen.colorDepth),
      deviceType3ds: 'browser',
      javaEnabled: javaEnabled(navigator),
      language: navigator.language.length >= 2 ? navigator.language : FALLBACK_LANGUAGE,
      screenHeight: positiveInteger(screen.height),
      screenWidth: positiveInteger(screen.width),
      timeZoneOffset: timeZoneOffsetHours(env.timezoneOffsetMinutes),
    },
  };
}

/** The real browser, read at the moment of paying (the time zone may have changed since page load). */
export function currentBrowserEnvironment(): BrowserEnvironment {
  return {
    screen: window.screen,
    // `javaEnabled` must be called on navigator itself, so it is bound rather than passed loose.
    navigator: {
      language: navigator.language,
      userAgent: navigator.userAgent,
      javaEnabled: () => navigator.javaEnabled(),
    },
    timezoneOffsetMinutes: new Date().getTimezoneOffset(),
  };
}
