import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { insertedRow, updateWhere } from '../../db/insert.js';
import { type CursorValue, newestFirst } from '../../lib/pagination.js';
import { projectDocuments, projectImages, projectImpacts, projectUpdates } from './projects.table.js';

export type UpdateRow = typeof projectUpdates.$inferSelect;
export type ImpactRow = typeof projectImpacts.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;
export type DocumentRow = typeof projectDocuments.$inferSelect;

/** SQL of a project's updates, impact statements, gallery and documents. */
export const projectContentRepository = {
  async insertUpdate(db: Executor, values: typeof projectUpdates.$inferInsert): Promise<UpdateRow> {
    return insertedRow(await db.insert(projectUpdates).values(values).returning());
  },

  /** A project's updates, newest first, keyset paged on (created_at, id). */
  updates(
    db: Executor,
    projectId: number,
    page: { cursor?: CursorValue[] | undefined; before: boolean; limit: number },
  ) {
    const keyset = newestFirst(projectUpdates.createdAt, projectUpdates.id, page.cursor, page.before);
    return db
      .select()
      .from(projectUpdates)
      .where(and(eq(projectUpdates.projectId, projectId), ...keyset.conditions))
      .orderBy(...keyset.order)
      .limit(page.limit);
  },

  async insertImpact(db: Executor, values: typeof projectImpacts.$inferInsert): Promise<ImpactRow> {
    return insertedRow(await db.insert(projectImpacts).values(values).returning());
  },

  /** A project's impact statements, newest first. */
  impacts(db: Executor, projectId: number, limit: number): Promise<ImpactRow[]> {
    return db
      .select()
      .from(projectImpacts)
      .where(eq(projectImpacts.projectId, projectId))
      .orderBy(desc(projectImpacts.createdAt), desc(projectImpacts.id))
      .limit(limit);
  },

  async setImpactImages(db: Executor, impactId: number, images: string[]): Promise<ImpactRow | undefined> {
    return updateWhere(db, projectImpacts, { images }, eq(projectImpacts.id, impactId));
  },

  async insertImage(db: Executor, values: typeof projectImages.$inferInsert): Promise<ImageRow> {
    return insertedRow(await db.insert(projectImages).values(values).returning());
  },

  images(db: Executor, projectId: number, limit: number): Promise<ImageRow[]> {
    return db
      .select()
      .from(projectImages)
      .where(eq(projectImages.projectId, projectId))
      .orderBy(projectImages.id)
      .limit(limit);
  },

  /** Deletes a picture of the project; undefined when the project has no such picture. */
  async deleteImage(db: Executor, projectId: number, imageId: number): Promise<ImageRow | undefined> {
    const [row] = await db
      .delete(projectImages)
      .where(and(eq(projectImages.id, imageId), eq(projectImages.projectId, projectId)))
      .returning();
    return row;
  },

  async insertDocument(db: Executor, values: typeof projectDocuments.$inferInsert): Promise<DocumentRow> {
    return insertedRow(await db.insert(projectDocuments).values(values).returning());
  },

  documents(db: Executor, projectId: number, limit: number): Promise<DocumentRow[]> {
    return db
      .select()
      .from(projectDocuments)
      .where(eq(projectDocuments.projectId, projectId))
      .orderBy(projectDocuments.id)
      .limit(limit);
  },

  /** Deletes a document of the project; undefined when the project has no such document. */
  async deleteDocument(
    db: Executor,
    projectId: number,
    documentId: number,
  ): Promise<DocumentRow | undefined> {
    const [row] = await db
      .delete(projectDocuments)
      .where(and(eq(projectDocuments.id, documentId), eq(projectDocuments.projectId, projectId)))
      .returning();
    return row;
  },
};
