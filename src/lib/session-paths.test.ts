import { describe, expect, it } from 'vitest';
import { API_PATHS, sessionIdSchema } from '../../contract/checkout-session.ts';
import {
  SESSION_ID_PATTERN,
  sessionApiPath,
  sessionPageOf,
  sessionPagePath,
  sessionThreeDSReturnPath,
} from './session-paths.ts';

const ID = 'cs_AbCdEfGhIjKlMnOpQrStUv';

describe('session paths', () => {
  it('are the contract’s paths, written without zod', () => {
    expect(sessionPagePath(ID)).toBe(API_PATHS.shopperPage(ID));
    expect(sessionApiPath(ID)).toBe(API_PATHS.shopperSession(ID));
    expect(sessionApiPath(ID)).toBe(API_PATHS.shopperGatewayBase(ID));
    for (const id of [
      ID,
      'cs_short',
      `cs_${'a'.repeat(64)}`,
      `cs_${'a'.repeat(65)}`,
      'xs_AbCdEfGhIjKlMnOpQrStUv',
    ]) {
      expect(SESSION_ID_PATTERN.test(id)).toBe(sessionIdSchema.safeParse(id).success);
    }
  });

  it('read /pay/{id} and its 3DS return pages', () => {
    expect(sessionPageOf(`/pay/${ID}`)).toEqual({ ok: true, sessionId: ID, returningFromBank: false });
    expect(sessionPageOf(`/pay/${ID}/`)).toEqual({ ok: true, sessionId: ID, returningFromBank: false });
    expect(sessionPageOf(sessionThreeDSReturnPath(ID, 'success'))).toEqual({
      ok: true,
      sessionId: ID,
      returningFromBank: true,
    });
    expect(sessionPageOf(`/pay/${ID}/3ds/fail`)).toMatchObject({ ok: true, returningFromBank: true });
  });

  it('call a truncated or made-up link not valid, and leave other paths alone', () => {
    expect(sessionPageOf('/pay/cs_123')).toEqual({ ok: false });
    expect(sessionPageOf('/pay/')).toEqual({ ok: false });
    expect(sessionPageOf(`/pay/${ID}/elsewhere`)).toEqual({ ok: false });
    expect(sessionPageOf('/')).toBeUndefined();
    expect(sessionPageOf('/payments')).toBeUndefined();
  });
});
