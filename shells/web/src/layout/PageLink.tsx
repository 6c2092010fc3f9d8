import { Link, type LinkProps } from 'react-router-dom';
import { type PreloadablePath, preloadPage } from '../app/pages';

/** A link to `/login`, `/register` or `/forgot-password` that loads the page's code when a pointer, a finger or the focus reaches it. */
export function PageLink({ to, ...props }: Omit<LinkProps, 'to'> & { to: PreloadablePath }) {
  const preload = () => preloadPage(to);
  return <Link to={to} onPointerEnter={preload} onTouchStart={preload} onFocus={preload} {...props} />;
}
