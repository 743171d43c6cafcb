/**
 * The projects module's face (docs/architecture.md, "Module faces"): what other modules may import
 * from it. Reads are `projectsQueries`; the writes another module may ask for, `projectsWrites`.
 */
export type { ProjectAccess } from './project-access.js';
export { needsProgress } from './project-views.js';
export {
  PROJECT_FILE_FOLDERS,
  type ProjectProgressDelta,
  type ProjectRow,
  projectsQueries,
  projectsWrites,
  withUnfolded,
} from './projects.repository.js';
/**
 * For reads and joins only (explore's searches, decision 010): another module never writes it, and
 * reads a project through `projectsQueries` where a join is not needed.
 */
export { projects as projectsForJoins } from './projects.table.js';
