import sharp from 'sharp';
import type { FileStorage } from '../lib/storage.js';
import { renderImage, storeImage, UPLOAD_KINDS } from '../lib/uploads.js';

/**
 * Pictures of the demo data, drawn here rather than shipped: each cause (the charity type) has its
 * colours, and each picture its own arrangement of simple shapes, rendered by sharp from SVG and
 * stored through the same storeUpload as an upload, so the demo's variants and URLs are real ones.
 */

/** Sky, land and accent colours per charity type (reference list CHARITY_TYPES, 1-based). */
const PALETTES: ReadonlyArray<readonly [string, string, string]> = [
  ['#fdf0d5', '#c06014', '#264653'], // 1 animals
  ['#e0e7f1', '#34495e', '#c0392b'], // 2 armed forces
  ['#f6e7f8', '#7b2d8b', '#f4a261'], // 3 arts and heritage
  ['#fff3c4', '#e76f51', '#2a9d8f'], // 4 children and youth
  ['#e3f2fd', '#1565c0', '#ffb703'], // 5 community
  ['#e8f5e9', '#2e7d32', '#6a1b9a'], // 6 disability
  ['#ffe5d9', '#d62828', '#003049'], // 7 disaster relief
  ['#f1ece2', '#8d6e63', '#5c6bc0'], // 8 older people
  ['#e0f7fa', '#00838f', '#f9a825'], // 9 education
  ['#dff5e1', '#2d6a4f', '#40916c'], // 10 environment
  ['#fce4ec', '#ad1457', '#00897b'], // 11
  ['#e1f5fe', '#0277bd', '#e53935'], // 12 health
  ['#ede7f6', '#4527a0', '#ff8f00'], // 13
  ['#fff8e1', '#ef6c00', '#1e88e5'], // 14
  ['#f9fbe7', '#827717', '#d84315'], // 15
  ['#e8eaf6', '#283593', '#43a047'], // 16
  ['#fbe9e7', '#bf360c', '#558b2f'], // 17
  ['#e0f2f1', '#00695c', '#f57f17'], // 18
];

function palette(charityType: number | undefined) {
  return PALETTES[((charityType ?? 1) - 1 + PALETTES.length) % PALETTES.length] ?? PALETTES[0];
}

/** A small deterministic pseudo-random sequence, so the demo draws the same pictures every time. */
function sequence(seed: number) {
  let state = (seed * 2_654_435_761) % 4_294_967_296 || 1;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) % 4_294_967_296;
    return state / 4_294_967_296;
  };
}

/** A landscape: sky, sun, two rows of hills and a few round accents. 3:2. */
export function coverSvg(charityType: number | undefined, seed: number): string {
  const [sky, land, accent] = palette(charityType) as readonly [string, string, string];
  const random = sequence(seed + 1);
  const w = 800;
  const h = 533;
  const hill = (base: number, amplitude: number) => {
    const points: string[] = [];
    for (let x = 0; x <= w; x += 100) points.push(`${x},${Math.round(base - random() * amplitude)}`);
    return `M0,${h} L${points.join(' L')} L${w},${h} Z`;
  };
  const dots = Array.from({ length: 5 }, () => {
    const r = 14 + Math.round(random() * 26);
    return `<circle cx="${Math.round(random() * w)}" cy="${Math.round(h * 0.15 + random() * h * 0.3)}" r="${r}" fill="${land}" opacity="0.25"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
<rect width="${w}" height="${h}" fill="${sky}"/>
<circle cx="${Math.round(120 + random() * 720)}" cy="${Math.round(110 + random() * 80)}" r="70" fill="${accent}" opacity="0.85"/>
${dots}
<path d="${hill(h * 0.62, 120)}" fill="${land}" opacity="0.55"/>
<path d="${hill(h * 0.8, 90)}" fill="${land}"/>
</svg>`;
}

/** A logo: a round badge in the cause's colours with a simple mark. Square. */
export function logoSvg(charityType: number | undefined, seed: number): string {
  const [sky, land, accent] = palette(charityType) as readonly [string, string, string];
  const marks = [
    `<path d="M160 230 C60 160 90 80 160 120 C230 80 260 160 160 230 Z" fill="${accent}"/>`,
    `<polygon points="160,70 185,140 260,140 200,185 222,255 160,212 98,255 120,185 60,140 135,140" fill="${accent}"/>`,
    `<path d="M90 240 C90 140 160 80 240 80 C240 180 180 240 90 240 Z" fill="${accent}"/>`,
    `<rect x="100" y="100" width="120" height="120" rx="24" transform="rotate(45 160 160)" fill="${accent}"/>`,
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
<rect width="320" height="320" fill="${sky}"/>
<circle cx="160" cy="160" r="140" fill="${land}"/>
${marks[seed % marks.length]}
</svg>`;
}

export type RenderedPicture = Awaited<ReturnType<typeof renderImage>>;

/** Draws an SVG into the variants of an upload kind (gallery pictures or logos). */
export async function renderPicture(svg: string, kind: 'gallery' | 'logo'): Promise<RenderedPicture> {
  const data = await sharp(Buffer.from(svg)).png().toBuffer();
  return renderImage(data, UPLOAD_KINDS[kind].variants);
}

/** Stores a drawn picture as its own files (one copy per owner, so deleting one leaves the others). */
export async function storePicture(
  storage: FileStorage,
  folder: 'gallery' | 'logos' | 'fundraisers',
  picture: RenderedPicture,
): Promise<string> {
  return (await storeImage(storage, folder, picture)).url;
}
