import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

interface NavLinkProps {
  to: string;
  className: (active: boolean) => string;
  children: ReactNode;
  /** Active only on this exact path (the default), or also below it. */
  prefix?: boolean;
  /** -1 for a link reached by the arrow keys of its list rather than by Tab. */
  tabIndex?: number;
  onFocus?: () => void;
}

/** A link that knows when its screen is the one shown, and says so to assistive technology. */
export function NavLink({ to, className, children, prefix = false, tabIndex, onFocus }: NavLinkProps) {
  const [location] = useLocation();
  const active = location === to || (prefix && location.startsWith(`${to}/`));
  return (
    <Link
      to={to}
      className={className(active)}
      aria-current={active ? 'page' : undefined}
      tabIndex={tabIndex}
      onFocus={onFocus}
    >
      {children}
    </Link>
  );
}
