import { eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../db/database.ts';
import { shopIdentity, type ShopIdentityRow } from '../db/schema.ts';

/** What every page reads: the row without the logo's bytes (its type, size and version only). */
export type ShopIdentitySettings = Omit<ShopIdentityRow, 'logoBase64'>;

const { logoBase64: _bytes, ...settingsColumns } = getTableColumns(shopIdentity);

export async function findShopIdentity(db: Database): Promise<ShopIdentitySettings | undefined> {
  const [row] = await db.select(settingsColumns).from(shopIdentity).where(eq(shopIdentity.id, 1));
  return row;
}

/** The logo's bytes, when `version` is still the stored one. */
export async function findShopLogo(
  db: Database,
): Promise<Pick<ShopIdentityRow, 'logoBase64' | 'logoType' | 'logoVersion'> | undefined> {
  const [row] = await db
    .select({
      logoBase64: shopIdentity.logoBase64,
      logoType: shopIdentity.logoType,
      logoVersion: shopIdentity.logoVersion,
    })
    .from(shopIdentity)
    .where(eq(shopIdentity.id, 1));
  return row;
}

/** Locks the one row (made if missing), so two owners' changes apply one after the other. */
export async function lockShopIdentity(db: Database, now: Date): Promise<ShopIdentitySettings> {
  await db.insert(shopIdentity).values({ id: 1, updatedAt: now }).onConflictDoNothing();
  const [row] = await db
    .select(settingsColumns)
    .from(shopIdentity)
    .where(eq(shopIdentity.id, 1))
    .for('update');
  if (!row) throw new Error('shop_identity row missing after insert');
  return row;
}

export async function updateShopIdentity(
  db: Database,
  change: Partial<Omit<ShopIdentityRow, 'id'>> & { updatedAt: Date },
): Promise<void> {
  await db.update(shopIdentity).set(change).where(eq(shopIdentity.id, 1));
}
