// Banners and profile pictures for the demo people, drawn as SVG and rendered by sharp: no image files
// in the repository and nothing fetched. Each is deterministic: the same person gets the same picture.
import sharp from 'sharp';
import { hashSeed, seededRandom, type Random } from './random';

export type BannerScene = 'sea' | 'hills' | 'mountains' | 'city' | 'fields' | 'forest' | 'desert' | 'stars' | 'abstract';

export interface BannerSpec {
  scene: BannerScene;
  /** Daylight of the scene. */
  mood: 'dawn' | 'day' | 'dusk' | 'night';
}

export type AvatarSpec =
  | {
      kind: 'portrait';
      skin: number;
      hair: 'short' | 'long' | 'bun' | 'curly' | 'bald' | 'grey-short' | 'grey-bun';
      glasses?: boolean;
      background: number;
    }
  | { kind: 'motif'; motif: 'sun-waves' | 'leaf' | 'moon' | 'mountain' | 'flower'; background: number };

export const BANNER_SIZE = { width: 1600, height: 700 } as const; // the reader shows banners at 16:7
export const AVATAR_SIZE = 480;

interface Sky {
  top: string;
  bottom: string;
  sun: string;
  land: [string, string, string, string]; // far to near
}

const SKIES: Record<BannerSpec['mood'], Sky> = {
  dawn: { top: '#f6c8b3', bottom: '#fde9c9', sun: '#fff4d6', land: ['#c9a7b8', '#a98aa6', '#7d6a8f', '#4f4a6e'] },
  day: { top: '#8cc8ec', bottom: '#e4f3fb', sun: '#fffbe8', land: ['#a9cfa3', '#7fb27a', '#5a9460', '#3d7347'] },
  dusk: { top: '#3b3f7a', bottom: '#f19a6b', sun: '#ffd39a', land: ['#8e5a7a', '#6b4466', '#4a3254', '#2c2140'] },
  night: { top: '#0b1330', bottom: '#2a3a6b', sun: '#f4f1de', land: ['#26315a', '#1d2648', '#151c37', '#0d1226'] },
};

const f = (n: number) => Math.round(n * 10) / 10;

/** A smooth closed shape through points along the top, down to the bottom edge. */
function ridge(points: [number, number][], bottom: number): string {
  let d = `M ${f(points[0]![0])} ${bottom} L ${f(points[0]![0])} ${f(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const [x0, y0] = points[i]!;
    const [x1, y1] = points[i + 1]!;
    const mx = (x0 + x1) / 2;
    d += ` C ${f(mx)} ${f(y0)}, ${f(mx)} ${f(y1)}, ${f(x1)} ${f(y1)}`;
  }
  return `${d} L ${f(points[points.length - 1]![0])} ${bottom} Z`;
}

function wavyLine(r: Random, width: number, base: number, amp: number, step: number): [number, number][] {
  const pts: [number, number][] = [];
  for (let x = -step; x <= width + step; x += step) pts.push([x, base + (r.next() * 2 - 1) * amp]);
  return pts;
}

function skyDefs(sky: Sky): string {
  return `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.top}"/><stop offset="1" stop-color="${sky.bottom}"/></linearGradient>
