export { TopNav, type TopNavProps, type TopNavMenuTitles } from './TopNav.tsx';
export { MobileMenu, type MobileMenuProps, type MobileMenuGroup } from './MobileMenu.tsx';
