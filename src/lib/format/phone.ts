// Phone numbers never break across lines: spaces become non-breaking, and the tel: link keeps
// only what a dialler reads. A French number written without spaces is grouped by two, as French
// readers know them (« 06 12 34 56 78 », « +33 6 12 34 56 78 »).

const NBSP = '\u00a0';
const pairs = (digits: string) => digits.match(/\d{2}/g)!.join(NBSP);

export function displayPhone(phone: string): string {
  const trimmed = phone.trim();
  const compact = trimmed.replace(/[\s.-]/g, '');
  if (/^0\d{9}$/.test(compact)) return pairs(compact);
  if (/^\+33\d{9}$/.test(compact)) return `+33${NBSP}${compact[3]}${NBSP}${pairs(compact.slice(4))}`;
  return trimmed.replace(/\s+/g, NBSP);
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
