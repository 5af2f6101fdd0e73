import {
  createContext,
  forwardRef,
  useContext,
  type AnchorHTMLAttributes,
  type ComponentType,
  type ReactNode,
  type Ref,
} from 'react';

/** The props every link component receives: `to` is the app path (or any URL). */
export interface LinkComponentProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

export type LinkComponent = ComponentType<LinkComponentProps>;

/** A labelled link of a navigation (top bar, mobile menu, user menu). */
export interface NavLink {
  label: string;
  to: string;
  /** A short badge beside the label, e.g. 'NEW'. */
  badge?: string;
}

/** The default: a plain anchor, so the kit never imports a router. */
export const DefaultLink: LinkComponent = forwardRef<HTMLAnchorElement, LinkComponentProps>(
  function DefaultLink({ to, children, ...rest }, ref) {
    return (
      <a ref={ref} href={to} {...rest}>
        {children}
      </a>
    );
  },
);

const LinkContext = createContext<LinkComponent>(DefaultLink);

export interface LinkProviderProps {
  /**
   * The app's link component, e.g. react-router's `Link` (it takes `to`). Pass a component declared at module level:
   * its identity must not change between renders, or every link would remount.
   */
  component: LinkComponent;
  children: ReactNode;
}

/** Supplies the link component every ui link renders (as Braid's `linkComponent`). */
export function LinkProvider({ component, children }: LinkProviderProps) {
  return <LinkContext.Provider value={component}>{children}</LinkContext.Provider>;
}

export function useLinkComponent(): LinkComponent {
  return useContext(LinkContext);
}

export type LinkProps = LinkComponentProps;

const isExternal = (to: string) => /^(https?:|mailto:|tel:)/.test(to);

/** A link through the provided link component; external URLs stay plain anchors. */
export function Link({ to, children, ref, ...rest }: LinkProps) {
  const Component = useLinkComponent();
  if (isExternal(to)) {
    return (
      <a ref={ref} href={to} {...rest}>
        {children}
      </a>
    );
  }
  return (
    // eslint-disable-next-line react-hooks/static-components -- the provider's component is declared at module level by the app, so its identity is stable and links do not remount
    <Component ref={ref} to={to} {...rest}>
      {children}
    </Component>
  );
}
