import { Random } from '../catalog/random';

/**
 * Deterministic cover art as SVG: the same kind, id and size always give the same bytes, so
 * images need no storage, can be cached forever and carry a content-based ETag. Each kind has
 * its own look (album covers are abstract compositions, artist images are portraits, shows
 * carry a microphone, episodes a waveform, users an avatar), varied per id by a seeded random
 * stream. Everything is drawn in a 100 × 100 view box and scaled by `size`.
 */

export const imageKinds = ['album', 'artist', 'playlist', 'category', 'show', 'episode', 'user'] as const;
export type ImageKind = (typeof imageKinds)[number];

export function isImageKind(value: string): value is ImageKind {
  return (imageKinds as readonly string[]).includes(value);
}

interface Palette {
  /** Two background tones, light to dark or the other way round. */
  back: [string, string];
  /** Two accents that stand out against the background. */
  accent: [string, string];
  /** The darkest tone, for silhouettes and text shadows. */
  ink: string;
  /** The colour text is written in on this palette. */
  text: string;
}

// Hand-picked palettes: random hues rarely look good together, these do.
const palettes: Palette[] = [
  { back: ['#ff7e5f', '#feb47b'], accent: ['#2b2d42', '#ffe66d'], ink: '#1b1b2f', text: '#ffffff' },
  { back: ['#0f2027', '#2c5364'], accent: ['#f8b500', '#fc5185'], ink: '#050a0e', text: '#ffffff' },
  { back: ['#1db954', '#0b6e4f'], accent: ['#f4f1de', '#191414'], ink: '#0a2e1f', text: '#ffffff' },
  { back: ['#8e2de2', '#4a00e0'], accent: ['#ff6ec7', '#00f5d4'], ink: '#1a0033', text: '#ffffff' },
  { back: ['#f7f3e3', '#e8d9b5'], accent: ['#d1495b', '#00798c'], ink: '#2e282a', text: '#2e282a' },
  { back: ['#ee0979', '#ff6a00'], accent: ['#fff3b0', '#3d0c45'], ink: '#2b0320', text: '#ffffff' },
  { back: ['#1e3c72', '#2a5298'], accent: ['#f9c80e', '#f86624'], ink: '#0b1633', text: '#ffffff' },
  { back: ['#134e5e', '#71b280'], accent: ['#f2e94e', '#e94f37'], ink: '#0b2a33', text: '#ffffff' },
  { back: ['#232526', '#414345'], accent: ['#e0e0e0', '#ff4c29'], ink: '#0d0d0d', text: '#ffffff' },
  { back: ['#fbd3e9', '#bb377d'], accent: ['#ffffff', '#3a0842'], ink: '#3a0842', text: '#ffffff' },
  { back: ['#00b4db', '#0083b0'], accent: ['#fdfcdc', '#f07167'], ink: '#00304a', text: '#ffffff' },
  { back: ['#f12711', '#f5af19'], accent: ['#1a1a40', '#fff8e7'], ink: '#3b0a00', text: '#ffffff' },
  { back: ['#a8e063', '#56ab2f'], accent: ['#204e4a', '#fcf6bd'], ink: '#16351f', text: '#ffffff' },
  { back: ['#2c3e50', '#4ca1af'], accent: ['#f6d55c', '#ed553b'], ink: '#101820', text: '#ffffff' },
  { back: ['#ffecd2', '#fcb69f'], accent: ['#6a0572', '#ab83a1'], ink: '#3c1642', text: '#3c1642' },
  { back: ['#3a1c71', '#d76d77'], accent: ['#ffaf7b', '#1f1147'], ink: '#1f1147', text: '#ffffff' },
  { back: ['#000428', '#004e92'], accent: ['#00f2fe', '#f5f5f5'], ink: '#00020f', text: '#ffffff' },
  { back: ['#e6dada', '#274046'], accent: ['#f2a65a', '#772f1a'], ink: '#141e20', text: '#ffffff' },
  { back: ['#c31432', '#240b36'], accent: ['#ffd166', '#06d6a0'], ink: '#14051e', text: '#ffffff' },
  { back: ['#fceabb', '#f8b500'], accent: ['#5c2a9d', '#e63946'], ink: '#3d2400', text: '#2d1a00' },
  { back: ['#16222a', '#3a6073'], accent: ['#e76f51', '#e9c46a'], ink: '#0a1217', text: '#ffffff' },
  { back: ['#ff9a9e', '#fad0c4'], accent: ['#2d3047', '#1b998b'], ink: '#2d3047', text: '#2d3047' },
  { back: ['#0b8793', '#360033'], accent: ['#f7b801', '#f18701'], ink: '#1c0019', text: '#ffffff' },
  { back: ['#d4fc79', '#96e6a1'], accent: ['#227c9d', '#fe6d73'], ink: '#17324d', text: '#17324d' },
];

