export { AdminCharitiesScreen } from './components/charity-review';
