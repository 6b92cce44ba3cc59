import { afterEach, describe, expect, it } from 'vitest';
import { deviceSchema } from '../../../contract/gateway/three-d-secure.ts';
import {
  collectBrowserData,
  emvColorDepth,
  timeZoneOffsetHours,
  type BrowserEnvironment,
} from './browser-device.ts';

function fakeEnvironment(overrides: Partial<BrowserEnvironment> = {}): BrowserEnvironment {
  return {
    screen: { colorDepth: 24, width: 390, height: 844 },
    navigator: {
      language: 'pt-BR',
      userAgent: 'Mozilla/5.0 (iPhone) FakeSafari',
      javaEnabled: () => false,
    },
    timezoneOffsetMinutes: 180,
    ...overrides,
  };
}

/** Minutes west of UTC, as `getTimezoneOffset()` gives them, for a real IANA zone at a given instant. */
function offsetIn(timeZone: string, isoInstant: string): number {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return new Date(isoInstant).getTimezoneOffset();
  } finally {
    process.env.TZ = previous;
  }
}

describe('collectBrowserData', () => {
  it('reads a phone in Brasília as the gateway expects', () => {
    const data = collectBrowserData(fakeEnvironment());
    expect(data).toEqual({
      userAgent: 'Mozilla/5.0 (iPhone) FakeSafari',
      device: {
        colorDepth: '24',
        deviceType3ds: 'browser',
        javaEnabled: false,
        language: 'pt-BR',
        screenHeight: 844,
        screenWidth: 390,
        timeZoneOffset: -3,
      },
    });
    expect(deviceSchema.safeParse(data.device).success).toBe(true);
  });

  it('reads a desktop in Tokyo with a 30-bit screen', () => {
    const data = collectBrowserData(
      fakeEnvironment({
        screen: { colorDepth: 30, width: 2560, height: 1440 },
        navigator: { language: 'ja-JP', userAgent: 'UA', javaEnabled: () => true },
        timezoneOffsetMinutes: -540,
      }),
    );
    expect(data.device).toMatchObject({
      colorDepth: '24',
      javaEnabled: true,
      language: 'ja-JP',
      screenWidth: 2560,
      screenHeight: 1440,
      timeZoneOffset: 9,
    });
  });

  it('treats a missing or throwing javaEnabled as false', () => {
    expect(
      collectBrowserData(fakeEnvironment({ navigator: { language: 'en', userAgent: 'UA' } })).device
        .javaEnabled,
    ).toBe(false);
    const throwing = fakeEnvironment({
      navigator: {
        language: 'en',
        userAgent: 'UA',
        javaEnabled: () => {
          throw new Error('blocked');
        },
      },
    });
    expect(collectBrowserData(throwing).device.javaEnabled).toBe(false);
  });

  it('still produces a valid device from a browser that reports nothing useful', () => {
    const data = collectBrowserData(
      fakeEnvironment({
        screen: { colorDepth: Number.NaN, width: 0, height: 0 },
        navigator: { language: '', userAgent: '' },
        timezoneOffsetMinutes: Number.NaN,
      }),
    );
    expect(deviceSchema.safeParse(data.device).success).toBe(true);
    expect(data.device).toMatchObject({ colorDepth: '24', language: 'pt-BR', timeZoneOffset: 0 });
    expect(data.userAgent).not.toBe('');
  });
});

describe('emvColorDepth', () => {
  it.each([
    [48, '48'],
    [32, '32'],
    [30, '24'],
    [24, '24'],
    [16, '16'],
    [15, '15'],
    [12, '8'],
    [8, '8'],
    [4, '4'],
    [2, '1'],
    [1, '1'],
    [0, '1'],
    [64, '48'],
  ])('%i bits → "%s"', (depth, expected) => {
    expect(emvColorDepth(depth)).toBe(expected);
  });
});

describe('timeZoneOffsetHours', () => {
  it.each([
    ['UTC', 0, 0],
    ['Brasília', 180, -3],
    ['Manaus', 240, -4],
    ['Tokyo', -540, 9],
    ['Kiritimati', -840, 14],
    ['Baker Island', 720, -12],
    // Off-the-hour zones: nearest hour, and a half hour rounds toward UTC.
    ['India +5:30', -330, 5],
    ['Newfoundland -3:30', 210, -3],
    ['Marquesas -9:30', 570, -9],
    ['Adelaide +9:30', -570, 9],
    ['Nepal +5:45', -345, 6],
    ['Chatham +12:45', -765, 13],
  ])('%s (%i min) → %i', (_name, minutes, hours) => {
    expect(timeZoneOffsetHours(minutes)).toBe(hours);
  });

  it('never answers -0', () => {
    expect(Object.is(timeZoneOffsetHours(-0), 0)).toBe(true);
    expect(Object.is(timeZoneOffsetHours(20), 0)).toBe(true);
  });

  it('clamps what no real zone has to the gateway range', () => {
    expect(timeZoneOffsetHours(-900)).toBe(14);
    expect(timeZoneOffsetHours(800)).toBe(-12);
  });
});

describe('with the real time-zone database', () => {
  afterEach(() => {
    delete process.env.TZ;
  });

  it.each([
    ['America/Sao_Paulo', '2025-01-15T12:00:00Z', -3],
    ['Asia/Tokyo', '2025-01-15T12:00:00Z', 9],
    ['Asia/Kolkata', '2025-01-15T12:00:00Z', 5],
    ['America/St_Johns', '2025-01-15T12:00:00Z', -3],
    // Newfoundland summer time is -2:30.
    ['America/St_Johns', '2025-07-15T12:00:00Z', -2],
    ['Europe/Lisbon', '2025-07-15T12:00:00Z', 1],
  ])('%s at %s → %i', (zone, instant, hours) => {
    const data = collectBrowserData(fakeEnvironment({ timezoneOffsetMinutes: offsetIn(zone, instant) }));
    expect(data.device.timeZoneOffset).toBe(hours);
  });
});