<radialGradient id="glow"><stop offset="0" stop-color="${sky.sun}" stop-opacity="0.9"/><stop offset="0.35" stop-color="${sky.sun}" stop-opacity="0.35"/><stop offset="1" stop-color="${sky.sun}" stop-opacity="0"/></radialGradient>`;
}

function sun(r: Random, sky: Sky, W: number, y: number, size: number): string {
  const x = W * (0.2 + r.next() * 0.6);
  return `<circle cx="${f(x)}" cy="${f(y)}" r="${size * 4}" fill="url(#glow)"/><circle cx="${f(x)}" cy="${f(y)}" r="${size}" fill="${sky.sun}"/>`;
}

function stars(r: Random, W: number, H: number, n: number): string {
  let s = '';
  for (let i = 0; i < n; i++)
    s += `<circle cx="${f(r.next() * W)}" cy="${f(r.next() * H)}" r="${f(0.6 + r.next() * 1.8)}" fill="#fff" opacity="${f(0.3 + r.next() * 0.7)}"/>`;
  return s;
}

function layeredLand(r: Random, sky: Sky, W: number, H: number, tops: number[], amp: number, step: number): string {
  return tops.map((top, i) => `<path d="${ridge(wavyLine(r, W, top, amp * (1 - i * 0.15), step), H)}" fill="${sky.land[i]}"/>`).join('');
}

const SCENES: Record<BannerScene, (r: Random, sky: Sky, W: number, H: number, mood: BannerSpec['mood']) => string> = {
  sea(r, sky, W, H, mood) {
    const horizon = H * 0.55;
    let s = sun(r, sky, W, horizon - 90, 55);
    if (mood === 'night') s = stars(r, W, horizon, 140) + s;
    const headland = wavyLine(r, W * 0.4, horizon - 30, 22, 120);
    headland.push([W * 0.52, horizon]);
    s += `<path d="${ridge(headland, horizon + 2)}" fill="${sky.land[1]}" opacity="0.8"/>`;
    s += `<rect x="0" y="${horizon}" width="${W}" height="${H - horizon}" fill="url(#sea)"/>`;
    for (let i = 0; i < 26; i++) {
      const y = horizon + 8 + ((H - horizon) * i * i) / 700;
      const x = r.next() * W;
      s += `<path d="M ${f(x)} ${f(y)} q 30 -6 60 0 t 60 0" stroke="#fff" stroke-opacity="${f(0.15 + r.next() * 0.3)}" stroke-width="${f(1.5 + i / 8)}" fill="none"/>`;
    }
    const bx = W * (0.55 + r.next() * 0.3);
    const by = horizon + 70;
    s += `<path d="M ${f(bx)} ${by} l 90 0 l -14 18 l -64 0 Z" fill="${sky.land[3]}"/><path d="M ${f(bx + 44)} ${by - 2} l 0 -70 l 34 62 Z" fill="${sky.land[3]}" opacity="0.85"/>`;
    return s;
  },
  hills(r, sky, W, H) {
    let s = sun(r, sky, W, H * 0.3, 60);
    s += layeredLand(r, sky, W, H, [H * 0.5, H * 0.6, H * 0.72, H * 0.85], 40, 220);
    for (let i = 0; i < 9; i++) {
      const y = H * 0.88 + i * 11;
      s += `<path d="M 0 ${f(y)} Q ${W / 2} ${f(y - 24)} ${W} ${f(y)}" stroke="#fff" stroke-opacity="0.12" stroke-width="3" fill="none"/>`;
    }
    return s;
  },
  mountains(r, sky, W, H) {
    let s = sun(r, sky, W, H * 0.25, 45);
    [0.35, 0.48, 0.62].forEach((base, i) => {
      let d = `M -50 ${H}`;
      let caps = '';
      let x = -50;
      while (x < W + 50) {
        const peak = H * base - r.next() * H * 0.18;
        const w = 120 + r.next() * 200;
        d += ` L ${f(x + w / 2)} ${f(peak)} L ${f(x + w)} ${f(H * base + 40 + r.next() * 40)}`;
        // Snow on the far peaks: a cap that follows the slopes (each slope is 40+ px per 100 px across).
        if (i === 0) caps += `<path d="M ${f(x + w / 2)} ${f(peak)} l -24 30 l 12 -5 l 12 9 l 12 -9 l 12 5 Z" fill="#fff" opacity="0.85"/>`;
        x += w;
      }
      s += `<path d="${d} L ${W + 50} ${H} Z" fill="${sky.land[i]}"/>${caps}`;
    });
    return `${s}<path d="${ridge(wavyLine(r, W, H * 0.86, 14, 160), H)}" fill="${sky.land[3]}"/>`;
  },
  city(r, sky, W, H, mood) {
    let s = (mood === 'night' || mood === 'dusk' ? stars(r, W, H * 0.5, 90) : '') + sun(r, sky, W, H * 0.22, 38);
    for (const [layer, color] of [
      [0, sky.land[1]],
      [1, sky.land[3]],
    ] as const) {
      let x = -20;
      while (x < W) {
        const w = 60 + r.next() * 110;
        const h = H * (0.25 + r.next() * 0.35) * (layer === 0 ? 1.15 : 0.85);
        s += `<rect x="${f(x)}" y="${f(H - h)}" width="${f(w)}" height="${f(h)}" fill="${color}"/>`;
        if (layer === 1) {
          for (let wy = H - h + 14; wy < H - 12; wy += 22) {
            for (let wx = x + 10; wx < x + w - 14; wx += 18) {
              if (r.next() < 0.38)
                s += `<rect x="${f(wx)}" y="${f(wy)}" width="9" height="12" fill="#ffd98a" opacity="${f(0.55 + r.next() * 0.45)}"/>`;
            }
          }
        }
        x += w + (layer === 0 ? 4 : 10);
      }
    }
    return s;
  },
  fields(r, sky, W, H) {
    const horizon = H * 0.52;
    let s = sun(r, sky, W, horizon - 70, 70);
    s += `<path d="${ridge(wavyLine(r, W, horizon, 8, 200), H)}" fill="${sky.land[1]}"/>`;
    const colors = ['#e3c15a', '#cfa843', '#9cbb5c', '#b7cf6a', '#d9b54c'];
    for (let i = 0; i < 18; i++) {
      const x0 = (i / 18) * W * 3 - W;
      const x1 = ((i + 1) / 18) * W * 3 - W;
      s += `<path d="M ${f(W / 2 + (x0 - W / 2) * 0.08)} ${horizon} L ${f(W / 2 + (x1 - W / 2) * 0.08)} ${horizon} L ${f(x1)} ${H} L ${f(x0)} ${H} Z" fill="${colors[i % colors.length]}" opacity="0.9"/>`;
    }
    const tx = W * (0.15 + r.next() * 0.7);
    s += `<rect x="${f(tx)}" y="${f(horizon - 42)}" width="6" height="44" fill="${sky.land[3]}"/><circle cx="${f(tx + 3)}" cy="${f(horizon - 54)}" r="30" fill="${sky.land[2]}"/>`;
    return s;
  },
  forest(r, sky, W, H) {
    let s = sun(r, sky, W, H * 0.28, 50);
    [0.45, 0.6, 0.78].forEach((base, i) => {
      s += `<rect x="0" y="${f(H * base + 18)}" width="${W}" height="${H}" fill="${sky.land[i]}"/>`; // under every tree's foot
      for (let x = -30; x < W + 30; x += 26 + r.next() * 30 + i * 14) {
        const h = 80 + r.next() * 90 + i * 50;
        const w = h * 0.38;
        const y = H * base + 40 - r.next() * 20;
        s += `<path d="M ${f(x)} ${f(y - h)} L ${f(x + w / 2)} ${f(y)} L ${f(x - w / 2)} ${f(y)} Z" fill="${sky.land[i]}"/>`;
      }
    });
    return `${s}<rect x="0" y="${f(H * 0.92)}" width="${W}" height="${H}" fill="${sky.land[3]}"/>`;
  },
  desert(r, sky, W, H) {
    const sand = ['#e9c79a', '#ddb27c', '#cf9b63', '#b9834f'];
    let s = sun(r, sky, W, H * 0.3, 75);
    [0.55, 0.65, 0.77, 0.9].forEach((top, i) => {
      s += `<path d="${ridge(wavyLine(r, W, H * top, 45, 300), H)}" fill="${sand[i]}"/>`;
    });
    return s;
  },
  stars(r, sky, W, H) {
    let s = stars(r, W, H * 0.85, 320);
    s += `<ellipse cx="${W / 2}" cy="${H * 0.3}" rx="${W * 0.7}" ry="60" fill="#b9c6ff" opacity="0.18" filter="url(#soft)" transform="rotate(-14 ${W / 2} ${H * 0.3})"/>`;
    s += `<path d="${ridge(wavyLine(r, W, H * 0.8, 30, 260), H)}" fill="${sky.land[3]}"/>`;
    const dx = W * (0.6 + r.next() * 0.25);
    const dy = H * 0.8 - 10;
    s += `<rect x="${f(dx - 40)}" y="${f(dy - 40)}" width="80" height="44" fill="#1b2140"/><path d="M ${f(dx - 44)} ${f(dy - 40)} A 44 44 0 0 1 ${f(dx + 44)} ${f(dy - 40)} Z" fill="#d8dbe8"/><rect x="${f(dx - 4)}" y="${f(dy - 84)}" width="8" height="40" fill="#1b2140"/>`;
    return s;
  },
  abstract(r, _sky, W, H) {
    const colors = ['#ef8354', '#4f5d75', '#f6d365', '#2d6a4f', '#e56b6f', '#5e60ce', '#48bfe3', '#ffafcc'];
    let s = `<rect width="${W}" height="${H}" fill="#faf3e8"/>`;
    for (let i = 0; i < 14; i++) {
      const c = r.pick(colors);
      const cx = r.next() * W;
      const cy = r.next() * H;
      const rad = 60 + r.next() * 260;
      s +=
        r.next() < 0.6
          ? `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${c}" opacity="${f(0.55 + r.next() * 0.35)}"/>`
          : `<rect x="${f(cx)}" y="${f(cy)}" width="${f(rad * 1.6)}" height="${f(rad * 0.5)}" fill="${c}" opacity="0.75" transform="rotate(${f(r.next() * 90 - 45)} ${f(cx)} ${f(cy)})"/>`;
    }
    return s;
  },
};

