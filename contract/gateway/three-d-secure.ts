import * as z from 'zod/mini';
import { plainText } from '../plain-text.ts';

/** EMV 3DS colour depths (docs/gateway-api.md §2.3): the device's value is clamped down to one of these. */
export const EMV_COLOR_DEPTHS = ['1', '4', '8', '15', '16', '24', '32', '48'] as const;

export const deviceSchema = z.object({
  colorDepth: z.enum(EMV_COLOR_DEPTHS),
  deviceType3ds: z.literal('browser'),
  javaEnabled: z.boolean(),
  language: z.string().check(z.minLength(2), z.maxLength(35), plainText()),
  screenHeight: z.int().check(z.positive()),
  screenWidth: z.int().check(z.positive()),
  timeZoneOffset: z.int().check(z.gte(-12), z.lte(14)),
});
export type Device = z.infer<typeof deviceSchema>;

export const threeDSecureRequestSchema = z.object({
  urlSuccess: z.url(),
  urlFail: z.url(),
  userAgent: z.string().check(z.minLength(1), z.maxLength(2048), plainText()),
  // The browser cannot know its public IP: the server fills an empty value (docs/gateway-api.md §2.3).
  ipAddress: z.string().check(z.maxLength(64), plainText()),
  device: deviceSchema,
});
export type ThreeDSecureRequest = z.infer<typeof threeDSecureRequestSchema>;

export const threeDSecureResponseSchema = z.looseObject({
  url: z.string(),
});
