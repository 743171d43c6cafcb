export { CharityFundraisers, type CharityFundraisersProps } from './components/charity-fundraisers';
