export { Segmented } from './Segmented';
