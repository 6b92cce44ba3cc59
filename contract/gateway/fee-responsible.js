/** Who pays the card fees (spec 2.10; `merchant` fills the spec's gap, DESIGN.md). Kept apart from the zod
 * schema so screens can list the values without loading zod. */
export const feeResponsibleValues = ['customer', 'merchant'];
