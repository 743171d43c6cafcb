export { ProjectListSection, type ProjectListSectionProps } from './components/project-list';
export { NewProjectScreen, ProjectRoute, ProjectScreen } from './components/project-screen';
