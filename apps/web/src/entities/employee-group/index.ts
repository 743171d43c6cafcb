export { employeeGroupQueries } from './employee-group-queries';
