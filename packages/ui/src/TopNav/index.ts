export { TopNav, type TopNavProps } from './TopNav';
export { MobileMenu, type MobileMenuProps, type MobileMenuGroup } from './MobileMenu';
