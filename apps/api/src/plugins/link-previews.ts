import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { negotiate } from '@fastify/accept-negotiator';
import { FUNDRAISER_PICTURE_SIZES, imageUrl, pictureSrcSet } from '@kindred/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { AppError } from '../lib/errors.js';
import {
  type CachedAnswer,
  type CacheTag,
  COMPRESS_MIN_BYTES,
  charityTag,
  compress,
  type Encoding,
  etagOf,
  projectTag,
} from '../lib/public-cache.js';
import type { Services } from '../services.js';
import {
  escapeHtml,
  type LinkPreview,
  type PreviewPicture,
  previewTags,
  SITE_CARD,
  SITE_NAME,
  shortText,
  withPreview,
} from './link-preview-tags.js';
import { type PageAnswer, REVALIDATE } from './web.js';

/**
 * Link previews (docs/product/link-previews.md, decision 048): the HTML of a public page carries
 * its title, summary and picture as Open Graph and Twitter card tags, for the crawlers of chat
 * apps and social sites, which run no JavaScript. The built index.html is read once (again when a
 * new build replaces it) and the page's tags written into its <head> per request; the result is
 * kept in the public cache (decision 014) under the page's tag, so the events that drop its public
 * answers (an edit, a new cover, a status change, a charity's change) drop its preview too.
 *
 * A page is previewed only when the public API would show it to a visitor: the loaders ask the
 * same services as `GET /api/project/:id` and `GET /api/charity/:id` do, as a visitor. A draft,
 * hidden or unknown id gets the plain page, which says nothing of it.
 */

export interface PreviewPage {
  /** What the preview shows, or a 404 (AppError) when a visitor may not see the page. */
  load(id: number): Promise<LinkPreview>;
  /**
   * The public cache's tag of what it shows: the events that drop it drop the preview. None: a page
   * whose public answers are not kept either is built afresh for each request.
   */
  tag?: (id: number) => CacheTag;
  /**
   * The page's route module, by its key in the build's manifest: its chunks are fetched with the
   * HTML (`modulepreload`), not once the app's entry has run and asked for them.
   */
  module?: string;
}

/**
 * The pages with previews, by the first segment of their path (`/projects/:id`). A new one is one
 * entry here and its loader. A fundraising page has no tag: its public answers are not kept
 * (decision 051), so its preview is built afresh for each request.
 */
