export { Stack, Cluster } from './Stack';
