export { CharityPage, type CharityPageProps } from './components/charity-page';
export {
  type MapPlace,
  type NeedTotalsOf,
  ProjectPage,
  type ProjectPageProps,
} from './components/project-page';
