// The console's ten tabs (spec 3 §2), in order, with their on-screen labels.

export const ADMIN_TABS = [
  { value: 'create', label: 'create' },
  { value: 'analysis', label: 'analysis' },
  { value: 'alerts', label: 'alerts' },
  { value: 'history', label: 'history' },
  { value: 'signals', label: 'signals' },
  { value: 'chart-notes', label: 'CHARTS' },
  { value: 'blog-posts', label: 'BLOG' },
  { value: 'emails', label: 'emails' },
  { value: 'analytics', label: 'analytics' },
  { value: 'resources', label: 'T0 RESOURCES' },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]['value'];
export const DEFAULT_TAB: AdminTab = 'create';

export const isAdminTab = (value: string | null | undefined): value is AdminTab =>
  ADMIN_TABS.some((t) => t.value === value);
