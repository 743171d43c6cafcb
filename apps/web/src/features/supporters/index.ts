export { SupportersWall, type SupportersWallProps, supporterGave } from './components/supporters-wall';
