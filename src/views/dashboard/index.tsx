// "My home" (spec §2 /dashboard): the figures GET /api/sys/dashboard gives (counts, the unread
// reported messages, contents published per month, the newest contents, recent sign-ins) and a
// calendar of publications. Each card shows only what the user may list (the server leaves the
// other figures out as well): accounts, sessions and sign-ins need the users list.

import {
  FileTextOutlined,
  MessageOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Col, Row, Statistic } from 'antd';
import dayjs from 'dayjs';
import { Link } from 'react-router-dom';
import { useResources } from '../../../runtime/ui/ResourcesContext.tsx';
import { dashboardQuery } from '../../api/dashboard.ts';
import { ContentsChart } from '../../components/dashboard/ContentsChart.tsx';
import { Panel } from '../../components/dashboard/Panel.tsx';
import { PublishCalendar } from '../../components/dashboard/PublishCalendar.tsx';
import { RecentContents } from '../../components/dashboard/RecentContents.tsx';
import { RecentLogins } from '../../components/dashboard/RecentLogins.tsx';
import { REPORTS_PATH } from '../../config.ts';
import { useT } from '../../i18n/useT.ts';
import { useLanguageStore } from '../../stores/language.ts';
import { useSessionStore } from '../../stores/session.ts';
import { useCan } from '../../stores/useCan.ts';
import { chineseWeekday } from '../../utils/time.ts';

/** A figure not yet arrived: a dash of the figure's own height, so nothing moves when it comes. */
const PENDING = '–';

export default function DashboardPage() {
  const t = useT();
  const lang = useLanguageStore((s) => s.lang);
  const name = useSessionStore((s) => s.name);
  const can = useCan();
  const { clientFor } = useResources();
  const contents = can('cms:contents:list') ? clientFor('contents') : undefined;
  const reports = can('cms:reportedmessages:list') && clientFor('reportedmessages') !== undefined;
  const accounts = can('sys:users:list');

  const figures = useQuery(dashboardQuery);

  const data = figures.data;
  const loading = figures.isPending;
  const contentCount = data?.resources.find((resource) => resource.name === 'contents')?.count;
  const unreadCount = data?.unreadReports ?? 0;
  const now = dayjs();
  const today =
    lang === 'zh'
      ? `${now.format('YYYY年MM月DD日')} 星期${chineseWeekday(now)}`
      : now.locale('en').format('dddd, D MMMM YYYY');

  return (
    <div className="dashboard" data-testid="dashboard">
      <div className="dashboard-head">
        <h2>{t('welcome', { name })}</h2>
        <span className="dashboard-today">{today}</span>
        <Button
          icon={<ReloadOutlined aria-hidden />}
          aria-label={t('refresh')}
          loading={figures.isFetching}
          onClick={() => figures.refetch()}
        />
      </div>
      {figures.isError && (
        // plain markup, as the panels: the dashboard is kept within its load budget (docs/benchmarks.md)
        <div className="dashboard-failed" role="alert">
          <div>
            <strong>{t('dashboardFailed')}</strong>
            <div>{figures.error.message}</div>
          </div>
          <Button onClick={() => figures.refetch()}>{t('retry')}</Button>
        </div>
      )}
      {/* the figures in a row of their own, so the panels below start on a line of their own */}
      <Row gutter={[16, 16]} style={{ marginBottom: contents || reports || accounts ? 16 : 0 }}>
        {contents && (
          <Col xs={24} sm={12} lg={6}>
            <Panel>
              <Statistic
                title={t('contentsCount')}
                value={contentCount ?? PENDING}
                prefix={<FileTextOutlined aria-hidden />}
              />
            </Panel>
          </Col>
        )}
        {reports && (
          <Col xs={24} sm={12} lg={6}>
            <Panel data-testid="unread-reports">
              <Statistic
                title={
                  <Link to={`${REPORTS_PATH}?f.status=0`}>
                    <Badge dot={unreadCount > 0} offset={[6, 0]}>
                      {t('unreadReports')}
                    </Badge>
                  </Link>
                }
                value={data?.unreadReports ?? PENDING}
                prefix={<MessageOutlined aria-hidden />}
              />
            </Panel>
          </Col>
        )}
        {accounts && (
          <Col xs={24} sm={12} lg={6}>
            <Panel data-testid="users-count">
              <Statistic
                title={t('users')}
                value={data?.users ?? PENDING}
                prefix={<UserOutlined aria-hidden />}
              />
            </Panel>
          </Col>
        )}
        {accounts && (
          <Col xs={24} sm={12} lg={6}>
            <Panel data-testid="active-sessions">
              <Statistic
                title={t('activeSessions')}
                value={data?.activeSessions ?? PENDING}
                prefix={<SafetyCertificateOutlined aria-hidden />}
              />
            </Panel>
          </Col>
        )}
      </Row>
      <Row gutter={[16, 16]}>
        {contents && (
          <Col xs={24} lg={16}>
            <Panel title={t('contentsPerMonth')}>
              {loading ? (
                <div className="chart-placeholder" />
              ) : data?.contentsPerMonth ? (
                <ContentsChart
                  months={data.contentsPerMonth}
                  label={t('contentsPerMonth')}
                  monthHeader={t('month')}
                  countHeader={t('published')}
                />
              ) : (
                <p className="chart-placeholder panel-empty">{t('contentsPerMonthMissing')}</p>
              )}
            </Panel>
          </Col>
        )}
        <Col xs={24} lg={8}>
          <Panel title={t('calendar')}>
            <PublishCalendar
              enabled={Boolean(contents)}
              thisMonth={data?.calendar}
              lang={lang}
              dayLabel={(count) => t('publishedOnDay', { count })}
              previousLabel={t('previousMonth')}
              nextLabel={t('nextMonth')}
            />
          </Panel>
        </Col>
        {contents && (
          <Col xs={24} lg={accounts ? 12 : 24}>
            <Panel title={t('recentContents')}>
              <RecentContents items={data?.recentContents} emptyText={t('noContents')} lang={lang} />
            </Panel>
          </Col>
        )}
        {accounts && (
          <Col xs={24} lg={contents ? 12 : 16}>
            <Panel title={t('recentLogins')}>
              <RecentLogins
                logins={data?.recentLogins}
                headers={{ userName: t('userName'), time: t('time'), address: t('address') }}
                emptyText={t('noLogins')}
                lang={lang}
              />
            </Panel>
          </Col>
        )}
        {data && data.resources.length > 0 && (
          <Col span={24}>
            <Panel title={t('contentFigures')}>
              <Row gutter={[16, 16]}>
                {data.resources.map((resource) => (
                  <Col key={resource.name} xs={12} sm={8} md={6} lg={4}>
                    <Statistic title={resource.title[lang]} value={resource.count} />
                  </Col>
                ))}
              </Row>
            </Panel>
          </Col>
        )}
      </Row>
    </div>
  );
}
