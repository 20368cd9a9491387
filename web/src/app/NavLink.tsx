import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

interface NavLinkProps {
  to: string;
  className: (active: boolean) => string;
  children: ReactNode;
  /** Active only on this exact path (the default), or also below it. */
  prefix?: boolean;
}

/** A link that knows when its screen is the one shown, and says so to assistive technology. */
export function NavLink({ to, className, children, prefix = false }: NavLinkProps) {
  const [location] = useLocation();
  const active = location === to || (prefix && location.startsWith(`${to}/`));
  return (
    <Link to={to} className={className(active)} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}
