// SVG drawings: editorial illustrations (pitch, stadium, posts, ball…), logos, avatars, favicons,
// partner wordmarks. Illustrations are drawn in a 1280×720 view box; only width/height change
// between the 640 and 1280 variants.

import type { Random } from './random.js';
import { escapeXml } from './text.js';

export const NAVY = '#002a5c';
export const NAVY_DARK = '#0c1a3a';
export const RED = '#e4002b';
export const WHITE = '#ffffff';
const FONT = 'Arial, Helvetica, sans-serif';

export type Motif = 'pitch' | 'stadium' | 'posts' | 'ball' | 'abstract' | 'conference' | 'trophy';
export type PaletteName = 'nuit' | 'bleu' | 'rouge' | 'clair';

type Palette = { bg1: string; bg2: string; turf: string; line: string; accent: string; soft: string };

const PALETTES: Record<PaletteName, Palette> = {
  nuit: { bg1: NAVY_DARK, bg2: NAVY, turf: '#16336b', line: WHITE, accent: RED, soft: '#9fb4d6' },
  bleu: { bg1: NAVY, bg2: '#1d4f91', turf: NAVY_DARK, line: WHITE, accent: RED, soft: '#c9d6ea' },
  rouge: { bg1: '#8f001b', bg2: RED, turf: '#6d0014', line: WHITE, accent: NAVY, soft: '#ffd6dc' },
  clair: { bg1: '#f4f6fb', bg2: '#d5deee', turf: '#e3e9f4', line: NAVY, accent: RED, soft: NAVY },
};

const r1 = (n: number): number => Math.round(n * 10) / 10;

const W = 1280;
const H = 720;

/** Draws an illustration body once (random layout) and returns a renderer for any size. */
export function illustration(
  motif: Motif,
  paletteName: PaletteName,
  rng: Random,
  label: string,
): (width: number, height: number) => string {
  const p = PALETTES[paletteName];
  const glowX = r1(rng.float(0.2, 0.8));
  const defs =
    `<defs>` +
    `<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${p.bg1}"/><stop offset="1" stop-color="${p.bg2}"/></linearGradient>` +
    `<radialGradient id="glow" cx="${glowX}" cy="0.2" r="0.75"><stop offset="0" stop-color="${WHITE}" stop-opacity="0.3"/><stop offset="1" stop-color="${WHITE}" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="turf" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.turf}" stop-opacity="0.5"/><stop offset="1" stop-color="${p.turf}"/></linearGradient>` +
    `<linearGradient id="ball" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${WHITE}"/><stop offset="1" stop-color="#d5dbe6"/></linearGradient>` +
    `<pattern id="seats" width="14" height="10" patternUnits="userSpaceOnUse"><circle cx="3" cy="3" r="1.6" fill="${WHITE}" fill-opacity="0.2"/><circle cx="10" cy="8" r="1.6" fill="${p.accent}" fill-opacity="0.3"/></pattern>` +
    `</defs>`;
  const background = `<rect width="${W}" height="${H}" fill="url(#bg)"/><rect width="${W}" height="${H}" fill="url(#glow)"/>`;
  let body: string;
  switch (motif) {
    case 'pitch':
      body =
        pitch(p, rng, rng.int(180, 260), true) +
        band(p, rng) +
        ball(rng.int(260, 1020), rng.int(560, 640), rng.int(70, 95), rng.int(-35, 35), p);
      break;
    case 'stadium':
      body = stands(p, rng) + pitch(p, rng, 250, rng.chance(0.7));
      break;
    case 'posts':
      body = pitch(p, rng, rng.int(330, 380), false) + bigPosts(p, rng);
      break;
    case 'ball':
      body = band(p, rng) + speedLines(p, rng) + ball(rng.int(560, 760), rng.int(330, 400), rng.int(210, 250), rng.int(-30, -12), p);
      break;
    case 'abstract':
      body = abstract(p, rng);
      break;
    case 'conference':
      body = conference(p, rng);
      break;
    case 'trophy':
      body = confetti(p, rng) + trophy(p, rng);
      break;
  }
  const content = defs + background + body;
  return (width, height) =>
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeXml(label)}">${content}</svg>`;
}

