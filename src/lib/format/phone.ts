// Phone numbers never break across lines: spaces become non-breaking, and the tel: link keeps
// only what a dialler reads.

export const displayPhone = (phone: string) => phone.trim().replace(/ /g, '\u00a0');
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
