export { Avatar, initialsOf } from './Avatar';
