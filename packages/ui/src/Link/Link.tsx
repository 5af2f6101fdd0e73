import { createContext, forwardRef, useContext, type AnchorHTMLAttributes, type ComponentType, type ReactNode, type Ref } from 'react';

/** The props every link component receives: `to` is the app path (or any URL). */
export interface LinkComponentProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  children?: ReactNode;
  ref?: Ref<HTMLAnchorElement>;
}

export type LinkComponent = ComponentType<LinkComponentProps>;

/** The default: a plain anchor, so the kit never imports a router. */
export const DefaultLink: LinkComponent = forwardRef<HTMLAnchorElement, LinkComponentProps>(function DefaultLink(
  { to, ...rest },
  ref,
) {
  return <a ref={ref} href={to} {...rest} />;
});

const LinkContext = createContext<LinkComponent>(DefaultLink);

export interface LinkProviderProps {
  /** The app's link component, e.g. a react-router `Link` adapter taking `to`. */
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
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, ...rest }, ref) {
  const Component = useLinkComponent();
  if (isExternal(to)) return <a ref={ref} href={to} {...rest} />;
  return <Component ref={ref} to={to} {...rest} />;
});
