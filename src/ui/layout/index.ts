export { Stack, Cluster, type StackProps, type ClusterProps } from './Stack';
