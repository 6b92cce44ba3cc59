import { afterEach, describe, expect, it } from 'vitest';
import { recordServerDate, serverNow } from '../../lib/server-clock.ts';
import { gatewayTimeZone, pixExpiresAt } from './pix-config.ts';
import { parseGatewayDateTime, timeLeftMs } from './pix-expiry.ts';

describe('parseGatewayDateTime', () => {
  it('reads the wall time in Sao Paulo (UTC-3), whatever the device zone', () => {
    expect(parseGatewayDateTime('2025-04-02 13:43:00', 'America/Sao_Paulo')).toBe(
      Date.parse('2025-04-02T16:43:00Z'),
    );
  });

  it('crosses midnight in UTC', () => {
    expect(parseGatewayDateTime('2025-12-31 22:30:15', 'America/Sao_Paulo')).toBe(
      Date.parse('2026-01-01T01:30:15Z'),
    );
  });

  it('follows the configured zone, including summer time', () => {
    expect(parseGatewayDateTime('2025-04-02 13:43:00', 'Asia/Tokyo')).toBe(
      Date.parse('2025-04-02T04:43:00Z'),
    );
    expect(parseGatewayDateTime('2025-07-01 12:00:00', 'America/New_York')).toBe(
      Date.parse('2025-07-01T16:00:00Z'),
    );
    expect(parseGatewayDateTime('2025-01-15 12:00:00', 'America/New_York')).toBe(
      Date.parse('2025-01-15T17:00:00Z'),
    );
  });

  it('rejects text that is not a real date-time', () => {
    for (const bad of ['2025-02-30 10:00:00', '2025-04-02T13:43:00', '2025-04-02 24:00:00', '', '13:43']) {
      expect(parseGatewayDateTime(bad, 'America/Sao_Paulo')).toBeUndefined();
    }
    expect(parseGatewayDateTime('2025-04-02 13:43:00', 'Not/A_Zone')).toBeUndefined();
  });
});

describe('gatewayTimeZone', () => {
  it('defaults to Sao Paulo and ignores zones the browser does not know', () => {
    expect(gatewayTimeZone(undefined)).toBe('America/Sao_Paulo');
    expect(gatewayTimeZone('')).toBe('America/Sao_Paulo');
    expect(gatewayTimeZone('Mars/Olympus')).toBe('America/Sao_Paulo');
    expect(gatewayTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon');
  });
});

describe('time left, corrected for the device clock', () => {
  afterEach(() => {
    recordServerDate(new Date().toUTCString());
  });

  const serverDate = 'Wed, 02 Apr 2025 16:13:00 GMT'; // 13:13 in Sao Paulo
  const expiry = pixExpiresAt('2025-04-02 13:43:00'); // 30 minutes later

  it('counts against the gateway clock when the device runs 10 minutes fast', () => {
    const deviceNow = Date.parse(serverDate) + 10 * 60_000;
    recordServerDate(serverDate, deviceNow);
    expect(expiry).toBeDefined();
    expect(timeLeftMs(expiry ?? 0, serverNow(deviceNow))).toBe(30 * 60_000);
    // Without the correction the shopper would lose ten minutes.
    expect(timeLeftMs(expiry ?? 0, deviceNow)).toBe(20 * 60_000);
  });

  it('counts against the gateway clock when the device runs 10 minutes slow', () => {
    const deviceNow = Date.parse(serverDate) - 10 * 60_000;
    recordServerDate(serverDate, deviceNow);
    expect(timeLeftMs(expiry ?? 0, serverNow(deviceNow + 60_000))).toBe(29 * 60_000);
  });

  it('is never negative', () => {
    expect(timeLeftMs(1_000, 5_000)).toBe(0);
  });
});
