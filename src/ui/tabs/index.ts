export { TabNav } from './TabNav';
