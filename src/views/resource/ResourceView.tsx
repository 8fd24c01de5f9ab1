// 'resource/<name>' routes: the generated list page of that manifest resource, with its client.

import { Result } from 'antd';
import { ResourcePage } from '../../../runtime/ui/ResourcePage.tsx';
import { useResources } from '../../../runtime/ui/ResourcesContext.tsx';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';
import { useCan } from '../../stores/useCan.ts';

export interface ResourceViewProps {
  name: string;
}

export default function ResourceView({ name }: ResourceViewProps) {
  const client = useResources().clientFor(name);
  const lang = useLanguageStore((s) => s.lang);
  const can = useCan();
  const t = useT();
  // a menu entry naming a resource this build does not have
  if (!client) return <Result status="404" title={name} subTitle={t('resourceMissing')} />;
  return <ResourcePage key={name} resource={client.resource} client={client} lang={lang} can={can} />;
}
