export { Segmented, type SegmentedProps } from './Segmented';
