export { MyGivingScreen } from './components/my-giving-screen';
