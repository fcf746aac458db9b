export * from './Icon';
export { iconPaths, type IconName } from './paths';
