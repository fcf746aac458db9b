export { TabNav, type TabNavItem, type TabNavProps } from './TabNav';
