import { StrictMode, type ReactNode } from 'react';
import { IslandHydrated } from './lib/island.tsx';

export interface IslandFrameProps {
  onHydrated?: () => void;
  children: ReactNode;
}

/**
 * What every island runs in, on the server and in the browser alike. No router: on a page served as islands there
 * is no app to navigate within, so the kit's links are its default plain anchors, which load their page (and the
 * router's code is not loaded there at all).
 */
export function IslandFrame({ onHydrated, children }: IslandFrameProps) {
  return (
    <StrictMode>
      <IslandHydrated onHydrated={onHydrated}>{children}</IslandHydrated>
    </StrictMode>
  );
}