/** Formats a coordinate with at most two decimals, so output is short and stable. */
function n(value: number): string {
  const rounded = Math.round(value * 100) / 100;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Characters XML 1.0 forbids; a title is user data and must not break the document. */
// oxlint-disable-next-line no-control-regex
const forbiddenInXml = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/** A drawing context: the random stream, the palette and a prefix that keeps element ids unique. */
interface Art {
  random: Random;
  palette: Palette;
  /** Prefix for gradient and clip ids, unique per image, so several inlined SVGs do not clash. */
  uid: string;
}

function linearGradient(id: string, from: string, to: string, angle: 0 | 1 | 2 | 3): string {
  // Four directions: top to bottom, left to right and the two diagonals.
  const [x1, y1, x2, y2] = [
    [0, 0, 0, 1],
    [0, 0, 1, 0],
    [0, 0, 1, 1],
    [1, 0, 0, 1],
  ][angle] ?? [0, 0, 0, 1];
  return `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;
}

function backgroundGradient(art: Art): { defs: string; fill: string } {
  const id = `${art.uid}bg`;
  const angle = art.random.int(0, 3) as 0 | 1 | 2 | 3;
  const [a, b] = art.random.chance(0.5) ? art.palette.back : [art.palette.back[1], art.palette.back[0]];
  return { defs: linearGradient(id, a, b, angle), fill: `url(#${id})` };
}

// ---------------------------------------------------------------------------------------------
// Album covers: six abstract compositions.

function albumSun(art: Art): string {
  const { random, palette } = art;
  const bg = backgroundGradient(art);
  const cx = random.float(35, 65);
  const cy = random.float(38, 55);
  const r = random.float(20, 30);
  const sunId = `${art.uid}sun`;
  const clipId = `${art.uid}sc`;
  // Retro sun: horizontal gaps that widen towards the horizon.
  let gaps = '';
  for (let i = 0; i < 6; i++) {
    const y = cy + (i * r) / 6;
    gaps += `<rect x="0" y="${n(y)}" width="100" height="${n(0.6 + i * 0.55)}" fill="${palette.back[1]}"/>`;
  }
  const horizon = cy + r * random.float(0.55, 0.95);
  let ridge = `M0 ${n(horizon)}`;
  const peaks = random.int(3, 6);
  for (let i = 1; i <= peaks; i++) {
    ridge += ` L${n((i * 100) / peaks - 50 / peaks)} ${n(horizon - random.float(4, 18))} L${n((i * 100) / peaks)} ${n(horizon - random.float(0, 5))}`;
  }
  ridge += ' L100 100 L0 100 Z';
  return (
    `<defs>${bg.defs}${linearGradient(sunId, palette.accent[1], palette.accent[0], 0)}` +
    `<clipPath id="${clipId}"><circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}"/></clipPath></defs>` +
    `<rect width="100" height="100" fill="${bg.fill}"/>` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fill="url(#${sunId})"/>` +
    `<g clip-path="url(#${clipId})">${gaps}</g>` +
    `<path d="${ridge}" fill="${palette.ink}" fill-opacity="0.85"/>`
  );
}

function albumGrid(art: Art): string {
  const { random, palette } = art;
  const cells = random.pick([2, 3, 3, 4]);
  const size = 100 / cells;
  const colours = [palette.back[0], palette.back[1], palette.accent[0], palette.accent[1], palette.ink];
  let out = `<rect width="100" height="100" fill="${palette.back[0]}"/>`;
  for (let row = 0; row < cells; row++) {
    for (let col = 0; col < cells; col++) {
      const x = col * size;
      const y = row * size;
      const base = random.pick(colours);
      const shape = random.pick(colours.filter((colour) => colour !== base));
      out += `<rect x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" fill="${base}"/>`;
      const rotate = `rotate(${random.int(0, 3) * 90} ${n(x + size / 2)} ${n(y + size / 2)})`;
      switch (random.int(0, 4)) {
        case 0: // quarter circle from a corner
          out += `<path d="M${n(x)} ${n(y)} H${n(x + size)} A${n(size)} ${n(size)} 0 0 1 ${n(x)} ${n(y + size)} Z" fill="${shape}" transform="${rotate}"/>`;
          break;
        case 1: // half circle on an edge
          out += `<path d="M${n(x)} ${n(y + size)} A${n(size / 2)} ${n(size / 2)} 0 0 1 ${n(x + size)} ${n(y + size)} Z" fill="${shape}" transform="${rotate}"/>`;
          break;
        case 2:
          out += `<circle cx="${n(x + size / 2)}" cy="${n(y + size / 2)}" r="${n(size * random.float(0.2, 0.42))}" fill="${shape}"/>`;
          break;
        case 3: // triangle
          out += `<path d="M${n(x)} ${n(y + size)} L${n(x + size)} ${n(y + size)} L${n(x + size)} ${n(y)} Z" fill="${shape}" transform="${rotate}"/>`;
          break;
        default: // left plain, so the grid breathes
          break;
      }
    }
  }
  return out;
}

function albumWaves(art: Art): string {
  const { random, palette } = art;
  const bg = backgroundGradient(art);
  const colours = [palette.accent[0], palette.accent[1], palette.ink, palette.back[0]];
  let out = `<defs>${bg.defs}</defs><rect width="100" height="100" fill="${bg.fill}"/>`;
  const layers = random.int(4, 6);
  for (let i = 0; i < layers; i++) {
    const y = 30 + (i * 60) / layers + random.float(-4, 4);
    const a = random.float(6, 16);
    const b = random.float(-14, 14);
    out +=
      `<path d="M0 ${n(y)} C${n(random.float(15, 35))} ${n(y - a)} ${n(random.float(60, 80))} ${n(y + a + b)} 100 ${n(y + b / 2)} L100 100 L0 100 Z" ` +
      `fill="${colours[i % colours.length] ?? palette.ink}" fill-opacity="${n(0.45 + (i / layers) * 0.5)}"/>`;
  }
  return out;
}

function albumRings(art: Art): string {
  const { random, palette } = art;
  const cx = random.float(30, 70);
  const cy = random.float(30, 70);
  let out = `<rect width="100" height="100" fill="${palette.back[1]}"/>`;
  const rings = random.int(5, 9);
  for (let i = rings; i >= 1; i--) {
    const colour = i % 2 === 0 ? palette.accent[0] : palette.accent[1];
    out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(i * random.float(6, 9))}" fill="none" stroke="${colour}" stroke-width="${n(random.float(1, 4))}" stroke-opacity="${n(0.5 + random.float(0, 0.5))}"/>`;
  }
  out += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(random.float(3, 7))}" fill="${palette.back[0]}"/>`;
  return out;
}

