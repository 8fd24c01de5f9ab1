import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { useLanguageStore } from '../stores/language.ts';
import { buildBreadcrumbs } from './breadcrumbs.ts';
import { useRouteTrail } from './useRouteTrail.ts';

// On a narrow screen only the last crumb, the page, is shown (layout.css): the trail above it
// would not fit beside the navbar's buttons.
export function Breadcrumbs() {
  const trail = useRouteTrail();
  const lang = useLanguageStore((s) => s.lang);
  const t = useT();
  const items = useMemo(() => {
    const crumbs = buildBreadcrumbs(trail, lang, t('systemHome'));
    return crumbs.map((crumb, i) => ({
      key: crumb.key,
      // only the page shown is the current one; a group without a page of its own is plain text
      title: crumb.to ? (
        <Link to={crumb.to}>{crumb.title}</Link>
      ) : i === crumbs.length - 1 ? (
        <span aria-current="page">{crumb.title}</span>
      ) : (
        crumb.title
      ),
    }));
  }, [trail, lang, t]);
  return (
    <nav className="navbar-breadcrumb" data-testid="breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}