/** A rugby pitch seen from behind the near 22, in perspective towards the far in-goal. */
function pitch(p: Palette, rng: Random, horizon: number, withPosts: boolean): string {
  const cx = rng.int(560, 720);
  const nearHalf = 1000; // 35 m at depth 1
  const depth = (metres: number): number => 1 + metres / 30;
  const y = (z: number): number => horizon + (H - horizon) / z;
  const half = (z: number, fromCentre = 35): number => (nearHalf * (fromCentre / 35)) / z;
  const zFar = depth(62);
  const yFar = y(zFar);
  let s = `<polygon points="${r1(cx - half(zFar))},${r1(yFar)} ${r1(cx + half(zFar))},${r1(yFar)} ${cx + nearHalf},${H} ${cx - nearHalf},${H}" fill="url(#turf)"/>`;
  const line = (metres: number, dashed: boolean, width: number): string => {
    const z = depth(metres);
    const yy = r1(y(z));
    return `<line x1="${r1(cx - half(z))}" y1="${yy}" x2="${r1(cx + half(z))}" y2="${yy}" stroke="${p.line}" stroke-opacity="0.75" stroke-width="${r1(width / z)}"${dashed ? ` stroke-dasharray="${r1(40 / z)} ${r1(30 / z)}"` : ''}/>`;
  };
  s += `<g>`;
  s += line(8, false, 6) + line(18, true, 5) + line(30, false, 6) + line(47, true, 5) + line(52, false, 7) + line(62, false, 5);
  for (const side of [-1, 1]) {
    s += `<line x1="${cx + side * nearHalf}" y1="${H}" x2="${r1(cx + side * half(zFar))}" y2="${r1(yFar)}" stroke="${p.line}" stroke-opacity="0.75" stroke-width="5"/>`;
    for (const fromCentre of [30, 20]) {
      s += `<line x1="${r1(cx + side * half(1, fromCentre))}" y1="${H}" x2="${r1(cx + side * half(zFar, fromCentre))}" y2="${r1(yFar)}" stroke="${p.line}" stroke-opacity="0.35" stroke-width="3" stroke-dasharray="26 34"/>`;
    }
  }
  s += `</g>`;
  if (withPosts) {
    const z = depth(52);
    const base = y(z);
    const scale = nearHalf / 35 / z;
    const gap = 2.8 * scale;
    const top = base - 12 * scale;
    const bar = base - 3 * scale;
    const sw = r1(Math.max(2.5, 0.35 * scale));
    s +=
      `<g stroke="${p.line}" stroke-width="${sw}" stroke-linecap="round">` +
      `<line x1="${r1(cx - gap)}" y1="${r1(base)}" x2="${r1(cx - gap)}" y2="${r1(top)}"/>` +
      `<line x1="${r1(cx + gap)}" y1="${r1(base)}" x2="${r1(cx + gap)}" y2="${r1(top)}"/>` +
      `<line x1="${r1(cx - gap)}" y1="${r1(bar)}" x2="${r1(cx + gap)}" y2="${r1(bar)}"/></g>` +
      `<rect x="${r1(cx - gap - sw * 1.5)}" y="${r1(base - 1.8 * scale)}" width="${r1(sw * 3)}" height="${r1(1.8 * scale)}" fill="${p.accent}"/>` +
      `<rect x="${r1(cx + gap - sw * 1.5)}" y="${r1(base - 1.8 * scale)}" width="${r1(sw * 3)}" height="${r1(1.8 * scale)}" fill="${p.accent}"/>`;
  }
  return s;
}