function albumStripes(art: Art): string {
  const { random, palette } = art;
  const bg = backgroundGradient(art);
  const angle = random.pick([-60, -45, -30, 30, 45, 60]);
  const colours = [palette.accent[0], palette.accent[1], palette.ink, palette.back[0]];
  let bands = '';
  for (let x = -60; x < 160;) {
    const width = random.float(4, 16);
    if (random.chance(0.6)) {
      bands += `<rect x="${n(x)}" y="-60" width="${n(width)}" height="220" fill="${random.pick(colours)}" fill-opacity="${n(random.float(0.6, 1))}"/>`;
    }
    x += width + random.float(2, 10);
  }
  return (
    `<defs>${bg.defs}</defs><rect width="100" height="100" fill="${bg.fill}"/>` +
    `<g transform="rotate(${angle} 50 50)">${bands}</g>`
  );
}

function albumOrbs(art: Art): string {
  const { random, palette } = art;
  const blurId = `${art.uid}blur`;
  const colours = [palette.accent[0], palette.accent[1], palette.back[0], palette.back[1]];
  let orbs = '';
  const count = random.int(3, 5);
  for (let i = 0; i < count; i++) {
    orbs += `<circle cx="${n(random.float(10, 90))}" cy="${n(random.float(10, 90))}" r="${n(random.float(18, 38))}" fill="${colours[i % colours.length] ?? palette.ink}"/>`;
  }
  return (
    `<defs><filter id="${blurId}" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="${n(random.float(7, 12))}"/></filter></defs>` +
    `<rect width="100" height="100" fill="${palette.ink}"/>` +
    `<g filter="url(#${blurId})">${orbs}</g>` +
    `<circle cx="${n(random.float(30, 70))}" cy="${n(random.float(30, 70))}" r="${n(random.float(6, 14))}" fill="none" stroke="${palette.text}" stroke-width="0.8" stroke-opacity="0.7"/>`
  );
}

