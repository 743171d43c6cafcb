export { projectCache } from './project-cache';
export { embedProjectPath, needsOf, publicProjectPath, STATUS_COLOURS, statusLabel } from './project-format';
export { type CharityProjectStatus, type ProjectAdmin, projectQueries } from './project-queries';
