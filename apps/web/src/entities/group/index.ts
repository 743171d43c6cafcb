export { groupQueries } from './group-queries';