const albumLayouts = [albumSun, albumGrid, albumWaves, albumRings, albumStripes, albumOrbs];

// ---------------------------------------------------------------------------------------------
// Portraits and avatars.

function person(art: Art, fill: string, scale: number, dx: number): string {
  const { random } = art;
  const headRx = random.float(12, 15);
  const headRy = headRx * random.float(1.1, 1.3);
  const headY = 42;
  const shoulders = random.float(28, 36);
  let hair = '';
  switch (random.int(0, 4)) {
    case 0: // curls: a big round crown behind the head
      hair = `<circle cx="50" cy="${n(headY - 4)}" r="${n(headRx * 1.45)}" fill="${fill}"/>`;
      break;
    case 1: // long hair down to the shoulders
      hair = `<rect x="${n(50 - headRx * 1.2)}" y="${n(headY - headRy)}" width="${n(headRx * 2.4)}" height="${n(headRy * 2.3)}" rx="${n(headRx)}" fill="${fill}"/>`;
      break;
    case 2: // a bun on top
      hair = `<circle cx="50" cy="${n(headY - headRy + 1)}" r="${n(headRx * 0.55)}" fill="${fill}"/>`;
      break;
    default: // short hair: the head alone
      break;
  }
  const shoulderY = headY + headRy + 6;
  const body =
    `<path d="M${n(50 - shoulders)} 100 C${n(50 - shoulders)} ${n(shoulderY + 8)} ${n(50 - shoulders * 0.5)} ${n(shoulderY)} 50 ${n(shoulderY)} ` +
    `C${n(50 + shoulders * 0.5)} ${n(shoulderY)} ${n(50 + shoulders)} ${n(shoulderY + 8)} ${n(50 + shoulders)} 100 Z" fill="${fill}"/>` +
    `<rect x="${n(50 - headRx * 0.45)}" y="${n(headY + headRy * 0.6)}" width="${n(headRx * 0.9)}" height="${n(shoulderY - headY - headRy * 0.6 + 2)}" fill="${fill}"/>`;
  const head = `<ellipse cx="50" cy="${n(headY)}" rx="${n(headRx)}" ry="${n(headRy)}" fill="${fill}"/>`;
  // Scaled about the bottom centre, so the shoulders stay on the bottom edge.
  return `<g transform="translate(${n(50 + dx)} 100) scale(${n(scale)}) translate(-50 -100)">${hair}${body}${head}</g>`;
}

