export { CharityPage, type CharityPageProps } from './components/charity-page';
export { PublicGroupPage, type PublicGroupPageProps } from './components/group-page';
export {
  type MapPlace,
  type NeedTotalsOf,
  ProjectPage,
  type ProjectPageProps,
} from './components/project-page';
