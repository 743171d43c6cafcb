import type { PageQuery } from '@kindred/shared';
import type { AuthUser } from '../../authz/access.js';
import type { AppContext } from '../../context.js';
import type { Db, Tx } from '../../db/client.js';
import { conflict, notFound } from '../../lib/errors.js';
import { pageKeyset, toPage } from '../../lib/pagination.js';
import { deleteUpload, replacePicture, storeUpload, type UploadSource } from '../../lib/uploads.js';
import type { ProjectAccess } from './project-access.js';
import {
  projectContentRepository as content,
  type DocumentRow,
  type ImageRow,
  type ImpactRow,
  type UpdateRow,
} from './project-content.repository.js';
import type { ProjectLifecycleService } from './project-lifecycle.service.js';
import { PROJECT_STATUS } from './project-status.js';
import type { FileLink } from './project-views.js';
import { type ProjectRow, projectsRepository } from './projects.repository.js';

const post = (row: UpdateRow) => ({
  id: row.id,
  project_id: row.projectId,
  title: row.title,
  body: row.body,
  created_at: row.createdAt.toISOString(),
});
const impact = (row: ImpactRow, link: FileLink) => ({
  ...post(row),
  beneficiaries: row.beneficiaries,
  images: row.images.map(link),
});
const image = (row: ImageRow, link: FileLink) => ({
  id: row.id,
  project_id: row.projectId,
  url: link(row.url),
  caption: row.caption,
  created_at: row.createdAt.toISOString(),
});
const document = (row: DocumentRow, link: FileLink) => ({
  id: row.id,
  project_id: row.projectId,
  name: row.name,
  url: link(row.url),
  mime: row.mime,
  size: row.size,
  created_at: row.createdAt.toISOString(),
});

