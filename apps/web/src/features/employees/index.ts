export { CsvOnboardingSection } from './components/csv-onboarding';
export { EmployeeGroupsSection } from './components/employee-groups';