export function bannerSvg(spec: BannerSpec, key: string): string {
  const r = seededRandom(hashSeed(`banner:${key}`));
  const { width: W, height: H } = BANNER_SIZE;
  const sky = SKIES[spec.mood];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
<defs>${skyDefs(sky)}
<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky.land[1]}"/><stop offset="1" stop-color="${sky.land[3]}"/></linearGradient>
<filter id="soft"><feGaussianBlur stdDeviation="30"/></filter></defs>
<rect width="${W}" height="${H}" fill="url(#sky)"/>${SCENES[spec.scene](r, sky, W, H, spec.mood)}</svg>`;
}

const SKINS = ['#f5d6c6', '#eac0a0', '#d9a37c', '#b97c55', '#8d5a3b', '#5e3b26'];
const HAIR = ['#2b1d16', '#5a3a22', '#a0672c', '#d6b36a', '#1a1a1a', '#7a4b3a'];
const BACKGROUNDS: [string, string][] = [
  ['#a8dadc', '#457b9d'],
  ['#ffd6a5', '#f4845f'],
  ['#caffbf', '#52b788'],
  ['#bdb2ff', '#6a4c93'],
  ['#ffc8dd', '#c9184a'],
  ['#fdffb6', '#e9c46a'],
  ['#9bf6ff', '#0077b6'],
  ['#e9edc9', '#6b705c'],
];

function portrait(spec: Extract<AvatarSpec, { kind: 'portrait' }>, r: Random): string {
  const S = AVATAR_SIZE;
  const skin = SKINS[spec.skin % SKINS.length]!;
  const grey = spec.hair.startsWith('grey');
  const hair = grey ? '#d9d9d9' : HAIR[r.int(0, HAIR.length - 1)]!;
  const shirt = ['#264653', '#e76f51', '#2a9d8f', '#6d597a', '#355070', '#b56576', '#3a5a40'][r.int(0, 6)]!;
  const cx = S / 2;
  // Framed for a round crop shown as small as 32 px: the head fills it.
  const headY = S * 0.42;
  const hr = S * 0.2;
  let back = '';
  let front = '';
  switch (spec.hair) {
    case 'long':
      back = `<rect x="${cx - hr * 1.15}" y="${headY - hr * 1.1}" width="${hr * 2.3}" height="${hr * 2.9}" rx="${hr}" fill="${hair}"/>`;
      front = `<path d="M ${cx - hr * 1.05} ${headY - hr * 0.1} Q ${cx - hr} ${headY - hr * 1.25} ${cx} ${headY - hr * 1.12} Q ${cx + hr} ${headY - hr * 1.25} ${cx + hr * 1.05} ${headY - hr * 0.1} Q ${cx + hr * 0.3} ${headY - hr * 0.85} ${cx - hr * 1.05} ${headY - hr * 0.1} Z" fill="${hair}"/>`;
      break;
    case 'bun':
    case 'grey-bun':
      back = `<circle cx="${cx}" cy="${headY - hr * 1.15}" r="${hr * 0.5}" fill="${hair}"/>`;
      front = `<path d="M ${cx - hr * 1.02} ${headY - hr * 0.05} Q ${cx - hr} ${headY - hr * 1.15} ${cx} ${headY - hr * 1.08} Q ${cx + hr} ${headY - hr * 1.15} ${cx + hr * 1.02} ${headY - hr * 0.05} Q ${cx} ${headY - hr * 0.7} ${cx - hr * 1.02} ${headY - hr * 0.05} Z" fill="${hair}"/>`;
      break;
    case 'curly':
      for (let a = 0; a < 13; a++) {
        const t = Math.PI * (1.05 + (a / 12) * 0.9);
        back += `<circle cx="${f(cx + Math.cos(t) * hr * 1.02)}" cy="${f(headY + Math.sin(t) * hr * 1.02)}" r="${f(hr * 0.34)}" fill="${hair}"/>`;
      }
      break;
    case 'short':
    case 'grey-short':
      front = `<path d="M ${cx - hr * 1.02} ${headY - hr * 0.15} Q ${cx - hr * 0.9} ${headY - hr * 1.2} ${cx} ${headY - hr * 1.1} Q ${cx + hr * 0.95} ${headY - hr * 1.15} ${cx + hr * 1.02} ${headY - hr * 0.2} Q ${cx + hr * 0.2} ${headY - hr * 0.6} ${cx - hr * 1.02} ${headY - hr * 0.15} Z" fill="${hair}"/>`;
      break;
    case 'bald':
      break;
  }
  const glasses = spec.glasses
    ? `<g fill="none" stroke="#2b2b2b" stroke-width="5"><circle cx="${cx - hr * 0.42}" cy="${headY + hr * 0.05}" r="${hr * 0.3}"/><circle cx="${cx + hr * 0.42}" cy="${headY + hr * 0.05}" r="${hr * 0.3}"/><path d="M ${cx - hr * 0.12} ${headY + hr * 0.05} h ${hr * 0.24}"/></g>`
    : '';
  return `${back}
