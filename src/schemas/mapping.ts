import * as z from 'zod';

// SPEC §5: "Data mapping keeps a field value only if its type matches the default's type;
// otherwise the default is used." Each helper below is a field with its default: a value of the
// wrong type (or a missing one) becomes the default instead of failing the whole entity, so
// malformed upstream data degrades one field, never a page.

export const text = (fallback = '') => z.string().catch(fallback);
export const num = (fallback = 0) => z.number().finite().catch(fallback);
export const flag = (fallback = false) => z.boolean().catch(fallback);

/** An object field: its own fields follow the rule; anything not an object becomes `fallback`. */
export function record<S extends z.ZodRawShape, F>(shape: S, fallback: F) {
  return z.object(shape).catch(fallback as never) as unknown as z.ZodType<z.infer<z.ZodObject<S>> | F>;
}

/**
 * A list field: not an array → []; items that cannot be read (an entity without its id, say) are
 * dropped one by one, the others kept.
 */
export function list<T extends z.ZodType>(item: T) {
  return z
    .array(z.unknown())
    .catch([])
    .transform((items) => {
      const kept: z.infer<T>[] = [];
      for (const raw of items) {
        const r = item.safeParse(raw);
        if (r.success) kept.push(r.data);
      }
      return kept;
    });
}

/** An optional object: null, absent or malformed → null. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullable().catch(null);
}

/** Identity fields are strict: an entity without a usable id is not an entity. */
export const id = z.coerce.number().int().nonnegative();
