import * as z from 'zod/mini';
/** EMV 3DS colour depths (DESIGN.md): the device's value is clamped down to one of these. */
export const EMV_COLOR_DEPTHS = ['1', '4', '8', '15', '16', '24', '32', '48'];
export const deviceSchema = z.object({
    colorDepth: z.enum(EMV_COLOR_DEPTHS),
    deviceType3ds: z.literal('browser'),
    javaEnabled: z.boolean(),
    language: z.string().check(z.minLength(2)),
    screenHeight: z.int().check(z.positive()),
    screenWidth: z.int().check(z.positive()),
    timeZoneOffset: z.int().check(z.gte(-12), z.lte(14)),
});
export const threeDSecureRequestSchema = z.object({
    urlSuccess: z.url(),
    urlFail: z.url(),
    userAgent: z.string().check(z.minLength(1)),
    // The browser cannot know its public IP: the proxy fills an empty value (DESIGN.md).
    ipAddress: z.string(),
    device: deviceSchema,
});
export const threeDSecureResponseSchema = z.looseObject({
    url: z.string(),
});