/** Updates, impact statements, gallery, documents and logo of a project. */
export function projectContentService(
  ctx: AppContext,
  projects: ProjectAccess,
  lifecycle: Pick<ProjectLifecycleService, 'payOutToCharity' | 'saveStatus'>,
) {
  const db = () => ctx.database.db;

  /** A change to what the project shows, with its `project.changed` event, in one transaction. */
  async function changing<T>(project: ProjectRow, write: (tx: Tx) => Promise<T>): Promise<T> {
    return db().transaction(async (tx) => {
      const result = await write(tx);
      await projects.changed(tx, project);
      return result;
    });
  }

  /** What the project keeps of one kind (impact statements, pictures, documents), as `viewer` may see it. */
  async function shown<Row, Shown>(
    id: number,
    viewer: AuthUser | null,
    rows: (db: Db) => Promise<Row[]>,
    show: (row: Row, link: FileLink) => Shown,
  ) {
    await projects.viewable(id, viewer);
    const link = projects.fileLink(viewer?.id);
    return { items: (await rows(db())).map((row) => show(row, link)) };
  }

  /** Deletes a picture or document of the project, then its file; `what` is not found when there is none. */
  async function removeFile(
    project: ProjectRow,
    remove: (tx: Tx) => Promise<{ url: string } | undefined>,
    what: string,
  ) {
    const row = await changing(project, remove);
    if (!row) throw notFound(what);
    await deleteUpload(ctx.storage, row.url);
  }

  async function openForPosts(id: number, user: AuthUser) {
    const row = await projects.manageable(id, user);
    if (row.status === PROJECT_STATUS.cancelled)
      throw conflict('PROJECT_CLOSED', 'A Cancelled project takes no more posts.');
    return row;
  }

  return {
    async addUpdate(body: { project_id: number; title: string; body: string }, user: AuthUser) {
      const project = await openForPosts(body.project_id, user);
      const row = await changing(project, (tx) =>
        content.insertUpdate(tx, {
          projectId: body.project_id,
          title: body.title,
          body: body.body,
          createdBy: user.id,
          createdAt: ctx.now(),
        }),
      );
      return post(row);
    },

    async updates(id: number, viewer: AuthUser | null, query: PageQuery) {
      await projects.viewable(id, viewer);
      const rows = await content.updates(db(), id, pageKeyset(query, ['time', 'id']));
      return toPage(rows, query, (row) => [row.createdAt.toISOString(), row.id], post);
    },

    /**
     * Publishing an impact statement finishes a Live or Completed project
     * (docs/product/projects-and-charities.md#transitions).
     */
    async addImpact(
      id: number,
      body: { title: string; body: string; beneficiaries?: number | null | undefined },
      user: AuthUser,
    ) {
      const row = await projects.manageable(id, user);
      const { live, completed, finished } = PROJECT_STATUS;
      if (![live, completed, finished].includes(row.status as 2 | 3 | 9)) {
        throw conflict(
          'INVALID_TRANSITION',
          'Impact statements are for Live, Completed or Finished projects.',
        );
      }
      return db().transaction(async (tx) => {
        const created = await content.insertImpact(tx, {
          projectId: id,
          title: body.title,
          body: body.body,
          beneficiaries: body.beneficiaries ?? null,
          createdBy: user.id,
          createdAt: ctx.now(),
        });
        if (row.status !== finished || row.finishedReason === 'end_date') {
          // The project has told what it achieved: what it raised goes to the charity.
          await lifecycle.payOutToCharity(tx, row, user.id);
          await lifecycle.saveStatus(tx, row, { status: finished, finishedReason: 'impact' });
        } else await projects.changed(tx, row);
        return impact(created, projects.fileLink(user.id));
      });
    },

    async impacts(id: number, viewer: AuthUser | null) {
      return shown(id, viewer, (db) => content.impacts(db, id, 100), impact);
    },

    async addImpactImage(id: number, readFile: UploadSource, user: AuthUser) {
      const project = await projects.manageable(id, user);
      const upload = await readFile();
      const [latest] = await content.impacts(db(), id, 1);
      if (!latest) throw conflict('NO_IMPACT', 'Publish an impact statement before adding its pictures.');
      const stored = await storeUpload(ctx.storage, 'impact', upload);
      const row = await changing(project, (tx) =>
        content.setImpactImages(tx, latest.id, [...latest.images, stored.url]),
      );
      if (!row) throw new Error('impact vanished');
      return impact(row, projects.fileLink(user.id));
    },

    async addImage(id: number, readFile: UploadSource, caption: string | null, user: AuthUser) {
      const project = await openForPosts(id, user);
      const upload = await readFile();
      const stored = await storeUpload(ctx.storage, 'gallery', upload);
      const row = await changing(project, (tx) =>
        content.insertImage(tx, {
          projectId: id,
          url: stored.url,
          caption,
          createdBy: user.id,
          createdAt: ctx.now(),
        }),
      );
      return image(row, projects.fileLink(user.id));
    },

    async images(id: number, viewer: AuthUser | null) {
      return shown(id, viewer, (db) => content.images(db, id, 200), image);
    },

    async removeImage(projectId: number, imageId: number, user: AuthUser) {
      const project = await projects.manageable(projectId, user);
      await removeFile(project, (tx) => content.deleteImage(tx, projectId, imageId), 'The picture');
      return { message: 'Picture deleted' };
    },

    async addDocument(id: number, readFile: UploadSource, user: AuthUser) {
      const project = await openForPosts(id, user);
      const upload = await readFile();
      const stored = await storeUpload(ctx.storage, 'documents', upload);
      const name = (upload.originalName || 'document').replace(/[^\w .()-]+/g, '_').slice(0, 150);
      const row = await changing(project, (tx) =>
        content.insertDocument(tx, {
          projectId: id,
          name,
          url: stored.url,
          mime: upload.mime,
          size: stored.size,
          createdBy: user.id,
          createdAt: ctx.now(),
        }),
      );
      return document(row, projects.fileLink(user.id));
    },

    async documents(id: number, viewer: AuthUser | null) {
      return shown(id, viewer, (db) => content.documents(db, id, 200), document);
    },

    /** `charityId` is the project's charity, or 0 for a project that has none (yet). */
    async removeDocument(charityId: number, projectId: number, documentId: number, user: AuthUser) {
      const project = await projects.manageable(projectId, user);
      if ((project.charityId ?? 0) !== charityId) throw notFound('The document');
      await removeFile(project, (tx) => content.deleteDocument(tx, projectId, documentId), 'The document');
      return { message: 'Document deleted' };
    },

    async setLogo(id: number, readFile: UploadSource, user: AuthUser) {
      const row = await projects.manageable(id, user);
      const updated = await replacePicture(ctx.storage, 'logos', readFile, row.logo, (url) =>
        changing(row, (tx) => projectsRepository.update(tx, id, { logo: url }, ctx.now())),
      );
      return projects.present(updated, user, true);
    },
  };
}
