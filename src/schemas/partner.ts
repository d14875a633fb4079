import * as z from 'zod';
import { record, text } from './mapping';

/** SPEC §3 Partner. */
export const PartnerSchema = z.object({
  title: z.string().min(1),
  illustration: record({ src: text(), alt: text() }, { src: '', alt: '' }),
  target: z.enum(['_blank', '_self']).catch('_blank'),
  link: text(),
});
export type Partner = z.infer<typeof PartnerSchema>;

/** SPEC §4: a failed partner load still shows one placeholder partner titled 'Oups'. */
export const FALLBACK_PARTNERS: Partner[] = [{ title: 'Oups', illustration: { src: '', alt: '' }, target: '_self', link: '' }];
