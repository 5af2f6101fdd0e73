export { TopNav, type TopNavProps, type TopNavMenuTitles } from './TopNav';
export { MobileMenu, type MobileMenuProps, type MobileMenuGroup } from './MobileMenu';
