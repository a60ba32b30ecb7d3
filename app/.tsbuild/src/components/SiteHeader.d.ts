import type { ReactNode } from 'react';
interface SiteHeaderProps {
  /** Links shown on the right; the brand on the left always leads home. */
  children?: ReactNode;
}
export declare function SiteHeader({ children }: SiteHeaderProps): import('react').JSX.Element;
export {};
