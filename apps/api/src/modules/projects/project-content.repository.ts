import { and, desc, eq } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.js';
import { insertOne, updateWhere } from '../../db/insert.js';
import { type CursorValue, newestFirst } from '../../lib/pagination.js';
import { projectDocuments, projectImages, projectImpacts, projectUpdates } from './projects.table.js';

export type UpdateRow = typeof projectUpdates.$inferSelect;
export type ImpactRow = typeof projectImpacts.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;
export type DocumentRow = typeof projectDocuments.$inferSelect;

/** A table of things a project keeps in a list (its pictures, its documents). */
type ProjectList = PgTable & { id: AnyPgColumn; projectId: AnyPgColumn };

/**
 * The SQL of one of a project's lists (its pictures, its documents): add a row, read the project's
 * rows in the order they were added, delete one of them (undefined when the project has no such row).
 */
function projectList<Table extends ProjectList>(table: Table) {
  type Row = Table['$inferSelect'];
  return {
    insert(db: Executor, values: Table['$inferInsert']): Promise<Row> {
      return insertOne(db, table, values);
    },
    list(db: Executor, projectId: number, limit: number): Promise<Row[]> {
      return db
        .select()
        .from(table as PgTable)
        .where(eq(table.projectId, projectId))
        .orderBy(table.id)
        .limit(limit) as Promise<Row[]>;
    },
    async remove(db: Executor, projectId: number, id: number): Promise<Row | undefined> {
      const [row] = (await db
        .delete(table)
        .where(and(eq(table.id, id), eq(table.projectId, projectId)))
        .returning()) as Row[];
      return row;
    },
  };
}

const gallery = projectList(projectImages);
const documentList = projectList(projectDocuments);

/** SQL of a project's updates, impact statements, gallery and documents. */
export const projectContentRepository = {
  insertUpdate(db: Executor, values: typeof projectUpdates.$inferInsert): Promise<UpdateRow> {
    return insertOne(db, projectUpdates, values);
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

  insertImpact(db: Executor, values: typeof projectImpacts.$inferInsert): Promise<ImpactRow> {
    return insertOne(db, projectImpacts, values);
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

  insertImage: gallery.insert,
  images: gallery.list,
  /** Deletes a picture of the project; undefined when the project has no such picture. */
  deleteImage: gallery.remove,

  insertDocument: documentList.insert,
  documents: documentList.list,
  /** Deletes a document of the project; undefined when the project has no such document. */
  deleteDocument: documentList.remove,
};