function ball(cx: number, cy: number, rx: number, angle: number, p: Palette): string {
  const ry = r1(rx * 0.62);
  const stitches: string[] = [];
  for (let i = -3; i <= 3; i++) {
    const x = r1((i * rx) / 9);
    stitches.push(`<line x1="${x}" y1="${r1(-ry * 0.12)}" x2="${x}" y2="${r1(ry * 0.12)}"/>`);
  }
  return (
    `<g transform="translate(${cx} ${cy}) rotate(${angle})">` +
    `<ellipse cx="0" cy="${r1(ry * 0.18)}" rx="${rx}" ry="${ry}" fill="${NAVY_DARK}" fill-opacity="0.35"/>` +
    `<ellipse cx="0" cy="0" rx="${rx}" ry="${ry}" fill="url(#ball)" stroke="${NAVY}" stroke-width="${r1(rx / 40)}"/>` +
    `<path d="M${r1(-rx * 0.55)} ${r1(-ry * 0.82)} Q0 ${r1(-ry * 0.35)} ${r1(rx * 0.55)} ${r1(-ry * 0.82)}" fill="none" stroke="${p.accent === NAVY ? RED : p.accent}" stroke-width="${r1(rx / 12)}"/>` +
    `<path d="M${r1(-rx * 0.55)} ${r1(ry * 0.82)} Q0 ${r1(ry * 0.35)} ${r1(rx * 0.55)} ${r1(ry * 0.82)}" fill="none" stroke="${NAVY}" stroke-width="${r1(rx / 12)}"/>` +
    `<line x1="${r1(-rx * 0.4)}" y1="0" x2="${r1(rx * 0.4)}" y2="0" stroke="${NAVY}" stroke-width="${r1(rx / 45)}"/>` +
    `<g stroke="${NAVY}" stroke-width="${r1(rx / 60)}">${stitches.join('')}</g>` +
    `</g>`
  );
}

/** A diagonal red band with a thin white edge, the federation's signature stripe. */
function band(p: Palette, rng: Random): string {
  const x = rng.int(820, 1060);
  const slant = rng.int(160, 320);
  return (
    `<polygon points="${x},0 ${x + 90},0 ${x + 90 - slant},${H} ${x - slant},${H}" fill="${p.accent}" fill-opacity="0.85"/>` +
    `<polygon points="${x + 104},0 ${x + 116},0 ${x + 116 - slant},${H} ${x + 104 - slant},${H}" fill="${WHITE}" fill-opacity="0.8"/>`
  );
}

function speedLines(p: Palette, rng: Random): string {
  let s = `<g stroke="${p.line}" stroke-linecap="round">`;
  for (let i = 0; i < 7; i++) {
    const y = 190 + i * 52 + rng.int(-8, 8);
    const x2 = rng.int(380, 520);
    const len = rng.int(160, 340);
    s += `<line x1="${x2 - len}" y1="${y}" x2="${x2}" y2="${y}" stroke-width="${rng.int(3, 8)}" stroke-opacity="${r1(rng.float(0.15, 0.5))}"/>`;
  }
  return `${s}</g>`;
}

function stands(p: Palette, rng: Random): string {
  const roof = rng.int(70, 110);
  let s =
    `<path d="M0 ${roof + 70} Q640 ${roof - 20} ${W} ${roof + 70} L${W} 420 L0 420 Z" fill="${NAVY_DARK}" fill-opacity="0.85"/>` +
    `<path d="M0 ${roof + 70} Q640 ${roof - 20} ${W} ${roof + 70} L${W} 420 L0 420 Z" fill="url(#seats)"/>` +
    `<path d="M0 ${roof + 150} Q640 ${roof + 80} ${W} ${roof + 150}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-opacity="0.8"/>` +
    `<path d="M0 ${roof + 40} Q640 ${roof - 50} ${W} ${roof + 40} L${W} ${roof + 70} Q640 ${roof - 20} 0 ${roof + 70} Z" fill="${NAVY_DARK}"/>`;
  for (const x of [170, 500, 780, 1110]) {
    const y = roof - 20 + Math.round(Math.abs(640 - x) / 8);
    s +=
      `<circle cx="${x}" cy="${y}" r="90" fill="url(#glow)"/>` +
      `<rect x="${x - 34}" y="${y - 12}" width="68" height="24" rx="4" fill="${WHITE}" fill-opacity="0.9"/>` +
      `<g stroke="${NAVY}" stroke-width="2"><line x1="${x - 12}" y1="${y - 12}" x2="${x - 12}" y2="${y + 12}"/><line x1="${x + 12}" y1="${y - 12}" x2="${x + 12}" y2="${y + 12}"/></g>`;
  }
  return s;
}