function artistPortrait(art: Art): string {
  const { random, palette } = art;
  const backId = `${art.uid}glow`;
  const figureId = `${art.uid}fig`;
  const [light, dark] = random.chance(0.5) ? palette.back : [palette.back[1], palette.back[0]];
  const haloX = random.float(25, 75);
  const haloY = random.float(20, 50);
  return (
    `<defs><radialGradient id="${backId}" cx="${n(haloX / 100)}" cy="${n(haloY / 100)}" r="0.9">` +
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></radialGradient>` +
    linearGradient(figureId, palette.ink, palette.accent[random.int(0, 1)] ?? palette.ink, 0) +
    `</defs><rect width="100" height="100" fill="url(#${backId})"/>` +
    `<circle cx="${n(haloX)}" cy="${n(haloY)}" r="${n(random.float(22, 34))}" fill="${palette.accent[0]}" fill-opacity="0.35"/>` +
    person(art, `url(#${figureId})`, random.float(0.9, 1.15), random.float(-8, 8))
  );
}

/** Whether a `#rrggbb` colour is light enough to need dark text on it (relative luminance). */
function isLight(hex: string): boolean {
  const value = Number.parseInt(hex.slice(1), 16);
  const r = (value >> 16) & 255;
  const g = (value >> 8) & 255;
  const b = value & 255;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 150;
}

function initials(title: string): string {
  const words = title.split(/\s+/).filter((word) => word.length > 0);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : [words[0]];
  return letters.map((word) => (word === undefined ? '' : (Array.from(word)[0] ?? '').toUpperCase())).join('');
}

function userAvatar(art: Art, title: string | undefined): string {
  const { random, palette } = art;
  const background = random.pick([palette.back[0], palette.back[1], palette.accent[0], palette.accent[1]]);
  const foreground = isLight(background) ? palette.ink : '#ffffff';
  const letters = title ? initials(title) : '';
  if (letters) {
    return (
      `<rect width="100" height="100" fill="${background}"/>` +
      `<text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="${fontFamily}" font-weight="700" font-size="${letters.length > 1 ? 40 : 48}" fill="${foreground}" fill-opacity="0.85">${escapeXml(letters)}</text>`
    );
  }
  return (
    `<rect width="100" height="100" fill="${background}"/>` +
    person(art, foreground, 0.8, 0).replace('<g ', '<g opacity="0.7" ')
  );
}

// ---------------------------------------------------------------------------------------------
// Titles, for playlists, categories and shows when the caller knows the name.

const fontFamily = 'system-ui, -apple-system, Segoe UI, Roboto, Helvetica, Arial, sans-serif';

/** Breaks a title into at most `maxLines` lines of about `width` characters, with an ellipsis when cut. */
export function wrapTitle(title: string, width: number, maxLines: number): string[] {
  const words = title
    .trim()
    .split(/\s+/)
    .filter((word) => word.length > 0);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= width || !line) {
      line = candidate;
    } else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const clip = (text: string): string => (text.length > width ? `${text.slice(0, width - 1).trimEnd()}…` : text);
  if (lines.length <= maxLines) return lines.map(clip);
  const kept = lines.slice(0, maxLines);
  const last = kept[maxLines - 1] ?? '';
  kept[maxLines - 1] = `${last.length >= width ? last.slice(0, width - 1).trimEnd() : last}…`;
  return kept.map(clip);
}