export function previewPages(services: Services): Record<string, PreviewPage> {
  return {
    projects: { tag: projectTag, load: (id) => projectPreview(services, id) },
    charities: { tag: charityTag, load: (id) => charityPreview(services, id) },
    fundraisers: {
      load: (id) => fundraiserPreview(services, id),
      module: 'src/app/routes/fundraiser-screens.tsx',
    },
  };
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/**
 * A stored picture's largest variant with its size, or undefined when it cannot be stated (a file
 * missing from the storage, or not public).
 */
async function storedPicture(
  services: Services,
  url: string,
  alt: string,
  shape: PreviewPicture['shape'],
): Promise<PreviewPicture | undefined> {
  try {
    const size = await services.files.publicPictureSize(url, 'big');
    return size && { path: imageUrl(url, 'big'), ...size, alt, type: 'image/webp', shape };
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/** A project: its summary, and its cover (or its logo, or its charity's logo). */
async function projectPreview(services: Services, id: number): Promise<LinkPreview> {
  const project = await services.projects.get(id, null);
  let picture: PreviewPicture | undefined;
  if (project.cover) {
    const gallery = await services.projectContent.images(id, null);
    const caption = gallery.items.find((image) => image.url === project.cover)?.caption?.trim();
    picture = await storedPicture(
      services,
      project.cover,
      caption || `Cover picture of ${project.title}`,
      'wide',
    );
  }
  if (!picture && project.logo) {
    picture = await storedPicture(services, project.logo, `Logo of ${project.title}`, 'small');
  }
  if (!picture && project.charity?.logo) {
    picture = await storedPicture(services, project.charity.logo, `Logo of ${project.charity.name}`, 'small');
  }
  const fallback = project.charity
    ? `A project of ${project.charity.name} on ${SITE_NAME}.`
    : `A project on ${SITE_NAME}.`;
  return {
    path: `/projects/${id}`,
    title: project.title,
    description: shortText(project.summary?.trim() || project.description?.trim() || fallback),
    picture: picture ?? SITE_CARD,
  };
}

/** A charity: what it says of itself, and its logo. */
async function charityPreview(services: Services, id: number): Promise<LinkPreview> {
  const charity = await services.charities.get(id, null);
  const picture = charity.logo
    ? await storedPicture(services, charity.logo, `Logo of ${charity.name}`, 'small')
    : undefined;
  return {
    path: `/charities/${id}`,
    title: charity.name,
    description: shortText(
      charity.description?.trim() ||
        `${charity.name} is a charity on ${SITE_NAME}: give to it and its projects.`,
    ),
    picture: picture ?? SITE_CARD,
  };
}

/** A fundraising page: its story, and its own picture (or its cause's cover or logo). */
async function fundraiserPreview(services: Services, id: number): Promise<LinkPreview> {
  const page = await services.fundraisers.get(null, id);
  const cause = page.project?.name ?? page.charity.name;
  let picture: PreviewPicture | undefined;
  if (page.picture) picture = await storedPicture(services, page.picture, `Picture of ${page.title}`, 'wide');
  if (!picture && page.cause_picture)
    picture = await storedPicture(
      services,
      page.cause_picture,
      page.project ? `Cover picture of ${cause}` : `Logo of ${cause}`,
      page.project ? 'wide' : 'small',
    );
  // The page leads with its own picture or its project's cover, across its main column.
  const lead = page.picture ?? (page.project ? page.cause_picture : null);
  return {
    path: `/fundraisers/${id}`,
    title: page.title,
    description: shortText(`${page.fundraiser.name} is raising money for ${cause}. ${page.story.trim()}`),
    picture: picture ?? SITE_CARD,
    ...(lead ? { lead: { srcset: pictureSrcSet(lead, 'gallery'), sizes: FUNDRAISER_PICTURE_SIZES } } : {}),
  };
}

/** Vite's build manifest: each source module's chunk and the chunks it imports. */
type Manifest = Record<string, { file: string; imports?: string[]; isEntry?: boolean }>;

async function readManifest(file: string): Promise<Manifest> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Manifest;
  } catch {
    // A build without its manifest: the pages preload nothing more.
    return {};
  }
}

/** A module's chunks with the chunks they import, but those the entry brings already. */
function routeChunks(manifest: Manifest, key: string): string[] {
  const closure = (start: string[], seen = new Set<string>()) => {
    for (const name of start) {
      if (seen.has(name) || !manifest[name]) continue;
      seen.add(name);
      closure(manifest[name]?.imports ?? [], seen);
    }
    return seen;
  };
  const entry = closure(Object.keys(manifest).filter((name) => manifest[name]?.isEntry));
  return [...closure([key])].filter((name) => !entry.has(name)).map((name) => manifest[name]?.file as string);
}

/** The largest id a page's path may name (ids are 32-bit). */
const MAX_ID = 2_147_483_647;
const HTML = 'text/html; charset=utf-8';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** The page hook for plugins/web.ts: answers a previewed page, or leaves it to the plain page. */
export function linkPreviews(ctx: AppContext, pages: Record<string, PreviewPage>): PageAnswer {
  const kinds = Object.keys(pages).join('|');
  const pattern = new RegExp(`^/(${kinds})/([1-9][0-9]{0,9})/?$`);
  let template:
    | { version: number; html: string; manifest: Manifest; chunks: Map<string, string[]> }
    | undefined;

  /**
   * The built index.html and the build's manifest, read again only when a new build has replaced
   * them, with each route module's chunks worked out once for that build.
   */
  async function page(indexFile: string) {
    const { mtimeMs } = await stat(indexFile);
    if (template?.version !== mtimeMs)
      template = {
        version: mtimeMs,
        html: await readFile(indexFile, 'utf8'),
        manifest: await readManifest(path.join(path.dirname(indexFile), '.vite', 'manifest.json')),
        chunks: new Map(),
      };
    return template;
  }

  /** A route module's chunks in this build (see `routeChunks`), worked out on its first page. */
  function chunksOf(built: NonNullable<typeof template>, module: string): string[] {
    let chunks = built.chunks.get(module);
    if (!chunks) {
      chunks = routeChunks(built.manifest, module);
      built.chunks.set(module, chunks);
    }
    return chunks;
  }

  async function render(request: FastifyRequest, kind: string, id: number, indexFile: string) {
    const entry = pages[kind];
    if (!entry) return undefined;
    const built = await page(indexFile);
    const { version, html } = built;
    const key = `page:/${kind}/${id}@${version}`;
    const tag = entry.tag?.(id);
    const kept = tag === undefined ? undefined : ctx.publicCache.get(key);
    if (kept) return kept;
    if (tag !== undefined) ctx.publicCache.countMiss();
    const generation = ctx.publicCache.generation();
    let preview: LinkPreview;
    try {
      preview = await entry.load(id);
    } catch (error) {
      // Not shown to visitors: the plain page. Anything else (the database away): the plain page
      // too, which shows the app's own answer once it runs.
      if (!isNotFound(error)) request.log.warn({ err: error }, 'link preview failed');
      return undefined;
    }
    const modules = entry.module ? chunksOf(built, entry.module) : [];
    const preloads = modules.map(
      (file) => `\n    <link rel="modulepreload" crossorigin href="/${escapeHtml(file)}" />`,
    );
    const body = Buffer.from(
      withPreview(html, previewTags(preview, ctx.config.publicUrl) + preloads.join('')),
    );
    return (
      (tag === undefined ? undefined : ctx.publicCache.set(key, tag, body, HTML, generation)) ??
      ({ body, etag: etagOf(body), contentType: HTML, tag: tag ?? '', encoded: {} } satisfies CachedAnswer)
    );
  }

  function send(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
    reply.header('cache-control', REVALIDATE);
    reply.header('etag', answer.etag);
    reply.header('vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === answer.etag) return reply.code(304).send();
    reply.type(HTML);
    const header = request.headers['accept-encoding'];
    const encoding = header ? ((negotiate(header, ENCODINGS) as Encoding | null) ?? undefined) : undefined;
    if (!encoding || answer.body.length < COMPRESS_MIN_BYTES) return reply.send(answer.body);
    reply.header('content-encoding', encoding);
    return reply.send(answer.encoded[encoding] ?? compress(answer.body, encoding));
  }

  return async (request, reply, indexFile) => {
    const match = pattern.exec(request.url.split('?')[0] ?? '');
    const id = Number(match?.[2]);
    if (!match?.[1] || id > MAX_ID) return undefined;
    const answer = await render(request, match[1], id, indexFile);
    return answer && send(request, reply, answer);
  };
}