function bigPosts(p: Palette, rng: Random): string {
  const left = rng.int(300, 420);
  const right = left + rng.int(420, 520);
  const bar = rng.int(400, 450);
  const trailStart = rng.int(80, 200);
  const bx = Math.round((left + right) / 2) + rng.int(-60, 60);
  const by = rng.int(160, 240);
  return (
    `<g stroke="${p.line}" stroke-width="22" stroke-linecap="round"><line x1="${left}" y1="${H}" x2="${left}" y2="40"/><line x1="${right}" y1="${H}" x2="${right}" y2="40"/><line x1="${left}" y1="${bar}" x2="${right}" y2="${bar}"/></g>` +
    `<rect x="${left - 30}" y="${H - 150}" width="60" height="150" rx="8" fill="${p.accent}"/>` +
    `<rect x="${right - 30}" y="${H - 150}" width="60" height="150" rx="8" fill="${p.accent}"/>` +
    `<path d="M${trailStart} ${H - 60} Q${Math.round((trailStart + bx) / 2)} ${by - 120} ${bx} ${by}" fill="none" stroke="${p.line}" stroke-width="4" stroke-dasharray="14 16" stroke-opacity="0.6"/>` +
    ball(bx, by, 46, rng.int(-60, -20), p)
  );
}

function abstract(p: Palette, rng: Random): string {
  let s = '';
  const colors = [p.accent, WHITE, NAVY_DARK, p.soft];
  for (let i = 0; i < 6; i++) {
    const x = rng.int(-200, 1200);
    const w = rng.int(40, 180);
    s += `<polygon points="${x},0 ${x + w},0 ${x + w - 400},${H} ${x - 400},${H}" fill="${colors[i % colors.length]}" fill-opacity="${r1(rng.float(0.12, 0.45))}"/>`;
  }
  const cx = rng.int(380, 900);
  const cy = rng.int(260, 460);
  s += `<circle cx="${cx}" cy="${cy}" r="${rng.int(180, 240)}" fill="none" stroke="${p.line}" stroke-width="10" stroke-opacity="0.5"/>`;
  s += `<circle cx="${cx}" cy="${cy}" r="${rng.int(90, 130)}" fill="none" stroke="${p.accent}" stroke-width="18" stroke-opacity="0.8"/>`;
  return s + ball(cx + rng.int(-40, 40), cy + rng.int(-30, 30), 70, rng.int(-40, 40), p);
}

function conference(p: Palette, rng: Random): string {
  let s = '';
  // Backdrop of small shields, as on a press-room sponsor wall.
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 11; col++) {
      const x = 40 + col * 120 + (row % 2) * 60;
      const y = 40 + row * 90;
      s += `<path d="M${x} ${y} l22 6 v18 c0 14 -10 22 -22 26 c-12 -4 -22 -12 -22 -26 v-18 z" fill="${(row + col) % 3 === 0 ? p.accent : WHITE}" fill-opacity="${(row + col) % 3 === 0 ? 0.55 : 0.14}"/>`;
    }
  }
  const deskY = rng.int(470, 510);
  s += `<rect x="120" y="${deskY}" width="1040" height="${H - deskY}" fill="${NAVY_DARK}"/>`;
  s += `<rect x="120" y="${deskY}" width="1040" height="14" fill="${p.accent}"/>`;
  const mics = rng.int(3, 5);
  for (let i = 0; i < mics; i++) {
    const x = 420 + i * Math.round(440 / Math.max(1, mics - 1)) + rng.int(-20, 20);
    const top = deskY - rng.int(90, 140);
    const tilt = rng.int(-14, 14);
    s +=
      `<line x1="${x}" y1="${deskY}" x2="${x + tilt}" y2="${top}" stroke="${NAVY_DARK}" stroke-width="8"/>` +
      `<rect x="${x + tilt - 14}" y="${top - 36}" width="28" height="44" rx="14" fill="${i % 2 ? WHITE : p.soft}"/>`;
  }
  return s + `<ellipse cx="640" cy="${deskY + 8}" rx="520" ry="30" fill="${WHITE}" fill-opacity="0.08"/>`;
}

function confetti(p: Palette, rng: Random): string {
  let s = '<g>';
  for (let i = 0; i < 36; i++) {
    const x = rng.int(20, 1260);
    const y = rng.int(20, 700);
    s += `<rect x="${x}" y="${y}" width="${rng.int(8, 16)}" height="${rng.int(4, 8)}" fill="${i % 3 === 0 ? p.accent : WHITE}" fill-opacity="${r1(rng.float(0.4, 0.9))}" transform="rotate(${rng.int(0, 179)} ${x} ${y})"/>`;
  }
  return `${s}</g>`;
}

