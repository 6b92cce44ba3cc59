import type { ConsoleShopIdentityRequest } from '../../contract/console/console-shop.ts';
import { SHOP_LOGO_MAX_BYTES, SHOP_LOGO_TYPES } from '../../contract/console/console-shop.ts';
import { recordAudit, type AuditActor } from '../console/audit.ts';
import type { Database } from '../db/database.ts';
import { lockShopIdentity, updateShopIdentity } from './shop-identity-repository.ts';
import { imageSize, logoVersion } from './shop-logo.ts';

/**
 * Owners change the shop's identity in the console (docs/decisions/340-shop-identity-in-the-database.md): one
 * transaction writes the row and its audit row. The next page of every instance shows it (current-shop.ts).
 */
interface Context {
  db: Database;
  actor: AuditActor;
  now: Date;
}

const TARGET = { type: 'shop', id: null } as const;
/** Wider or taller than this is a photo, not a logo: refused, so nobody ships a 4000 px image to phones. */
const MAX_LOGO_SIDE = 2048;

export async function changeShopIdentity(context: Context, input: ConsoleShopIdentityRequest): Promise<void> {
  await context.db.transaction(async (tx) => {
    const before = await lockShopIdentity(tx, context.now);
    await updateShopIdentity(tx, {
      name: input.name,
      brandColor: input.brand_color?.toLowerCase() ?? null,
      support: input.support,
      defaultLocale: input.default_locale,
      updatedAt: context.now,
    });
    // What changed, from and to (null: the SHOP_* setting applies).
    const fields = {
      name: [before.name, input.name],
      brand_color: [before.brandColor, input.brand_color?.toLowerCase() ?? null],
      support: [before.support, input.support],
      default_locale: [before.defaultLocale ?? 'pt-BR', input.default_locale],
    } as const;
    const changed = Object.fromEntries(
      Object.entries(fields)
        .filter(([, [from, to]]) => from !== to)
        .map(([name, [from, to]]) => [name, { from, to }]),
    );
    await recordAudit(tx, context.actor, 'shop.change', TARGET, changed, context.now);
  });
}

export type LogoOutcome =
  | { kind: 'changed'; version: string; width: number; height: number }
  | { kind: 'invalid'; message: string };

/**
 * A new logo: its type from its first bytes (PNG, JPEG, WebP; never SVG, which can carry script), its size
 * checked, then stored with its hash as its version.
 */
export async function changeShopLogo(context: Context, bytes: Uint8Array): Promise<LogoOutcome> {
  if (bytes.length === 0) return { kind: 'invalid', message: 'The logo file is empty.' };
  if (bytes.length > SHOP_LOGO_MAX_BYTES)
    return {
      kind: 'invalid',
      message: `The logo is ${bytes.length} bytes; at most ${SHOP_LOGO_MAX_BYTES} (64 kB).`,
    };
  const image = imageSize(bytes);
  if (!image || !SHOP_LOGO_TYPES.includes(image.type))
    return { kind: 'invalid', message: 'The logo must be a PNG, JPEG or WebP image (SVG is not accepted).' };
  if (image.width < 1 || image.height < 1 || image.width > MAX_LOGO_SIDE || image.height > MAX_LOGO_SIDE)
    return {
      kind: 'invalid',
      message: `The logo is ${image.width}×${image.height} px; each side must be 1 to ${MAX_LOGO_SIDE} px.`,
    };
  const version = logoVersion(bytes);
  await context.db.transaction(async (tx) => {
    await lockShopIdentity(tx, context.now);
    await updateShopIdentity(tx, {
      logoBase64: Buffer.from(bytes).toString('base64'),
      logoType: image.type,
      logoWidth: image.width,
      logoHeight: image.height,
      logoVersion: version,
      updatedAt: context.now,
    });
    await recordAudit(
      tx,
      context.actor,
      'shop.logo',
      TARGET,
      { type: image.type, bytes: bytes.length, width: image.width, height: image.height, version },
      context.now,
    );
  });
  return { kind: 'changed', version, width: image.width, height: image.height };
}

/** The console's logo removed: SHOP_LOGO_PATH's shows again, if any. */
export async function removeShopLogo(context: Context): Promise<void> {
  await context.db.transaction(async (tx) => {
    const before = await lockShopIdentity(tx, context.now);
    await updateShopIdentity(tx, {
      logoBase64: null,
      logoType: null,
      logoWidth: null,
      logoHeight: null,
      logoVersion: null,
      updatedAt: context.now,
    });
    await recordAudit(
      tx,
      context.actor,
      'shop.logo_remove',
      TARGET,
      { version: before.logoVersion },
      context.now,
    );
  });
}
