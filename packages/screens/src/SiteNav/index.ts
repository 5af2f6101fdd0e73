export { SiteTopNav, type SiteTopNavProps } from './SiteTopNav.tsx';
export { SiteUserMenu, type SiteUserMenuProps } from './SiteUserMenu.tsx';