<path d="M ${S * 0.08} ${S} Q ${S * 0.1} ${S * 0.72} ${cx} ${S * 0.7} Q ${S * 0.9} ${S * 0.72} ${S * 0.92} ${S} Z" fill="${shirt}"/>
<rect x="${cx - hr * 0.35}" y="${headY + hr * 0.6}" width="${hr * 0.7}" height="${hr * 0.9}" rx="${hr * 0.2}" fill="${skin}"/>
<circle cx="${cx}" cy="${headY}" r="${hr}" fill="${skin}"/>${front}
<g fill="#2b2b2b"><circle cx="${cx - hr * 0.42}" cy="${headY + hr * 0.07}" r="${hr * 0.07}"/><circle cx="${cx + hr * 0.42}" cy="${headY + hr * 0.07}" r="${hr * 0.07}"/></g>
<path d="M ${cx - hr * 0.3} ${headY + hr * 0.48} Q ${cx} ${headY + hr * 0.68} ${cx + hr * 0.3} ${headY + hr * 0.48}" stroke="#7a3e2e" stroke-width="5" stroke-linecap="round" fill="none"/>${glasses}`;
}

function motif(spec: Extract<AvatarSpec, { kind: 'motif' }>): string {
  const S = AVATAR_SIZE;
  const c = S / 2;
  switch (spec.motif) {
    case 'sun-waves':
      return `<circle cx="${c}" cy="${S * 0.42}" r="${S * 0.16}" fill="#fff3c4"/>${[0.62, 0.72, 0.82].map((y, i) => `<path d="M 0 ${S * y} q ${S / 8} -${S / 16} ${S / 4} 0 t ${S / 4} 0 t ${S / 4} 0 t ${S / 4} 0 V ${S} H 0 Z" fill="#ffffff" opacity="${0.25 + i * 0.2}"/>`).join('')}`;
    case 'leaf':
      return `<path d="M ${S * 0.28} ${S * 0.74} C ${S * 0.2} ${S * 0.4}, ${S * 0.5} ${S * 0.2}, ${S * 0.76} ${S * 0.24} C ${S * 0.8} ${S * 0.5}, ${S * 0.6} ${S * 0.8}, ${S * 0.28} ${S * 0.74} Z" fill="#f1faee" opacity="0.92"/><path d="M ${S * 0.26} ${S * 0.78} Q ${S * 0.5} ${S * 0.5} ${S * 0.72} ${S * 0.28}" stroke="#2d6a4f" stroke-width="6" fill="none"/>`;
    case 'moon':
      return `<mask id="crescent"><rect width="${S}" height="${S}" fill="#fff"/><circle cx="${c + S * 0.1}" cy="${c - S * 0.06}" r="${S * 0.22}" fill="#000"/></mask><circle cx="${c}" cy="${c}" r="${S * 0.24}" fill="#fdf6e3" mask="url(#crescent)"/><circle cx="${c + S * 0.2}" cy="${c + S * 0.16}" r="5" fill="#fdf6e3"/><circle cx="${c - S * 0.22}" cy="${c - S * 0.24}" r="4" fill="#fdf6e3"/>`;
    case 'mountain':
      return `<path d="M ${S * 0.1} ${S * 0.78} L ${S * 0.42} ${S * 0.3} L ${S * 0.58} ${S * 0.52} L ${S * 0.68} ${S * 0.4} L ${S * 0.92} ${S * 0.78} Z" fill="#ffffff" opacity="0.9"/><path d="M ${S * 0.42} ${S * 0.3} L ${S * 0.35} ${S * 0.41} L ${S * 0.49} ${S * 0.4} Z" fill="#cfe8ff"/>`;
    case 'flower':
      return `${Array.from({ length: 8 }, (_, i) => `<ellipse cx="${c}" cy="${c - S * 0.15}" rx="${S * 0.08}" ry="${S * 0.15}" fill="#fff" opacity="0.9" transform="rotate(${i * 45} ${c} ${c})"/>`).join('')}<circle cx="${c}" cy="${c}" r="${S * 0.08}" fill="#f4a261"/>`;
  }
}

export function avatarSvg(spec: AvatarSpec, key: string): string {
  const r = seededRandom(hashSeed(`avatar:${key}`));
  const S = AVATAR_SIZE;
  const [light, dark] = BACKGROUNDS[spec.background % BACKGROUNDS.length]!;
  const body = spec.kind === 'portrait' ? portrait(spec, r) : motif(spec);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="${S}" height="${S}" fill="url(#bg)"/>${body}</svg>`;
}

/** A banner as JPEG (what a phone photo would be). */
export function renderBanner(spec: BannerSpec, key: string): Promise<Buffer> {
  return sharp(Buffer.from(bannerSvg(spec, key)))
    .jpeg({ quality: 82, mozjpeg: false })
    .toBuffer();
}

/** A profile picture as PNG or JPEG (both kinds of upload the product accepts). */
export function renderAvatar(spec: AvatarSpec, key: string, format: 'png' | 'jpeg'): Promise<Buffer> {
  const img = sharp(Buffer.from(avatarSvg(spec, key)));
  return (format === 'png' ? img.png({ compressionLevel: 6 }) : img.jpeg({ quality: 85 })).toBuffer();
}
