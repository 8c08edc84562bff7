// The console's tabs (spec 3 §2, plus DELIVERIES and COMMUNITY beside EMAILS, then INSTRUMENTS, SETTINGS and AUDIT), in order, with their on-screen labels, all in capitals
// (the spec names three in capitals and the rest in lower case; one case reads as one console).

export const ADMIN_TABS = [
  { value: 'create', label: 'CREATE' },
  { value: 'analysis', label: 'ANALYSIS' },
  { value: 'alerts', label: 'ALERTS' },
  { value: 'history', label: 'HISTORY' },
  { value: 'signals', label: 'SIGNALS' },
  { value: 'users', label: 'USERS' },
  { value: 'chart-notes', label: 'CHARTS' },
  { value: 'blog-posts', label: 'BLOG' },
  { value: 'emails', label: 'EMAILS' },
  { value: 'deliveries', label: 'DELIVERIES' },
  { value: 'community', label: 'COMMUNITY' },
  { value: 'analytics', label: 'ANALYTICS' },
  { value: 'resources', label: 'T0 RESOURCES' },
  { value: 'instruments', label: 'INSTRUMENTS' },
  { value: 'settings', label: 'SETTINGS' },
  { value: 'audit', label: 'AUDIT' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export const DEFAULT_TAB: AdminTab = 'create';

export const isAdminTab = (value: string | null | undefined): value is AdminTab =>
  ADMIN_TABS.some((t) => t.value === value);
