/**
 * The tags of a link preview in a page's <head> (docs/product/link-previews.md): the title and
 * description, Open Graph and Twitter card tags and the canonical link, every value HTML-escaped.
 * Pure: what the page shows comes from the loaders in plugins/link-previews.ts.
 */

export const SITE_NAME = 'Kindred';
/** Longest description kept whole; a longer one is cut at a word and ends with an ellipsis. */
export const DESCRIPTION_MAX = 200;

/** A picture of the preview; `path` is the site's own (`/api/files/…_big.webp`, `/share-card.png`). */
export interface PreviewPicture {
  path: string;
  width: number;
  height: number;
  alt: string;
  type: 'image/webp' | 'image/png';
  /** How it is best shown: wide (a cover, the site's card) or square-ish and small (a logo). */
  shape: 'wide' | 'small';
}

/** What a page's preview shows. */
export interface LinkPreview {
  /** The page's own path, its canonical address under the public URL (`/projects/12`). */
  path: string;
  title: string;
  description: string;
  picture: PreviewPicture;
  /**
   * The picture that leads the page, fetched with the HTML (a preload with the image's own srcset
   * and sizes) rather than once the app has asked for the page's data.
   */
  lead?: { srcset: string; sizes: string };
}

/** The site's own card, for a page with no picture of its own (apps/web/public/share-card.png). */
export const SITE_CARD: PreviewPicture = {
  path: '/share-card.png',
  width: 1200,
  height: 630,
  alt: 'Kindred: give funds, time, skills and gifts to charities and their projects.',
  type: 'image/png',
  shape: 'wide',
};

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an element's content and a quoted attribute alike. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * A text as a preview's description: its spaces and lines made single spaces, and when longer than
 * `max`, cut at the last word that fits, with an ellipsis.
 */
export function shortText(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  // The last space that leaves room for the ellipsis; a word longer than half the text is cut.
  const space = flat.lastIndexOf(' ', max - 1);
  const kept = flat.slice(0, space > max / 2 ? space : max - 1).replace(/[\s,;:.–—-]+$/, '');
  return `${kept}…`;
}

/** The tags for `<head>`, one a line; `origin` is the site's public URL without a trailing slash. */
export function previewTags(preview: LinkPreview, origin: string): string {
  const url = `${origin}${preview.path}`;
  const picture = preview.picture;
  const image = `${origin}${picture.path}`;
  const meta = (attribute: 'name' | 'property', key: string, value: string | number) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(String(value))}" />`;
  return [
    `<title>${escapeHtml(`${preview.title} · ${SITE_NAME}`)}</title>`,
    meta('name', 'description', preview.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', picture.type),
    meta('property', 'og:image:width', picture.width),
    meta('property', 'og:image:height', picture.height),
    meta('property', 'og:image:alt', picture.alt),
    meta('name', 'twitter:card', picture.shape === 'wide' ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', picture.alt),
    ...(preview.lead
      ? [
          `<link rel="preload" as="image" imagesrcset="${escapeHtml(preview.lead.srcset)}" imagesizes="${escapeHtml(preview.lead.sizes)}" fetchpriority="high" />`,
        ]
      : []),
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s+name="description"[^>]*>\s*/i;

/**
 * The page with the preview's tags in its <head>, in place of the app's own title and description
 * (or before `</head>` when it has none).
 */
export function withPreview(page: string, tags: string): string {
  const withoutDescription = page.replace(DESCRIPTION, '');
  // A function as replacement: `$` in a title is text, not a replacement pattern.
  if (TITLE.test(withoutDescription)) return withoutDescription.replace(TITLE, () => tags);
  return withoutDescription.replace(/<\/head>/i, () => `  ${tags}\n  </head>`);
}
