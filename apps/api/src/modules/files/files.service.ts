import type { Readable } from 'node:stream';
import { IMAGE_VARIANTS, type ImageVariant } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { type PictureSize, readHead, webpSize } from '../../lib/webp-size.js';
import { PROJECT_FILE_FOLDERS, type ProjectAccess, projectsQueries } from '../projects/index.js';

/** Logos of charities, organisations and groups, people's avatars and fundraising pages' pictures: shown on public pages, names change with content. */
export const PUBLIC_FOREVER = 'public, max-age=31536000, immutable';
/** A public project's file: any cache may keep it, for a short while (it may go back to Draft). */
export const PUBLIC_PROJECT_FILE = 'public, max-age=600';
/** A file only some may see: checked on every request, kept by no cache. */
export const PRIVATE_FILE = 'private, no-store';

const VARIANT = new RegExp(`_(${IMAGE_VARIANTS.join('|')})\\.webp$`);
const PUBLIC_FOLDERS = new Set(['logos', 'avatars', 'fundraisers']);

/**
 * Uploaded files, each sent under the access rule of what it belongs to (decision 035). `key` is
 * the path under `/api/files/`; `viewer` the signed-in caller or the person a signed link names.
 */
export function filesService(ctx: AppContext, projects: ProjectAccess) {
  return {
    /** The stored URL of a file without its image variant: what owners store and links sign. */
    storedUrl(key: string): string {
      return `/api/files/${key.replace(VARIANT, '')}`;
    },

    async open(
      key: string,
      viewer: AuthUser | null,
    ): Promise<{ stream: Readable; size: number; cacheControl: string }> {
      const folder = key.slice(0, key.indexOf('/'));
      const projectFolder = (PROJECT_FILE_FOLDERS as readonly string[]).includes(folder);
      if (!projectFolder && !PUBLIC_FOLDERS.has(folder)) throw notFound('The file');
      const owner = await projectsQueries.fileOwner(ctx.database.db, folder, this.storedUrl(key));
      let cacheControl = PUBLIC_FOREVER;
      if (owner !== undefined) {
        // The project's own rule: 404 for whoever may not see it.
        const access = await projects.fileAccess(owner, viewer);
        cacheControl = access === 'public' ? PUBLIC_PROJECT_FILE : PRIVATE_FILE;
      } else if (projectFolder) {
        // A project's file that no project holds any more.
        throw notFound('The file');
      }
      const file = await ctx.storage.get(key);
      if (!file) throw notFound('The file');
      return { ...file, cacheControl };
    },

    /**
     * The width and height of one variant of a stored picture that anyone may see (a public
     * project's cover, a charity's logo), read from its header: what a link preview states
     * (decision 048). 404 as `open` answers a visitor; undefined when the file is not a picture.
     */
    async publicPictureSize(storedUrl: string, variant: ImageVariant): Promise<PictureSize | undefined> {
      if (!storedUrl.startsWith('/api/files/')) throw notFound('The file');
      const file = await this.open(`${storedUrl.slice('/api/files/'.length)}_${variant}.webp`, null);
      return webpSize(await readHead(file.stream));
    },
  };
}

export type FilesService = ReturnType<typeof filesService>;
