import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { projects } from '../organisations/organisations.table.js';
import { users } from '../users/users.table.js';

const projectRef = () =>
  bigint('project_id', { mode: 'number' })
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });
const createdBy = () =>
  bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' });
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull();

/** News a project posts for its supporters. */
export const projectUpdates = pgTable(
  'project_updates',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: projectRef(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('project_updates_project_idx').on(t.projectId, t.createdAt, t.id)],
);

/** What a project achieved; publishing one finishes the project. */
export const projectImpacts = pgTable(
  'project_impacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: projectRef(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    beneficiaries: integer('beneficiaries'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('project_impacts_project_idx').on(t.projectId, t.createdAt, t.id)],
);

export const projectImages = pgTable(
  'project_images',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: projectRef(),
    url: text('url').notNull(),
    caption: text('caption'),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('project_images_project_idx').on(t.projectId, t.id)],
);

export const projectDocuments = pgTable(
  'project_documents',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: projectRef(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    createdBy: createdBy(),
    createdAt: createdAt(),
  },
  (t) => [index('project_documents_project_idx').on(t.projectId, t.id)],
);
