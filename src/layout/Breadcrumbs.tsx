import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { useT } from '../i18n/useT.ts';
import { useLanguageStore } from '../stores/language.ts';
import { buildBreadcrumbs } from './breadcrumbs.ts';
import { useRouteTrail } from './useRouteTrail.ts';

export function Breadcrumbs() {
  const trail = useRouteTrail();
  const lang = useLanguageStore((s) => s.lang);
  const t = useT();
  const items = useMemo(
    () =>
      buildBreadcrumbs(trail, lang, t('systemHome')).map((crumb) => ({
        key: crumb.key,
        title: crumb.to ? (
          <Link to={crumb.to}>{crumb.title}</Link>
        ) : (
          <span aria-current="page">{crumb.title}</span>
        ),
      })),
    [trail, lang, t],
  );
  return (
    <nav className="navbar-breadcrumb" data-testid="breadcrumb">
      <Breadcrumb items={items} />
    </nav>
  );
}
