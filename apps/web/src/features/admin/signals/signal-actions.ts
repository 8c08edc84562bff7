import { isFinishedStatus, SIGNAL_DELETE_GRACE_MS } from '@t0/contracts';

// Which lifecycle actions the console offers on a signal (the server decides in the end).

export type SignalAction = 'edit' | 'close' | 'cancel' | 'withdraw' | 'delete';

export function availableActions(s: { status: string; createdAt: string }, now = Date.now()): SignalAction[] {
  if (isFinishedStatus(s.status)) return [];
  const actions: SignalAction[] = ['edit'];
  if (s.status === 'active' || s.status === 'paused') actions.push('close');
  if (s.status === 'limit' || s.status === 'paused') actions.push('cancel');
  actions.push('withdraw');
  if (now - Date.parse(s.createdAt) < SIGNAL_DELETE_GRACE_MS) actions.push('delete');
  return actions;
}