function trophy(p: Palette, rng: Random): string {
  const cx = rng.int(560, 720);
  const gold = p.line === WHITE ? '#f2f4f8' : NAVY;
  return (
    `<ellipse cx="${cx}" cy="650" rx="260" ry="26" fill="${NAVY_DARK}" fill-opacity="0.45"/>` +
    `<g fill="${gold}">` +
    `<path d="M${cx - 150} 150 h300 v40 c0 130 -70 200 -150 210 c-80 -10 -150 -80 -150 -210 z"/>` +
    `<rect x="${cx - 22}" y="400" width="44" height="120"/>` +
    `<rect x="${cx - 110}" y="520" width="220" height="44" rx="6"/>` +
    `<rect x="${cx - 140}" y="564" width="280" height="70" rx="8"/></g>` +
    `<path d="M${cx - 150} 200 c-90 0 -90 130 20 150 M${cx + 150} 200 c90 0 90 130 -20 150" fill="none" stroke="${gold}" stroke-width="18"/>` +
    `<rect x="${cx - 140}" y="586" width="280" height="14" fill="${p.accent}"/>`
  );
}

/** The federation-press shield (64×72 box) drawn at (x, y) with a scale factor. */
function shield(x: number, y: number, scale: number, fill: string, stroke: string): string {
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})">` +
    `<path d="M32 2 L62 10 V36 C62 54 48 66 32 70 C16 66 2 54 2 36 V10 Z" fill="${fill}"/>` +
    `<path d="M32 8 L56 14.5 V36 C56 50 45 59.5 32 63.5 C19 59.5 8 50 8 36 V14.5 Z" fill="none" stroke="${stroke}" stroke-width="2.5"/>` +
    `<ellipse cx="32" cy="36" rx="14" ry="9" transform="rotate(-30 32 36)" fill="${WHITE}"/>` +
    `<path d="M24 41 Q32 36 40 31" fill="none" stroke="${RED}" stroke-width="2.5"/>` +
    `</g>`
  );
}

export function logoSvg(variant: 'couleur' | 'blanc' | 'transparent'): string {
  const text = variant === 'couleur' ? NAVY : WHITE;
  const shieldFill = variant === 'transparent' ? 'none' : NAVY;
  const shieldStroke = variant === 'transparent' ? WHITE : WHITE;
  const outline =
    variant === 'transparent'
      ? `<path d="M32 2 L62 10 V36 C62 54 48 66 32 70 C16 66 2 54 2 36 V10 Z" fill="none" stroke="${WHITE}" stroke-width="3"/>`
      : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="260" height="72" viewBox="0 0 260 72" role="img" aria-label="FFR Presse">` +
    shield(0, 0, 1, shieldFill, shieldStroke) +
    outline +
    `<text x="76" y="42" font-family="${FONT}" font-size="34" font-weight="800" fill="${text}">FFR</text>` +
    `<text x="78" y="64" font-family="${FONT}" font-size="15" font-weight="700" letter-spacing="5" fill="${variant === 'couleur' ? RED : WHITE}">PRESSE</text>` +
    `</svg>`
  );
}

export function faviconSvg(size: number): string {
  const bg = size >= 180 ? `<rect width="72" height="72" rx="14" fill="${WHITE}"/>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 72 72">` +
    bg +
    shield(size >= 180 ? 10 : 4, size >= 180 ? 6 : 0, size >= 180 ? 0.82 : 1, NAVY, WHITE) +
    `</svg>`
  );
}

export function placeholderSvg(width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Fédération française de rugby">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="${NAVY_DARK}"/><stop offset="1" stop-color="${NAVY}"/></linearGradient></defs>` +
    `<rect width="${W}" height="${H}" fill="url(#bg)"/>` +
    `<g stroke="${WHITE}" stroke-opacity="0.12" stroke-width="4"><line x1="0" y1="360" x2="${W}" y2="360"/><circle cx="640" cy="360" r="150" fill="none"/></g>` +
    shield(560, 270, 2.5, NAVY, WHITE) +
    `</svg>`
  );
}