function titleBlock(title: string, colour: string, shadow: string, anchor: 'top' | 'bottom'): string {
  const lines = wrapTitle(title, 12, 3);
  const longest = Math.max(...lines.map((line) => line.length), 1);
  // Bold sans-serif runs about 0.6 em per character; keep the text within 84 units.
  const size = Math.min(16, 84 / (longest * 0.6));
  const lineHeight = size * 1.08;
  const top = anchor === 'top' ? 10 + size : 92 - lineHeight * (lines.length - 1);
  const tspans = lines
    .map((line, index) => `<tspan x="8" y="${n(top + index * lineHeight)}">${escapeXml(line)}</tspan>`)
    .join('');
  return (
    `<text font-family="${fontFamily}" font-weight="800" font-size="${n(size)}" letter-spacing="-0.02em" fill="${colour}" ` +
    `stroke="${shadow}" stroke-opacity="0.15" stroke-width="0.6" paint-order="stroke">${tspans}</text>`
  );
}

// ---------------------------------------------------------------------------------------------
// Playlists, categories, shows and episodes.

function playlistCover(art: Art, title: string | undefined): string {
  const { random, palette } = art;
  const bg = backgroundGradient(art);
  const x = random.float(55, 80);
  // Below the title when there is one.
  const y = title ? random.float(72, 88) : random.float(55, 80);
  const shapes =
    `<circle cx="${n(x)}" cy="${n(y)}" r="${n(random.float(28, 40))}" fill="${palette.accent[0]}" fill-opacity="0.85"/>` +
    `<rect x="${n(x - random.float(30, 45))}" y="${n(y - random.float(5, 20))}" width="${n(random.float(30, 45))}" height="${n(random.float(30, 45))}" rx="${n(random.float(0, 8))}" ` +
    `fill="${palette.accent[1]}" fill-opacity="0.8" transform="rotate(${random.int(-20, 20)} ${n(x)} ${n(y)})"/>` +
    `<circle cx="${n(random.float(10, 40))}" cy="${n(random.float(60, 90))}" r="${n(random.float(4, 9))}" fill="${palette.text}" fill-opacity="0.6"/>`;
  return (
    `<defs>${bg.defs}</defs><rect width="100" height="100" fill="${bg.fill}"/>${shapes}` +
    (title ? titleBlock(title, palette.text, palette.ink, 'top') : '')
  );
}

function categoryTile(art: Art, title: string | undefined): string {
  const { random, palette } = art;
  const cardId = `${art.uid}card`;
  const tilt = random.int(18, 30);
  // Like a browse tile: a small cover tilted into the bottom-right corner.
  return (
    `<defs>${linearGradient(cardId, palette.accent[0], palette.accent[1], 2)}</defs>` +
    `<rect width="100" height="100" fill="${palette.back[random.int(0, 1)] ?? palette.back[0]}"/>` +
    `<g transform="rotate(${tilt} 82 82)">` +
    `<rect x="60" y="58" width="44" height="44" rx="2" fill="url(#${cardId})"/>` +
    `<circle cx="82" cy="80" r="${n(random.float(8, 14))}" fill="${palette.ink}" fill-opacity="0.35"/>` +
    `</g>` +
    (title ? titleBlock(title, palette.text, palette.ink, 'top') : '')
  );
}

function microphone(colour: string, x: number, y: number, scale: number): string {
  return (
    `<g transform="translate(${n(x)} ${n(y)}) scale(${n(scale)})" fill="none" stroke="${colour}" stroke-width="3.2" stroke-linecap="round">` +
    `<rect x="-7" y="-22" width="14" height="26" rx="7" fill="${colour}" stroke="none"/>` +
    `<path d="M-12 -2 A12 12 0 0 0 12 -2"/><path d="M0 10 V18"/><path d="M-8 18 H8"/></g>`
  );
}

