export {
  Link,
  LinkProvider,
  DefaultLink,
  useLinkComponent,
  type LinkComponent,
  type LinkComponentProps,
  type LinkProps,
  type LinkProviderProps,
  type NavLink,
} from './Link.tsx';