const AVATAR_COLORS = [NAVY, RED, '#1d4f91', NAVY_DARK, '#8f001b', '#3a5f9e'];

export function avatarSvg(initials: string, size: number, colorIndex: number): string {
  const color = AVATAR_COLORS[colorIndex % AVATAR_COLORS.length];
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 96 96" role="img" aria-label="${escapeXml(initials)}">` +
    `<circle cx="48" cy="48" r="48" fill="${color}"/>` +
    `<text x="48" y="61" text-anchor="middle" font-family="${FONT}" font-size="38" font-weight="700" fill="${WHITE}">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

/** An official portrait placeholder: a silhouette in the team jersey, with the player's initials (4:5). */
export function portraitSvg(name: string, initials: string, size: number, colorIndex: number): string {
  const jersey = colorIndex % 2 === 0 ? NAVY : '#1d4f91';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${(size * 5) / 4}" viewBox="0 0 400 500" role="img" aria-label="${escapeXml(name)}">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#d5deee"/><stop offset="1" stop-color="#f4f6fb"/></linearGradient></defs>` +
    `<rect width="400" height="500" fill="url(#bg)"/>` +
    `<circle cx="200" cy="185" r="78" fill="#9fb4d6"/>` +
    `<path d="M52 500C52 372 120 300 200 300C280 300 348 372 348 500Z" fill="${jersey}"/>` +
    `<path d="M160 304L200 352L240 304" fill="none" stroke="${WHITE}" stroke-width="10"/>` +
    `<path d="M52 470H348" stroke="${RED}" stroke-width="12"/>` +
    shield(286, 372, 0.55, WHITE, jersey) +
    `<text x="200" y="436" text-anchor="middle" font-family="${FONT}" font-size="44" font-weight="700" fill="${WHITE}">${escapeXml(initials)}</text>` +
    `</svg>`
  );
}

export type PartnerMark = 'carre' | 'plein' | 'cercle' | 'barres' | 'losange' | 'vague' | 'etoile';

export function partnerLogoSvg(name: string, color: string, mark: PartnerMark): string {
  const size = Math.min(30, Math.floor(200 / (0.56 * name.length)));
  let icon: string;
  switch (mark) {
    case 'carre':
      icon = `<rect x="16" y="36" width="48" height="24" fill="${color}"/><rect x="16" y="60" width="48" height="24" fill="#1a1a1a"/><rect x="28" y="56" width="24" height="8" fill="${WHITE}"/>`;
      break;
    case 'plein':
      icon = `<rect x="16" y="36" width="48" height="48" fill="${color}"/>`;
      break;
    case 'cercle':
      icon = `<circle cx="40" cy="60" r="26" fill="${color}"/><circle cx="40" cy="60" r="12" fill="${WHITE}"/>`;
      break;
    case 'barres':
      icon = `<rect x="16" y="44" width="12" height="40" fill="${color}"/><rect x="34" y="34" width="12" height="50" fill="${color}"/><rect x="52" y="50" width="12" height="34" fill="${color}"/>`;
      break;
    case 'losange':
      icon = `<polygon points="40,30 66,60 40,90 14,60" fill="${color}"/><polygon points="40,46 52,60 40,74 28,60" fill="${WHITE}"/>`;
      break;
    case 'vague':
      icon = `<path d="M12 66 Q26 42 40 62 T68 58" fill="none" stroke="${color}" stroke-width="10" stroke-linecap="round"/><circle cx="40" cy="40" r="8" fill="${color}"/>`;
      break;
    case 'etoile':
      icon = `<polygon points="40,30 47,52 70,52 51,66 58,88 40,74 22,88 29,66 10,52 33,52" fill="${color}"/>`;
      break;
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120" viewBox="0 0 320 120" role="img" aria-label="${escapeXml(name)}">` +
    `<rect width="320" height="120" rx="10" fill="${WHITE}"/>` +
    icon +
    `<text x="84" y="${60 + Math.round(size * 0.36)}" font-family="${FONT}" font-size="${size}" font-weight="700" fill="${color}">${escapeXml(name)}</text>` +
    `</svg>`
  );
}