function showCover(art: Art, title: string | undefined): string {
  const { random, palette } = art;
  const bg = backgroundGradient(art);
  const cx = random.float(60, 75);
  const cy = title ? random.float(30, 42) : random.float(45, 55);
  let waves = '';
  for (let i = 1; i <= 4; i++) {
    waves += `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(10 + i * 9)}" fill="none" stroke="${palette.accent[i % 2] ?? palette.accent[0]}" stroke-width="${n(2.6 - i * 0.4)}" stroke-opacity="${n(0.9 - i * 0.17)}"/>`;
  }
  return (
    `<defs>${bg.defs}</defs><rect width="100" height="100" fill="${bg.fill}"/>${waves}` +
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="14" fill="${palette.ink}" fill-opacity="0.55"/>` +
    microphone(palette.text, cx, cy + 3, 0.55) +
    (title ? titleBlock(title, palette.text, palette.ink, 'bottom') : '')
  );
}

function episodeCover(art: Art, title: string | undefined): string {
  const { random, palette } = art;
  const bg = backgroundGradient(art);
  const bars = random.int(14, 28);
  const gap = 100 / (bars + 1);
  const width = Math.min(3.2, gap * 0.55);
  const centre = title ? 36 : 50;
  // A speech-like envelope: a few bumps of random width and height, with jitter per bar.
  const bumps = random.int(1, 3);
  const heights = Array.from({ length: bumps }, () => random.float(0.5, 1));
  const phase = random.float(0, 1);
  let wave = '';
  for (let i = 0; i < bars; i++) {
    const t = ((i / bars) * bumps + phase) % bumps;
    const bump = Math.floor(t);
    const local = t - bump;
    const envelope = (1 - Math.abs(2 * local - 1)) * (heights[bump] ?? 1);
    const height = 4 + 36 * envelope * random.float(0.4, 1);
    wave += `<rect x="${n(gap * (i + 1) - width / 2)}" y="${n(centre - height / 2)}" width="${n(width)}" height="${n(height)}" rx="${n(width / 2)}"/>`;
  }
  const played = random.int(3, bars - 3);
  return (
    `<defs>${bg.defs}</defs><rect width="100" height="100" fill="${bg.fill}"/>` +
    `<g fill="${palette.text}" fill-opacity="0.9">${wave}</g>` +
    `<rect x="${n(gap * played)}" y="${n(centre - 24)}" width="1" height="48" fill="${palette.accent[0]}"/>` +
    (title ? titleBlock(title, palette.text, palette.ink, 'bottom') : '')
  );
}

// ---------------------------------------------------------------------------------------------

/**
 * The image of one catalog object as an SVG document, `size` pixels square. The same
 * arguments always give the same string. `title`, when given, is written on playlist,
 * category, show and episode images and becomes the initials of a user's avatar.
 */
export function renderImage(kind: ImageKind, id: string, size: number, title?: string): string {
  if (!isImageKind(kind)) throw new RangeError(`Unknown image kind "${String(kind)}"`);
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new RangeError(`Bad image size ${size}`);
  const random = new Random(`image:${kind}:${id}`);
  const palette = random.pick(palettes);
  const uid = `i${random.int(0, 0xffffff).toString(16)}`;
  const art: Art = { random, palette, uid };
  const cleanTitle = title?.replace(forbiddenInXml, '').trim() || undefined;

  let body: string;
  switch (kind) {
    case 'album':
      body = random.pick(albumLayouts)(art);
      break;
    case 'artist':
      body = artistPortrait(art);
      break;
    case 'user':
      body = userAvatar(art, cleanTitle);
      break;
    case 'playlist':
      body = playlistCover(art, cleanTitle);
      break;
    case 'category':
      body = categoryTile(art, cleanTitle);
      break;
    case 'show':
      body = showCover(art, cleanTitle);
      break;
    case 'episode':
      body = episodeCover(art, cleanTitle);
      break;
  }
  const label = cleanTitle ? ` aria-label="${escapeXml(cleanTitle)}"` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100" role="img"${label}>` +
    (cleanTitle ? `<title>${escapeXml(cleanTitle)}</title>` : '') +
    `${body}</svg>`
  );
}
