import {
  IconBell,
  IconBook,
  IconBroadcast,
  IconBuildingStore,
  IconChartCandle,
  IconChartDots,
  IconAffiliate,
  IconClipboardList,
  IconCoin,
  IconHistory,
  IconId,
  IconMail,
  IconMessages,
  IconPencilPlus,
  IconReportAnalytics,
  IconSend,
  IconSettings,
  IconSitemap,
  IconTarget,
  IconUsers,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The console's tabs (the specification's ten, plus DELIVERIES and COMMUNITY beside EMAILS, then INSTRUMENTS, ROOMS & PLANS, SETTINGS and AUDIT), in order, with their on-screen labels, all in capitals
// (the spec names three in capitals and the rest in lower case; one case reads as one console).
// Adding a tab is one entry here: its `?tab=` value, label, icon and screen (loaded when first opened).

export interface ConsoleTab {
  /** The `?tab=` value. */
  value: string;
  label: string;
  icon: Icon;
  component: LazyExoticComponent<ComponentType>;
}

/** A named export of a module, loaded when the tab is first opened. */
const load = <M extends Record<string, unknown>>(importer: () => Promise<M>, name: keyof M & string) =>
  lazy(async () => ({ default: (await importer())[name] as ComponentType }));

export const ADMIN_TABS = [
  {
    value: 'create',
    label: 'CREATE',
    icon: IconPencilPlus,
    component: load(() => import('./tabs/CreateTab'), 'CreateTab'),
  },
  {
    value: 'analysis',
    label: 'ANALYSIS',
    icon: IconChartDots,
    component: load(() => import('./tabs/AnalysisTab'), 'AnalysisTab'),
  },
  { value: 'alerts', label: 'ALERTS', icon: IconBell, component: load(() => import('./tabs/AlertsTab'), 'AlertsTab') },
  {
    value: 'history',
    label: 'HISTORY',
    icon: IconHistory,
    component: load(() => import('./tabs/HistoryTab'), 'HistoryTab'),
  },
  {
    value: 'signals',
    label: 'SIGNALS',
    icon: IconTarget,
    component: load(() => import('./tabs/SignalsTab'), 'SignalsTab'),
  },
  { value: 'users', label: 'USERS', icon: IconUsers, component: load(() => import('./users/UsersTab'), 'UsersTab') },
  {
    value: 'messages',
    label: 'MESSAGES',
    icon: IconMessages,
    component: load(() => import('./tabs/MessagesTab'), 'MessagesTab'),
  },
  {
    value: 'analysts',
    label: 'ANALYSTS',
    icon: IconId,
    component: load(() => import('./analysts/AnalystsTab'), 'AnalystsTab'),
  },
  {
    value: 'chart-notes',
    label: 'CHARTS',
    icon: IconChartCandle,
    component: load(() => import('./tabs/ChartNotesTab'), 'ChartNotesTab'),
  },
  { value: 'blog-posts', label: 'BLOG', icon: IconBook, component: load(() => import('./tabs/BlogTab'), 'BlogTab') },
  { value: 'emails', label: 'EMAILS', icon: IconMail, component: load(() => import('./tabs/EmailsTab'), 'EmailsTab') },
  {
    value: 'deliveries',
    label: 'DELIVERIES',
    icon: IconSend,
    component: load(() => import('./tabs/DeliveriesTab'), 'DeliveriesTab'),
  },
  {
    value: 'community',
    label: 'COMMUNITY',
    icon: IconUsersGroup,
    component: load(() => import('./tabs/CommunityTab'), 'CommunityTab'),
  },
  {
    value: 'analytics',
    label: 'ANALYTICS',
    icon: IconReportAnalytics,
    component: load(() => import('./tabs/AnalyticsTab'), 'AnalyticsTab'),
  },
  {
    value: 'ledger',
    label: 'LEDGER',
    icon: IconCoin,
    component: load(() => import('./tabs/LedgerTab'), 'LedgerTab'),
  },
  {
    value: 'affiliates',
    label: 'AFFILIATES',
    icon: IconAffiliate,
    component: load(() => import('./tabs/AffiliatesTab'), 'AffiliatesTab'),
  },
  {
    value: 'resources',
    label: 'T0 RESOURCES',
    icon: IconBroadcast,
    component: load(() => import('./tabs/ResourcesTab'), 'ResourcesTab'),
  },
  {
    value: 'instruments',
    label: 'INSTRUMENTS',
    icon: IconSitemap,
    component: load(() => import('./tabs/InstrumentsTab'), 'InstrumentsTab'),
  },
  {
    value: 'rooms-and-plans',
    label: 'ROOMS & PLANS',
    icon: IconBuildingStore,
    component: load(() => import('./rooms-and-plans/RoomsAndPlansTab'), 'RoomsAndPlansTab'),
  },
  {
    value: 'settings',
    label: 'SETTINGS',
    icon: IconSettings,
    component: load(() => import('./tabs/SettingsTab'), 'SettingsTab'),
  },
  {
    value: 'audit',
    label: 'AUDIT',
    icon: IconClipboardList,
    component: load(() => import('./tabs/AuditTab'), 'AuditTab'),
  },
] as const satisfies readonly ConsoleTab[];

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export const DEFAULT_TAB: AdminTab = 'create';

export const isAdminTab = (value: string | null | undefined): value is AdminTab =>
  ADMIN_TABS.some((t) => t.value === value);

/**
 * An analyst's tabs (docs/features/rooms-and-plans.md, "Analysts"): create, signals (with their
 * drafts and TradingView sources), messages (their rooms' subscribers' threads), analysis and charts;
 * the server refuses them everything else.
 */
export const ANALYST_TAB_VALUES: readonly AdminTab[] = ['create', 'signals', 'messages', 'analysis', 'chart-notes'];

/** The tabs this desk member sees. */
export const tabsFor = (kind: 'admin' | 'analyst') =>
  kind === 'admin' ? ADMIN_TABS : ADMIN_TABS.filter((t) => ANALYST_TAB_VALUES.includes(t.value));
