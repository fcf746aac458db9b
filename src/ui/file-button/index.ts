export { FileButton } from './FileButton';
