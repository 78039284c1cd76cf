export { TakeTour } from './components/take-tour';
export { FirstTimeWalkthrough } from './components/first-time-walkthrough';
