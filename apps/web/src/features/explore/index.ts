export { ExplorePage } from './components/explore-page';
export { LandingPage } from './components/landing-page';
export { NeedsProgress, type NeedsProgressProps } from './components/needs-progress';
export { ProjectCardList, type ProjectCardListProps } from './components/project-card-list';
export { PlaceMap, type PlaceMapProps } from './map/lazy';
export { type NeedTotals, needsProgress } from './progress';
