export { ProjectListSection, type ProjectListSectionProps } from './components/project-list';
export {
  NewProjectScreen,
  ProjectRoute,
  ProjectScreen,
  type ProjectScreenSlots,
} from './components/project-screen';
